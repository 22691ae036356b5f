package tardy.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import tardy.classify.Grouping;

/** {@code tardy report}: percentiles per operation or per pause kind. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    versionProvider = Tardy.Version.class,
    description = "Percentiles per operation (access logs) or per pause kind (JVM logs).")
final class ReportCommand extends AnalysisCommand implements Callable<Integer> {

  ReportCommand(Streams streams) {
    super(streams);
  }

  @Override
  public Integer call() {
    render(analyze(Grouping.DEFAULT));
    return ExitCodes.OK;
  }
}
