package tardy.cli;

import picocli.CommandLine.Model.CommandSpec;

/** {@code --follow} and its settings, shared by report and check. */
final class FollowOptions implements Specs.Fields {

  static final long MIN_REFRESH_NANOS = 100_000_000L;

  boolean follow;
  long refreshNanos = 2_000_000_000L;
  long windowNanos = 300_000_000_000L;

  @Override
  public Object get(String field) {
    return switch (field) {
      case "follow" -> follow;
      case "refreshNanos" -> refreshNanos;
      case "windowNanos" -> windowNanos;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "follow" -> follow = (boolean) value;
      case "refreshNanos" -> refreshNanos = (long) value;
      case "windowNanos" -> windowNanos = (long) value;
      default -> throw Specs.noField(this, field);
    }
  }

  void addTo(CommandSpec command) {
    command.addOption(Specs.option(this, "follow", "--follow")
        .description("Keep reading the one input as it grows (a file followed by name through"
            + " rotations, or - for standard input) and show the report every --refresh: a"
            + " full-screen view on a terminal, else one JSON document per refresh (JSON lines).")
        .build());
    command.addOption(Specs.option(this, "refreshNanos", "--refresh").paramLabel("DURATION")
        .converters(new DurationConverter())
        .description("With --follow: how often the report is shown (default: 2s).").build());
    command.addOption(Specs.option(this, "windowNanos", "--window").paramLabel("DURATION")
        .converters(new DurationConverter())
        .description("With --follow: the sliding window, by arrival time (default: 5m); the totals"
            + " since the start are shown too.").build());
  }

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
    if (out.format != null && out.format != tardy.render.registry.OutputFormat.JSON
        && out.format != tardy.render.registry.OutputFormat.TABLE) {
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
