package tardy.parse.jvm;

import tardy.parse.Ascii;
import tardy.parse.EventSink;
import tardy.parse.LineParser;
import tardy.parse.Outcome;
import tardy.parse.PauseEvent;

/**
 * Parses JDK 6 to 8 logs written with {@code -XX:+PrintGCApplicationStoppedTime}: one pause per
 * stopped-time line, found anywhere in the line because another thread's output may precede it.
 * Everything else in such a log (GC details, application time, banners) is ignored, never counted
 * as a pause: the stopped-time line already covers the GC pause.
 */
final class Jdk8StoppedParser implements LineParser {

  static final Outcome APPLICATION_TIME =
      Outcome.ignored("application time (threads running between pauses)");
  static final Outcome ROTATION_HEADER = Outcome.ignored("GC log rotation header");
  static final Outcome OTHER =
      Outcome.ignored("no stopped time on this line (GC detail, banner or flags)");
  static final Outcome DAMAGED =
      Outcome.malformed("stopped-time text with its start lost (damaged or interleaved line)");
  static final Outcome BAD_DURATION =
      Outcome.malformed("stopped-time line without a readable non-negative duration in seconds");

  static final byte[] APPLICATION_TIME_MARKER = Ascii.bytes("Application time: ");
  private static final byte[] ROTATION_MARKER = Ascii.bytes(" GC log ");
  private static final byte[] NO_KIND = new byte[0];

  private final StoppedTime stopped = new StoppedTime();
  private final Jdk8Stamps stamps = new Jdk8Stamps();
  private final PauseEvent event = new PauseEvent();

  @Override
  public Outcome parse(byte[] buf, int from, int to, EventSink sink) {
    int marker = StoppedTime.find(buf, from, to);
    if (marker < 0) {
      return notAPause(buf, from, to);
    }
    if (!stopped.read(buf, marker, to)) {
      return BAD_DURATION;
    }
    stamps.scan(buf, from, marker);
    event
        .reset()
        .kind(NO_KIND, 0, 0) // JDK 8 does not name the VM operation
        .totalNanos(stopped.totalNanos)
        .timeToSafepointNanos(stopped.timeToSafepointNanos)
        .wallMillis(stamps.wallMillis)
        .uptimeMillis(stamps.uptimeMillis);
    sink.pause(event);
    return Outcome.PARSED;
  }

  private static Outcome notAPause(byte[] buf, int from, int to) {
    if (Ascii.indexOf(buf, from, to, APPLICATION_TIME_MARKER) >= 0) {
      return APPLICATION_TIME;
    }
    if (StoppedTime.isDamaged(buf, from, to)) {
      return DAMAGED;
    }
    if (Ascii.indexOf(buf, from, to, ROTATION_MARKER) >= 0 && isRotationHeader(buf, from, to)) {
      return ROTATION_HEADER;
    }
    return OTHER;
  }

  /** {@code 2019-02-01 02:14:27 GC log file created /path} and its siblings. */
  private static boolean isRotationHeader(byte[] buf, int from, int to) {
    return to - from > 20 && Ascii.isDigit(buf[from]) && buf[from + 4] == '-' && buf[from + 10] == ' '
        && Ascii.startsWith(buf, from + 19, to, ROTATION_MARKER);
  }
}
