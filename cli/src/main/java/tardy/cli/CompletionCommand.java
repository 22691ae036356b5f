package tardy.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

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
final class CompletionCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  private final Streams streams;

  CompletionCommand(Streams streams) {
    this.streams = streams;
  }

  @Override
  public Integer call() {
    String script = AutoComplete.bash("tardy", spec.root().commandLine());
    PrintStream out = new PrintStream(streams.stdout(), false, StandardCharsets.UTF_8);
    out.print(script);
    out.flush();
    return ExitCodes.OK;
  }
}
