package tardy.formats.w3c;

import java.nio.charset.StandardCharsets;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Outcome;

/**
 * Reads a W3C extended log in order: a {@code #Fields:} header sets the columns of the lines after
 * it, until the next one (IIS writes the header again each time the site restarts or its fields
 * change); the other directives ({@code #Software:}, {@code #Version:}, {@code #Date:}) are what
 * they are; a line before any header has the server's default columns.
 */
public final class W3cParser implements LineParser {

  static final Outcome DIRECTIVE = Outcome.ignored("a W3C directive (#Software, #Version, #Date, #Fields)");
  private static final String FIELDS = "#Fields:";

  private final W3cDialect dialect;
  private W3cColumns columns;

  public W3cParser(W3cDialect dialect) {
    this.dialect = dialect;
    this.columns = W3cColumns.byDefault(dialect);
  }

  @Override
  public Outcome parse(byte[] b, int from, int to, EventSink sink) {
    while (to > from && b[to - 1] == '\r') {
      to--;
    }
    if (to > from && b[from] == '#') {
      String line = new String(b, from, to - from, StandardCharsets.UTF_8);
      if (line.regionMatches(true, 0, FIELDS, 0, FIELDS.length())) {
        columns = W3cColumns.named(dialect, line.substring(FIELDS.length()));
      }
      return DIRECTIVE;
    }
    return columns.read(b, from, to, sink);
  }
}
