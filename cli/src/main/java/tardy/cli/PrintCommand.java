package tardy.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Spec;

/** A command that prints a text made from the whole command model (completion, manual page). */
@picocli.CommandLine.Command
abstract class PrintCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  private final Streams streams;

  PrintCommand(Streams streams) {
    this.streams = streams;
  }

  abstract String text(CommandLine root);

  @Override
  public Integer call() {
    PrintStream out = new PrintStream(streams.stdout(), false, StandardCharsets.UTF_8);
    out.print(text(spec.root().commandLine()));
    out.flush();
    return ExitCodes.OK;
  }
}
