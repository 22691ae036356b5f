package tardy.formats.wrap;

import tardy.events.Ascii;
import tardy.events.Outcome;

/**
 * Syslog headers, as nginx's {@code access_log syslog:} and {@code logger} send them and as
 * syslog daemons write them to files:
 *
 * <ul>
 *   <li>RFC 3164: {@code [<PRI>]Mmm dd hh:mm:ss HOST TAG[PID]: <line>}, also with an RFC 3339
 *       time in place of the BSD one (rsyslog's file format);
 *   <li>RFC 5424: {@code <PRI>1 TIME HOST APP PROCID MSGID STRUCTURED-DATA [BOM]<line>}.
 * </ul>
 */
public final class SyslogWrapper implements Wrapper {

  static final Outcome NOT_SYSLOG = Outcome.malformed("not a syslog line (RFC 3164 or RFC 5424 header)");

  /** Longer than any tag RFC 3164 allows (32) or a syslog daemon writes. */
  private static final int MAX_TAG = 128;

  private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

  @Override
  public String name() {
    return "syslog";
  }

  @Override
  public String description() {
    return "syslog lines: RFC 3164 (<PRI>Mmm dd hh:mm:ss host tag: <line>) or RFC 5424";
  }

  @Override
  public boolean joinsLines() {
    return false;
  }

  /** The HOSTNAME field: the machine that sent the line (a collector's file holds many). */
  @Override
  public boolean namesHosts() {
    return true;
  }

  @Override
  public Unwrapper newUnwrapper() {
    return new Unwrapper() {
      /** The header's HOSTNAME, {@code [from, to)}: set by the header's reader. */
      private final int[] host = new int[2];

      @Override
      public Outcome unwrap(byte[] b, int from, int to) {
        int i = afterPriority(b, from, to);
        int content = i > from && i + 2 <= to && b[i] == '1' && b[i + 1] == ' '
            ? rfc5424(b, i + 2, to, host)
            : rfc3164(b, i, to, host);
        if (content < 0) {
          return NOT_SYSLOG;
        }
        inner(b, content, to, false);
        if (!(host[1] == host[0] + 1 && b[host[0]] == '-')) { // RFC 5424's nil value: none
          host(host[0], host[1]);
        }
        return null;
      }
    };
  }

  /** After {@code <PRI>} (1 to 3 digits), or {@code from} when there is none. */
  private static int afterPriority(byte[] b, int from, int to) {
    if (from >= to || b[from] != '<') {
      return from;
    }
    int i = from + 1;
    while (i < to && i - from <= 3 && Ascii.isDigit(b[i])) {
      i++;
    }
    return i > from + 1 && i < to && b[i] == '>' ? i + 1 : from;
  }

  /** Where the message starts after a BSD header, or -1. */
  private static int rfc3164(byte[] b, int from, int to, int[] hostAt) {
    int i;
    if (to - from > 16 && b[from + 3] == ' ' && b[from + 6] == ' ' && b[from + 9] == ':'
        && b[from + 12] == ':' && b[from + 15] == ' ' && Ascii.isDigit(b[from + 5])
        && Character.isLetter(b[from]) && Ascii.isDigit(b[from + 7])) {
      i = from + 16;
    } else {
      int end = Rfc3339.end(b, from, to);
      if (end < 0 || end >= to || b[end] != ' ') {
        return -1;
      }
      i = end + 1;
    }
    int host = Ascii.indexOf(b, i, to, (byte) ' ');
    if (host <= i) {
      return -1;
    }
    hostAt[0] = i;
    hostAt[1] = host;
    int tag = host + 1;
    int colon = tag;
    while (colon < to && colon - tag < MAX_TAG && b[colon] != ':' && b[colon] != ' ') {
      colon++;
    }
    if (colon == tag || colon >= to || b[colon] != ':') {
      return -1;
    }
    return colon + 1 < to && b[colon + 1] == ' ' ? colon + 2 : colon + 1;
  }

  /** Where the message starts after the header fields that follow the version, or -1. */
  private static int rfc5424(byte[] b, int from, int to, int[] hostAt) {
    int i = from;
    if (i < to && b[i] == '-') {
      i++;
    } else {
      i = Rfc3339.end(b, i, to);
      if (i < 0) {
        return -1;
      }
    }
    for (int field = 0; field < 4; field++) { // host, app, procid, msgid
      if (i >= to || b[i] != ' ') {
        return -1;
      }
      int end = Ascii.indexOf(b, i + 1, to, (byte) ' ');
      if (end <= i + 1) {
        return -1;
      }
      if (field == 0) {
        hostAt[0] = i + 1;
        hostAt[1] = end;
      }
      i = end;
    }
    i = structuredDataEnd(b, i + 1, to);
    if (i < 0) {
      return -1;
    }
    if (i == to) {
      return to;
    }
    if (b[i] != ' ') {
      return -1;
    }
    i++;
    return Ascii.startsWith(b, i, to, BOM) ? i + BOM.length : i;
  }

  /** After {@code -} or a run of {@code [id key="value" …]} elements, or -1. */
  private static int structuredDataEnd(byte[] b, int from, int to) {
    if (from < to && b[from] == '-') {
      return from + 1;
    }
    int i = from;
    if (i >= to || b[i] != '[') {
      return -1;
    }
    while (i < to && b[i] == '[') {
      boolean quoted = false;
      i++;
      while (i < to && (quoted || b[i] != ']')) {
        if (quoted && b[i] == '\\') {
          i++;
        } else if (b[i] == '"') {
          quoted = !quoted;
        }
        i++;
      }
      if (i >= to) {
        return -1;
      }
      i++; // past ']'
    }
    return i;
  }

  @Override
  public String toString() {
    return name();
  }
}
