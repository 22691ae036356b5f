package tardy.formats.jvm;

import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.Family;
import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.Outcome;
import tardy.events.PauseEvent;
import tardy.events.Sample;

/**
 * JDK 6-10's {@code -XX:+PrintSafepointStatistics} (with {@code
 * -XX:PrintSafepointStatisticsCount=1}, a row each safepoint), as the JVM prints it to standard
 * output or, with {@code -XX:+LogVMOutput}, inside the XML of {@code -XX:LogFile}: each row is a
 * safepoint of its VM operation, its time to safepoint the row's {@code sync}, its stopped time
 * {@code sync + cleanup + vmop}, in whole milliseconds as the JVM cuts them. A GC log printed to
 * the same output is read as {@code jdk8-gc} instead (its stopped-time lines hold the same
 * safepoints).
 */
public final class SafepointStatisticsFormat implements LogFormat {

  static final byte[] HEADER_MARK = Ascii.bytes("[threads: total initially_running wait_to_block]");
  static final Outcome HEADER = Outcome.ignored("a -XX:+PrintSafepointStatistics header");
  static final Outcome OTHER = Outcome.ignored(
      "not a safepoint statistics row: the JVM's or the program's other output");
  static final Outcome UNREAD_ROW = Outcome.malformed("a safepoint statistics row not understood"
      + " (uptime: VM operation [3 thread counts] [spin block sync cleanup vmop] page traps)");

  @Override
  public String name() {
    return "jdk8-safepoint-stats";
  }

  @Override
  public String description() {
    return "JDK 6-10 -XX:+PrintSafepointStatistics rows (safepoints per VM operation, sync as the"
        + " time to safepoint, ms)";
  }

  @Override
  public Match detect(Sample sample) {
    int headers = 0;
    int rows = 0;
    int lines = 0;
    SafepointStatisticsRow row = new SafepointStatisticsRow();
    for (byte[] line : sample.nonBlankLines()) {
      lines++;
      if (Ascii.indexOf(line, 0, line.length, HEADER_MARK) >= 0) {
        headers++;
      } else if (row.read(line, 0, line.length)) {
        rows++;
      }
    }
    if (rows == 0) {
      return Match.NONE;
    }
    // the JVM's other output (LogVMOutput's XML, a program's own lines) surrounds the rows: a
    // header before them says what they are
    return headers > 0 ? Match.ofShare(Math.max(headers + rows, (lines + 1) / 2), lines)
        : Match.ofShare(rows, lines);
  }

  @Override
  public LineParser newParser() {
    return new Parser();
  }

  /** Pauses only. */
  @Override
  public boolean hasRequests() {
    return false;
  }

  private static final class Parser implements LineParser {

    private final SafepointStatisticsRow row = new SafepointStatisticsRow();
    private final PauseEvent event = new PauseEvent();

    @Override
    public Outcome parse(byte[] b, int from, int to, EventSink sink) {
      while (to > from && b[to - 1] == '\r') {
        to--;
      }
      if (row.read(b, from, to)) {
        sink.pause(event.reset().family(Family.SAFEPOINT).kind(b, row.kindFrom, row.kindTo)
            .totalNanos(row.stoppedMillis * 1_000_000L)
            .timeToSafepointNanos(row.syncMillis * 1_000_000L)
            .uptimeMillis(row.uptimeMillis));
        return Outcome.PARSED;
      }
      if (Ascii.indexOf(b, from, to, HEADER_MARK) >= 0) {
        return HEADER;
      }
      return SafepointStatisticsRow.looksLikeRow(b, from, to) ? UNREAD_ROW : OTHER;
    }
  }
}
