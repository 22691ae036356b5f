package tardy.parse.nginx;

import tardy.parse.Ascii;
import tardy.parse.EventSink;
import tardy.parse.LineParser;
import tardy.parse.Outcome;

/**
 * Reads a line by position: each variable runs up to the next literal of the format. Inside a
 * quoted field a quote after a backslash ({@code \"}, as escape=json and some user agents write
 * it) does not end the field; the last literal is matched at the end of the line, so the last
 * field may hold anything.
 *
 * <p>When the format ends in fields that never hold a space or a quote ({@code $request_time},
 * the upstream times, {@code $status}) after a run of skipped fields (the referer and user agent
 * of {@code combined}), those end fields are found from the end of the line and the skipped run is
 * not searched at all: the user agent is the longest field of a line and the one least worth
 * reading.
 */
final class PlanParser implements LineParser {

  private final byte[][] literals;
  private final Role[] roles;
  /** The first variable of the skipped run before the end fields; roles.length when none. */
  private final int skipFrom;
  /** The first of the end fields read backwards; roles.length when none. */
  private final int tailFrom;
  private final Fields fields = new Fields();

  PlanParser(FieldPlan plan) {
    this.literals = plan.literals();
    this.roles = plan.roles();
    int tail = roles.length;
    while (tail > 0 && roles[tail - 1].bare() && literals[tail - 1].length > 0) {
      tail--;
    }
    int skip = tail;
    while (skip > 0 && roles[skip - 1] == Role.OTHER) {
      skip--;
    }
    boolean worthIt = tail < roles.length && skip < tail;
    this.skipFrom = worthIt ? skip : roles.length;
    this.tailFrom = worthIt ? tail : roles.length;
  }

  @Override
  public Outcome parse(byte[] b, int from, int to, EventSink sink) {
    while (to > from && b[to - 1] == '\r') {
      to--;
    }
    byte[] first = literals[0];
    if (!Ascii.startsWith(b, from, to, first)) {
      return Fields.NO_MATCH;
    }
    fields.clear();
    int at = from + first.length;
    int last = roles.length - 1;
    if (skipFrom <= last) {
      return readTail(b, at, to) ? fields.emit(b, sink) : Fields.NO_MATCH;
    }
    for (int v = 0; v <= last; v++) {
      byte[] next = literals[v + 1];
      int end;
      if (v == last) {
        end = to - next.length;
        if (end < at || !Ascii.startsWith(b, end, to, next)) {
          return Fields.NO_MATCH;
        }
      } else {
        end = find(b, at, to, next);
        if (end < 0) {
          return Fields.NO_MATCH;
        }
      }
      if (roles[v] != Role.OTHER) {
        fields.set(roles[v], at, end);
      }
      at = end + next.length;
    }
    return fields.emit(b, sink);
  }

  /**
   * Reads the variables before the skipped run forwards from {@code at}, then the end fields
   * backwards from the end of the line; the skipped run is whatever lies between.
   */
  private boolean readTail(byte[] b, int at, int to) {
    int last = roles.length - 1;
    for (int v = 0; v < skipFrom; v++) {
      byte[] next = literals[v + 1];
      int end = find(b, at, to, next);
      if (end < 0) {
        return false;
      }
      if (roles[v] != Role.OTHER) {
        fields.set(roles[v], at, end);
      }
      at = end + next.length;
    }
    byte[] closing = literals[last + 1];
    int end = to - closing.length;
    if (end < at || !Ascii.startsWith(b, end, to, closing)) {
      return false;
    }
    for (int v = last; v >= tailFrom; v--) {
      byte[] before = literals[v];
      int start = findLast(b, at, end, before);
      if (start < 0) {
        return false;
      }
      fields.set(roles[v], start + before.length, end);
      end = start;
    }
    return true;
  }

  /** The last {@code literal} in {@code b[from, to)} that is not an escaped quote nor inside a list, or -1. */
  private static int findLast(byte[] b, int from, int to, byte[] literal) {
    for (int i = Ascii.lastIndexOf(b, from, to, literal); i >= 0;
        i = Ascii.lastIndexOf(b, from, i + literal.length - 1, literal)) {
      if (!(literal[0] == '"' && escaped(b, from, i))
          && !(literal[0] == ' ' && insideList(b, from, i, to))) {
        return i;
      }
    }
    return -1;
  }

  /** The first {@code literal} in {@code b[from, to)} that is not an escaped quote, or -1. */
  private static int find(byte[] b, int from, int to, byte[] literal) {
    int limit = to - literal.length;
    for (int i = Ascii.indexOf(b, from, limit + 1, literal[0]); i >= 0;
        i = Ascii.indexOf(b, i + 1, limit + 1, literal[0])) {
      if (Ascii.startsWith(b, i, to, literal) && !(literal[0] == '"' && escaped(b, from, i))
          && !(literal[0] == ' ' && insideList(b, from, i, to))) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Whether the space at {@code at} separates members of an nginx list ({@code a, b} for retries,
   * {@code a : b} for redirects) rather than two fields: lists in space-separated formats stay whole.
   */
  private static boolean insideList(byte[] b, int fieldFrom, int at, int to) {
    return at > fieldFrom && b[at - 1] == ','
        || at + 2 < to && b[at + 1] == ':' && b[at + 2] == ' '
        || at - 1 > fieldFrom && b[at - 1] == ':' && b[at - 2] == ' ';
  }

  /** Whether an odd number of backslashes precedes {@code at} (within the field). */
  private static boolean escaped(byte[] b, int fieldFrom, int at) {
    int n = 0;
    for (int i = at - 1; i >= fieldFrom && b[i] == '\\'; i--) {
      n++;
    }
    return (n & 1) == 1;
  }
}
