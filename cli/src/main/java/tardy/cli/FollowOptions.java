package tardy.cli;

import picocli.CommandLine.Option;

/** {@code --follow} and its settings, shared by report and check. */
final class FollowOptions {

  static final long MIN_REFRESH_NANOS = 100_000_000L;

  @Option(names = "--follow",
      description = "Keep reading the one input as it grows (a file followed by name through"
          + " rotations, or - for standard input) and show the report every --refresh: a"
          + " full-screen view on a terminal, else one JSON document per refresh (JSON lines).")
  boolean follow;

  @Option(names = "--refresh", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "With --follow: how often the report is shown (default: 2s).")
  long refreshNanos = 2_000_000_000L;

  @Option(names = "--window", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "With --follow: the sliding window, by arrival time (default: 5m); the totals"
          + " since the start are shown too.")
  long windowNanos = 300_000_000_000L;

  /** Refuses what a live run cannot do, before anything is opened. */
  void validate(InputOptions in, OutputOptions out) {
    if (in.inputs.size() != 1) {
      throw new UserError("--follow reads one input (a file or -), not " + in.inputs.size());
    }
    if (in.rejects != null) {
      throw new UserError("--rejects cannot be used with --follow: a live run never finishes a file");
    }
    if (out.output != null) {
      throw new UserError("--output cannot be used with --follow: it writes to standard output");
    }
    if (out.format != null && out.format != tardy.report.OutputFormat.JSON
        && out.format != tardy.report.OutputFormat.TABLE) {
      throw new UserError("--follow shows a table on a terminal or writes JSON lines, not "
          + out.format.label());
    }
    if (refreshNanos < MIN_REFRESH_NANOS) {
      throw new UserError("--refresh must be at least 100ms");
    }
    if (windowNanos < refreshNanos) {
      throw new UserError("--window must be at least as long as --refresh");
    }
  }
}
