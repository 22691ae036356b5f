package tardy.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tardy man}: the manual page tardy(1), written from the command model in roff. */
final class ManCommand extends PrintCommand {

  ManCommand(Streams streams) {
    super(streams);
  }

  @Override
  CommandSpec spec() {
    return spec("man", "Print the manual page tardy(1) in roff.",
        "Install it with: tardy man > ~/.local/share/man/man1/tardy.1");
  }

  @Override
  String text(CommandLine root) {
    return ManPage.of(root.getCommandSpec(), Tardy.Version.get());
  }
}
