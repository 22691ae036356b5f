package tardy.formats.aws;

import java.nio.charset.StandardCharsets;
import tardy.events.EventSink;
import tardy.events.ForwardingLineParser;
import tardy.events.LineParser;
import tardy.events.Outcome;

/**
 * Reads CloudFront's lines with the standard plan, its {@code #Version:} and {@code #Fields:}
 * headers as what they are, and refuses the lines after a {@code #Fields:} header that names other
 * columns than the standard ones (a real-time log's or a tool's own selection), rather than read
 * each field as the wrong one.
 */
final class CloudFrontParser extends ForwardingLineParser {

  static final Outcome HEADER = Outcome.ignored("a header line (#Version, #Fields)");
  static final Outcome OTHER_COLUMNS = Outcome.malformed(
      "its #Fields header names other columns than CloudFront's standard log");

  private boolean otherColumns;

  CloudFrontParser(LineParser inner) {
    super(inner);
  }

  @Override
  public Outcome parse(byte[] b, int from, int to, EventSink sink) {
    if (to > from && b[from] == '#') {
      String line = new String(b, from, to - from, StandardCharsets.UTF_8);
      if (line.startsWith("#Fields:")) {
        otherColumns = !standard(line.substring("#Fields:".length()).strip());
      }
      return HEADER;
    }
    return otherColumns ? OTHER_COLUMNS : inner.parse(b, from, to, sink);
  }

  private static boolean standard(String names) {
    String[] columns = names.split("\\s+");
    if (columns.length < CloudFrontFormat.COLUMNS.length) {
      return false;
    }
    for (int c = 0; c < CloudFrontFormat.COLUMNS.length; c++) {
      if (!columns[c].equals(CloudFrontFormat.COLUMNS[c])) {
        return false;
      }
    }
    return true;
  }
}
