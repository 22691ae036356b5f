package tardy.report;

import java.nio.file.Path;
import java.util.List;
import tardy.classify.Analysis;
import tardy.classify.Grouping;
import tardy.classify.Pipeline;
import tardy.classify.Recorder;
import tardy.classify.Result;
import tardy.parse.io.Input;

/** Analyses of the repository's sample logs, read the way {@code tardy report} reads them. */
public final class Samples {

  private Samples() {}

  /** {@code name} is a file under {@code samples/}, e.g. {@code shop-access.log}. */
  public static Analysis analysis(String name) {
    Path log = Path.of("..", "samples", name); // tests run in the module's directory
    return new Pipeline(Pipeline.Options.defaults())
        .run(List.of(Input.file(log)), Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS))
        .analyze("tardy 0.1.0");
  }
}
