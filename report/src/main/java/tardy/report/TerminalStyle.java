package tardy.report;

/** Whether the table may use colour (only on a terminal, never with NO_COLOR set). */
public record TerminalStyle(boolean colour) {
  public static final TerminalStyle PLAIN = new TerminalStyle(false);
}
