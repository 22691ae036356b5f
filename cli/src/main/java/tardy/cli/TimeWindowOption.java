package tardy.cli;

import tardy.run.LogEnd;

import java.time.format.DateTimeParseException;
import java.util.OptionalLong;
import picocli.CommandLine.Model.CommandSpec;
import tardy.run.Plan;
import tardy.record.window.TimeWindow;
import tardy.analysis.requirements.DurationText;
import tardy.events.Times;

/** {@code --from} and {@code --to}: the events a run keeps, by their logged time. */
final class TimeWindowOption implements Specs.Fields {

  String from;
  String to;

  @Override
  public Object get(String field) {
    return switch (field) {
      case "from" -> from;
      case "to" -> to;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "from" -> from = (String) value;
      case "to" -> to = (String) value;
      default -> throw Specs.noField(this, field);
    }
  }

  void addTo(CommandSpec command) {
    command.addOption(Specs.option(this, "from", "--from").paramLabel("TIME|DURATION")
        .description("Keep events logged at or after TIME (ISO-8601 with offset, e.g."
            + " 2026-11-23T14:00:00+01:00), or DURATION before the end of the log (e.g. 20m)."
            + " Lines outside are counted as such.").build());
    command.addOption(Specs.option(this, "to", "--to").paramLabel("TIME|DURATION")
        .description("Keep events logged before TIME, or before DURATION before the end of the"
            + " log.").build());
  }

  /** Whether a window was asked for. */
  boolean given() {
    return from != null || to != null;
  }

  /** Refuses a bound that cannot be read, before any input is: a typo must not cost a read. */
  void validate() {
    bound("--from", from);
    bound("--to", to);
  }

  /** The window on this plan, or null when none was asked for. */
  TimeWindow window(Plan plan, OptionalLong jvmStart) {
    if (!given()) {
      return null;
    }
    TimeWindow.Bound lower = bound("--from", from);
    TimeWindow.Bound upper = bound("--to", to);
    if (lower != null && upper != null && lower.beforeEnd() == upper.beforeEnd()
        && (lower.beforeEnd() ? lower.millis() <= upper.millis() : upper.millis() <= lower.millis())) {
      throw new UserError("--to " + to + " is not after --from " + from + ": the window is empty");
    }
    try {
      return LogEnd.window(lower, upper, plan, jvmStart.orElse(Times.NONE));
    } catch (IllegalArgumentException e) {
      throw new UserError("--from " + from + " --to " + to + ": the window is empty on this log", e);
    }
  }

  /** A time with its offset, or a duration before the end of the log; null when not given. */
  static TimeWindow.Bound bound(String option, String text) {
    if (text == null) {
      return null;
    }
    String t = text.strip();
    String duration = t.startsWith("-") ? t.substring(1) : t; // "-20m" reads as "20m before"
    if (duration.matches("[0-9.]+[a-z]+")) {
      try {
        return TimeWindow.Bound.beforeEnd(DurationText.parse(duration) / 1_000_000);
      } catch (IllegalArgumentException e) {
        throw new UserError(option + ": " + e.getMessage(), e);
      }
    }
    try {
      return TimeWindow.Bound.at(StartTimeOption.isoEpochMillis(option, t));
    } catch (DateTimeParseException e) {
      throw new UserError(option + ": '" + text + "' is neither a time with its offset (e.g."
          + " 2026-11-23T14:00:00Z or 2026-11-23T14:00:00+01:00: the log's zone is not known"
          + " before it is read) nor a duration before the end of the log (e.g. 20m, 1h)", e);
    }
  }
}
