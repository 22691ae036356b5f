package tardy.cli;

import picocli.CommandLine.Model.CommandSpec;

/** {@code --interval} of report and check: percentiles per interval of the log's clock. */
final class IntervalOption implements Specs.Fields {

  Long nanos;

  @Override
  public Object get(String field) {
    return switch (field) {
      case "nanos" -> nanos;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "nanos" -> nanos = (Long) value;
      default -> throw Specs.noField(this, field);
    }
  }

  void addTo(CommandSpec command) {
    command.addOption(Specs.option(this, "nanos", "--interval").paramLabel("DURATION")
        .converters(new DurationConverter())
        .description("Also show percentiles per interval of the log's clock (e.g. 1m), aligned"
            + " like tardy hlog's: the top operations and each total in the table and HTML, every"
            + " operation in JSON and CSV. At most 1,000 intervals; a finer one is refused in a"
            + " note.").build());
  }

  /** The interval in milliseconds; 0 when not asked for. */
  long millis() {
    if (nanos == null) {
      return 0;
    }
    if (nanos < 1_000_000L || nanos % 1_000_000L != 0) {
      throw new UserError("--interval must be a whole number of milliseconds, at least 1ms");
    }
    return nanos / 1_000_000L;
  }
}
