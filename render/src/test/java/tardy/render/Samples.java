package tardy.render;

import tardy.analysis.Analyzer;

import java.nio.file.Path;
import java.util.List;
import tardy.analysis.Analysis;
import tardy.record.grouping.Grouping;
import tardy.run.Pipeline;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.events.input.Input;

/** Analyses of the repository's sample logs, read the way {@code tardy report} reads them. */
public final class Samples {

  private Samples() {}

  /** {@code name} is a file under {@code samples/}, e.g. {@code shop-access.log}. */
  public static Analysis analysis(String name) {
    return analysisOf(Path.of("..", "samples", name)); // tests run in the module's directory
  }

  /** A log read the way {@code tardy report} reads it (ids folded). */
  public static Analysis analysisOf(Path log) {
    return Analyzer.analyze("tardy 1.0.0", new Pipeline(Pipeline.Options.defaults())
        .run(List.of(Input.file(log)), Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS)));
  }
}
