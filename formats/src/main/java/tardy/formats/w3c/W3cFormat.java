package tardy.formats.w3c;

import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.Sample;

/**
 * A server's W3C extended log: its lines read in the columns their {@code #Fields:} header names,
 * by {@link W3cParser}. A subclass names the server and gives its {@link W3cDialect}.
 */
public abstract class W3cFormat implements LogFormat {

  private final String name;
  private final String description;
  private final W3cDialect dialect;

  protected W3cFormat(String name, String description, W3cDialect dialect) {
    this.name = name;
    this.description = description;
    this.dialect = dialect;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public LineParser newParser() {
    return new W3cParser(dialect);
  }

  /**
   * Graded on its records, each in the columns of the header before it: the directives of a short
   * file would keep it below full, and a header naming its own columns is how the file is read.
   */
  @Override
  public Match detect(Sample sample) {
    LineParser parser = newParser();
    int records = 0;
    int read = 0;
    for (byte[] line : sample.nonBlankLines()) {
      boolean parsed = parser.parse(line, 0, line.length, EventSink.DISCARD).isParsed();
      if (line[0] != '#') {
        records++;
        read += parsed ? 1 : 0;
      }
    }
    return Match.ofShare(read, records);
  }

  /** A {@code #Fields:} header changes how the lines after it read: read in order. */
  @Override
  public boolean linesIndependent(Sample sample) {
    return false;
  }
}
