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
    m.append(EXAMPLES).append(REQUIREMENTS);
    m.append(".SH EXIT STATUS\n");
    root.usageMessage().exitCodeList().forEach((code, meaning) ->
        m.append(".TP\n\\fB").append(roff(code.trim())).append("\\fR\n").append(roff(meaning)).append('\n'));
    m.append(".SH ENVIRONMENT\n.TP\n\\fBNO_COLOR\\fR\nNo colour and no progress display.\n")
        .append(".TP\n\\fBTARDY_JAVA_OPTS\\fR\nJVM options for the launcher (default -Xmx256m).\n");
    m.append(".SH SEE ALSO\nThe README of the tardy repository; \\fBtardy help\\fR \\fICOMMAND\\fR.\n");
    return m.toString();
  }

  /** Everyday commands on the files of samples/, which a test runs; as roff, verbatim. */
  private static final String EXAMPLES = """
      .SH EXAMPLES
      Latency percentiles per operation of an nginx access log (any log_format: it is recognised):
      .PP
      .nf
      .RS
      tardy report samples/shop\\-access.log
      .RE
      .fi
      .PP
      Judge it against a requirements file; exit 1 when a budget fails (a CI job or cron gates on it):
      .PP
      .nf
      .RS
      tardy check \\-\\-requirements samples/shop\\-requirements.yaml samples/shop\\-access.log
      .RE
      .fi
      .PP
      GC and safepoint pauses per kind, the findings about the worst, and the time they stopped:
      .PP
      .nf
      .RS
      tardy report samples/gc\\-g1\\-jdk17.log samples/safepoint\\-jdk17.log
      .RE
      .fi
      .PP
      The same as JSON, or one self\\-contained HTML page:
      .PP
      .nf
      .RS
      tardy report \\-\\-format json samples/shop\\-access.log
      tardy report \\-\\-format html \\-o report.html samples/shop\\-access.log
      .RE
      .fi
      .PP
      Pause intervals for HistogramLogAnalyzer:
      .PP
      .nf
      .RS
      tardy hlog \\-o pauses.hlog samples/gc\\-g1\\-jdk17.log
      .RE
      .fi
      .PP
      Follow a log as nginx writes it, the table redrawn every few seconds:
      .PP
      .nf
      .RS
      tardy report \\-\\-follow /var/log/nginx/access.log
      .RE
      .fi
      """;

  /** The requirements file of {@code --requirements}: its keys, units and matching rules. */
  private static final String REQUIREMENTS = """
      .SH REQUIREMENTS
      A requirements file (YAML, version 1) names operations, puts each in a category, and may add
      budgets. The first operation that matches wins:
      .PP
      .nf
      .RS
      version: 1
      categories:                 # optional: these are the defaults
        instant:   { limit: 100ms }
        seamless:  { limit: 1s }
        attention: { limit: 10s }
        slow:      { }            # judged only where budgets are given
      operations:
        \\- name: Browse products
          request: GET /product/{id}   # {x}: one path segment; **: the rest
          category: instant
          budgets: { p99: 500ms }      # adds to, or overrides, the category's
        \\- name: Young GC
          pause: 'Pause Young*'        # a pause kind or VM operation; * is a wildcard
          category: instant
          budgets: { max: 50ms }
          optional: true               # no data is not a failure
      unmatched: { category: attention }   # optional: judge every other operation too
      .RE
      .fi
      .PP
      A category's \\fBlimit\\fR is its p90 budget. Budget keys: \\fBp50\\fR ... \\fBp99.999\\fR and
      \\fBmax\\fR. Durations: 100ns, 250us, 250ms, 1.5s, 2m, 1h. A budget passes when the measured
      value is within its limit (equal passes). A budget at percentile p needs
      100/(100\\-p) samples (p99: 100), else it is insufficient, which neither fails nor passes a
      check alone. A requirement that nothing matched is NO DATA and fails, unless it is
      \\fBoptional\\fR; a check that judged nothing exits 2. Each mistake in the file is reported as
      file:line:column before any log is read.
      .PP
      JVM runs are judged, and the GC findings' thresholds set, by a \\fBheap:\\fR mapping (a file
      with only it needs no operations; every key is optional, the values shown are the defaults
      of the thresholds):
      .PP
      .nf
      .RS
      heap:
        throughput: { min: 95% }          # each run's share of time not stopped by GC pauses
        allocation_rate: { max: 1GB/s }   # KB, MB, GB: powers of 1000; KiB, MiB, GiB: of 1024
        thresholds:
          long_pause: 400ms               # a long GC pause (allocation before long pauses)
          pauseless_long_pause: 30ms      # the same with ZGC or Shenandoah
          low_throughput: 90%             # a run's throughput under it is a finding
          sys_share: 50%                  # a GC pause's sys CPU above it of user + sys
                                          #   (and at least 50 ms) is kernel time; 0% to 99%
      .RE
      .fi
      """;

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
