package tardy.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code tardy man}: the manual page tardy(1), written from the command model in roff. */
@Command(
    name = "man",
    mixinStandardHelpOptions = true,
    versionProvider = Tardy.Version.class,
    description = {"Print the manual page tardy(1) in roff.",
        "Install it with: tardy man > ~/.local/share/man/man1/tardy.1"})
final class ManCommand extends PrintCommand {

  ManCommand(Streams streams) {
    super(streams);
  }

  @Override
  String text(CommandLine root) {
    return ManPage.of(root.getCommandSpec(), Tardy.Version.get());
  }
}
