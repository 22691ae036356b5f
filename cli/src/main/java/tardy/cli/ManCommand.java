package tardy.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/** {@code tardy man}: the manual page tardy(1), written from the command model in roff. */
@Command(
    name = "man",
    mixinStandardHelpOptions = true,
    versionProvider = Tardy.Version.class,
    description = {"Print the manual page tardy(1) in roff.",
        "Install it with: tardy man > ~/.local/share/man/man1/tardy.1"})
final class ManCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  private final Streams streams;

  ManCommand(Streams streams) {
    this.streams = streams;
  }

  @Override
  public Integer call() {
    PrintStream out = new PrintStream(streams.stdout(), false, StandardCharsets.UTF_8);
    out.print(ManPage.of(spec.root(), Tardy.Version.get()));
    out.flush();
    return ExitCodes.OK;
  }
}
