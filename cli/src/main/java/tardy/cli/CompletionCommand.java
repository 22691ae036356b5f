package tardy.cli;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code tardy completion}: a bash completion script generated from the command model, so it
 * never lags behind the options. zsh runs it through bashcompinit, which the script loads itself.
 */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    versionProvider = Tardy.Version.class,
    description = {"Print the shell completion script for bash and zsh.",
        "Load it with: source <(tardy completion)   (in ~/.bashrc or ~/.zshrc)"})
final class CompletionCommand extends PrintCommand {

  CompletionCommand(Streams streams) {
    super(streams);
  }

  @Override
  String text(CommandLine root) {
    return AutoComplete.bash("tardy", root);
  }
}
