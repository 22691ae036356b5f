package tardy.report;

import java.nio.file.Path;
import java.util.List;
import tardy.classify.Analysis;
import tardy.classify.Analyzer;
import tardy.classify.Grouping;
import tardy.classify.Pipeline;
import tardy.classify.Recorder;
import tardy.parse.io.Input;

/** Analyses of the repository's sample logs, read the way {@code tardy report} reads them. */
public final class Samples {

  private Samples() {}

  /** {@code name} is a file under {@code samples/}, e.g. {@code shop-access.log}. */
  public static Analysis analysis(String name) {
    Path log = Path.of("..", "samples", name); // tests run in the module's directory
    Pipeline.Result<Recorder> result = new Pipeline<>(Pipeline.Sinks.of(
        () -> new Recorder(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS), Recorder::add),
        Pipeline.Options.defaults()).run(List.of(Input.file(log)));
    return Analyzer.analyze("tardy 0.1.0", result.sink(), result.inputs());
  }
}
