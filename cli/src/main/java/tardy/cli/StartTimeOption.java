package tardy.cli;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.OptionalLong;
import picocli.CommandLine.Model.CommandSpec;
import tardy.events.Limits;

/** {@code --start-time}: when the JVM started, for JVM logs that give uptime only. */
final class StartTimeOption implements Specs.Fields {

  String text;

  @Override
  public Object get(String field) {
    return switch (field) {
      case "text" -> text;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "text" -> text = (String) value;
      default -> throw Specs.noField(this, field);
    }
  }

  void addTo(CommandSpec command) {
    command.addOption(Specs.option(this, "text", "--start-time").paramLabel("ISO-8601")
        .description("When the JVM started (uptime 0), e.g. 2024-05-01T10:00:00Z: puts a JVM log"
            + " that has uptime but no dates on the wall clock, for the timeline beside an"
            + " access log, --from/--to and hlog. Default: the timeline places its pauses by the"
            + " log's own lines that give both a date and the uptime, if any; --from/--to leave"
            + " them out; hlog writes seconds of uptime.").build());
  }

  /** The start as epoch milliseconds; empty when not given. */
  OptionalLong epochMillis() {
    if (text == null) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(isoEpochMillis("--start-time", text));
    } catch (DateTimeParseException e) {
      throw new UserError("--start-time: '" + text
          + "' is not an ISO-8601 time with offset, e.g. 2024-05-01T10:00:00Z", e);
    }
  }

  /**
   * An ISO-8601 time with its offset ({@code 2024-05-01T12:00:00+02:00}) or in UTC ({@code …Z}),
   * as epoch milliseconds: the one reader of times on the command line. A time outside {@link
   * Limits#TIME_RANGE} is a usage error naming {@code option}.
   */
  static long isoEpochMillis(String option, String text) {
    Instant t;
    try {
      t = OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      t = Instant.parse(text);
    }
    // compared as seconds: the epoch milliseconds of year ±999999999 overflow a long
    long seconds = t.getEpochSecond();
    if (seconds < Math.floorDiv(Limits.TIME_MIN_MILLIS, 1000)
        || seconds > Math.floorDiv(Limits.TIME_MAX_MILLIS, 1000)) {
      throw new UserError(option + ": '" + text + "' is outside the times tardy reads, "
          + Limits.TIME_RANGE);
    }
    return t.toEpochMilli();
  }
}
