package tardy.cli;

import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * A roff manual page made from picocli's model: the same names, labels and descriptions as
 * {@code --help}, so the two cannot disagree. One section per command, then the exit codes.
 */
final class ManPage {

  private ManPage() {}

  static String of(CommandSpec root, String version) {
    StringBuilder m = new StringBuilder();
    m.append(".TH TARDY 1 \"\" \"tardy ").append(roff(version)).append("\" \"User Commands\"\n");
    m.append(".SH NAME\ntardy \\- ").append(roff(first(root.usageMessage()))).append('\n');
    m.append(".SH SYNOPSIS\n");
    for (CommandSpec sub : subcommands(root)) {
      m.append(".B tardy ").append(sub.name()).append("\n[\\fIOPTIONS\\fR]");
      for (PositionalParamSpec p : sub.positionalParameters()) {
        m.append(" \\fI").append(roff(p.paramLabel())).append("\\fR")
            .append(p.arity().max() > 1 ? "..." : "");
      }
      m.append("\n.br\n");
    }
    m.append(".SH DESCRIPTION\n").append(roff(String.join(" ", root.usageMessage().description())))
        .append('\n');
    m.append(".SH COMMANDS\n");
    for (CommandSpec sub : subcommands(root)) {
      m.append(".SS tardy ").append(sub.name()).append('\n')
          .append(roff(String.join(" ", sub.usageMessage().description()))).append('\n');
      for (OptionSpec o : sub.options()) {
        if (o.hidden()) {
          continue;
        }
        m.append(".TP\n\\fB").append(roff(String.join(", ", o.names()))).append("\\fR");
        if (!o.paramLabel().isEmpty() && o.arity().max() > 0) {
          m.append(" \\fI").append(roff(o.paramLabel())).append("\\fR");
        }
        m.append('\n').append(roff(String.join(" ", o.description()).replace("${DEFAULT-VALUE}",
            String.valueOf(o.defaultValueString())).replace("${COMPLETION-CANDIDATES}",
            candidates(o)))).append('\n');
      }
    }
    m.append(".SH EXIT STATUS\n");
    root.usageMessage().exitCodeList().forEach((code, meaning) ->
        m.append(".TP\n\\fB").append(roff(code.trim())).append("\\fR\n").append(roff(meaning)).append('\n'));
    m.append(".SH ENVIRONMENT\n.TP\n\\fBNO_COLOR\\fR\nNo colour and no progress display.\n")
        .append(".TP\n\\fBTARDY_JAVA_OPTS\\fR\nJVM options for the launcher (default -Xmx256m).\n");
    m.append(".SH SEE ALSO\nThe README of the tardy repository; \\fBtardy help\\fR \\fICOMMAND\\fR.\n");
    return m.toString();
  }

  private static List<CommandSpec> subcommands(CommandSpec root) {
    return root.subcommands().values().stream().map(c -> c.getCommandSpec()).distinct().toList();
  }

  private static String first(UsageMessageSpec usage) {
    return usage.description().length == 0 ? "" : usage.description()[0];
  }

  private static String candidates(OptionSpec o) {
    if (o.completionCandidates() == null) {
      return "";
    }
    StringBuilder s = new StringBuilder();
    for (String c : o.completionCandidates()) {
      s.append(s.length() == 0 ? "" : ", ").append(c);
    }
    return s.toString();
  }

  /**
   * Text as roff prints it: backslashes and hyphens escaped, characters beyond ASCII named by
   * their code point, a leading dot or quote made literal.
   */
  static String roff(String text) {
    StringBuilder ascii = new StringBuilder();
    text.replace("\\", "\\e").replace("-", "\\-").codePoints().forEach(c -> ascii.append(
        c < 128 ? Character.toString(c) : String.format(Locale.ROOT, "\\[u%04X]", c)));
    String s = ascii.toString();
    StringBuilder out = new StringBuilder();
    for (String line : s.split("\n", -1)) {
      out.append(out.length() == 0 ? "" : "\n")
          .append(line.startsWith(".") || line.startsWith("'") ? "\\&" + line : line);
    }
    return out.toString();
  }
}
