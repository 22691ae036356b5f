package tardy.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** A command that prints a text made from the whole command model (completion, manual page). */
abstract class PrintCommand implements Callable<Integer> {

  private CommandSpec spec;

  private final Streams streams;

  PrintCommand(Streams streams) {
    this.streams = streams;
  }

  /** This command, named and described: it has no options but help and version. */
  CommandSpec spec(String name, String... description) {
    spec = Specs.help(Specs.command(this, name, description));
    return spec;
  }

  abstract CommandSpec spec();

  abstract String text(CommandLine root);

  @Override
  public Integer call() {
    PrintStream out = new PrintStream(streams.stdout(), false, StandardCharsets.UTF_8);
    out.print(text(spec.root().commandLine()));
    out.flush();
    return ExitCodes.OK;
  }
}
