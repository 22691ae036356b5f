package tardy.cli;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code tardy completion}: a bash completion script generated from the command model, so it
 * never lags behind the options. zsh runs it through bashcompinit, which the script loads itself.
 */
final class CompletionCommand extends PrintCommand {

  CompletionCommand(Streams streams) {
    super(streams);
  }

  @Override
  CommandSpec spec() {
    return spec("completion", "Print the shell completion script for bash and zsh.",
        "Load it with: source <(tardy completion)   (in ~/.bashrc or ~/.zshrc)");
  }

  @Override
  String text(CommandLine root) {
    return AutoComplete.bash("tardy", root);
  }
}
