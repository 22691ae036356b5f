package tardy.formats.jvm;

import java.util.Optional;
import tardy.events.Ascii;

/**
 * The host a JVM's unified log names with the {@code hostname} decorator
 * ({@code -Xlog:gc*:file=gc.log:time,uptime,level,tags,hostname} prints
 * {@code [2026-11-29T10:33:27.725+0000][0.023s][web-07][info][gc] Using G1}): read from a log's
 * first lines, once per input, for the histogram table's {@code host} column where the path names
 * none. The JVM prints its decorators in a fixed order (times, hostname, pid, tid, level, tags),
 * so the hostname is the first bracket after the times that is neither a number (pid, tid) nor a
 * level; a log without the decorator names no host.
 */
public final class LoggedHost {

  /** Lines looked at: a log's first decorated line carries it when the decorator is on. */
  private static final int LINES = 20;

  private final DateStamp date = new DateStamp();

  /** The host the first decorated lines of {@code head} name, if any. */
  public static Optional<String> of(byte[] head, int length) {
    LoggedHost reader = new LoggedHost();
    int from = 0;
    for (int n = 0; n < LINES && from < length; n++) {
      int end = Ascii.indexOf(head, from, length, (byte) '\n');
      int to = end < 0 ? length : end;
      String host = reader.onLine(head, from, Ascii.withoutReturn(head, from, to));
      if (host != null) {
        return Optional.of(host);
      }
      if (end < 0) {
        break;
      }
      from = end + 1;
    }
    return Optional.empty();
  }

  /**
   * The hostname decorator of one line, or null. The first word is the hostname when the level
   * or another word (the tags) follows it: a word alone may be the tags.
   */
  private String onLine(byte[] b, int from, int to) {
    String word = null;
    int i = from;
    while (i < to && b[i] == '[') {
      int close = Ascii.indexOf(b, i + 1, to, (byte) ']');
      if (close < 0) {
        return null;
      }
      int s = Ascii.skipSpaces(b, i + 1, close);
      int e = close;
      while (e > s && b[e - 1] == ' ') {
        e--;
      }
      if (s == e) {
        return null;
      }
      if (isLevel(b, s, e)) {
        return word; // the level comes after the hostname
      } else if (word == null && (isTime(b, s, e) || Ascii.parseUnsignedLong(b, s, e) >= 0)) {
        // a time, or a pid or tid
      } else if (isHostName(b, s, e)) {
        if (word != null) {
          return word; // then the tags
        }
        word = Ascii.text(b, s, e);
      } else {
        return null;
      }
      i = close + 1;
    }
    return null;
  }

  private boolean isTime(byte[] b, int s, int e) {
    if (date.read(b, s, e) && date.end == e) {
      return true;
    }
    int digitsEnd = e;
    if (e - s > 2 && b[e - 1] == 's' && (b[e - 2] == 'm' || b[e - 2] == 'n')) {
      digitsEnd = e - 2;
    } else if (b[e - 1] == 's') {
      return Ascii.parseDecimalNanos(b, s, e - 1, Ascii.SECONDS) >= 0;
    } else {
      return false;
    }
    return Ascii.parseUnsignedLong(b, s, digitsEnd) >= 0;
  }

  private static boolean isLevel(byte[] b, int s, int e) {
    for (String level : new String[] {"trace", "debug", "info", "warning", "error"}) {
      if (Ascii.equals(b, s, e, Ascii.bytes(level))) {
        return true;
      }
    }
    return false;
  }

  /** RFC 1123 host names: letters, digits, dashes and dots, not all digits. */
  private static boolean isHostName(byte[] b, int s, int e) {
    for (int i = s; i < e; i++) {
      byte c = b[i];
      if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || Ascii.isDigit(c) || c == '.'
          || c == '-' || c == '_')) {
        return false;
      }
    }
    return true;
  }
}
