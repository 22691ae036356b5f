package tardy.formats.fields;

import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.Reasons;

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
public final class PlanParser implements LineParser {

  private final Literal[] literals;
  private final Role[] roles;
  /** Variables {@code [0, forward)} are found from the start of the line. */
  private final int forward;
  /** Variables {@code [backward, roles.length)} are found from its end; between them, skipped. */
  private final int backward;
  private final Fields fields;
  private final Outcome noMatch;

  public PlanParser(FieldPlan plan) {
    this.fields = new Fields(plan);
    this.noMatch = plan.dialect().noMatch();
    this.roles = plan.roles();
    this.literals = new Literal[plan.literals().length];
    for (int i = 0; i < literals.length; i++) {
      literals[i] = new Literal(plan.literals()[i]);
    }
    int tail = roles.length;
    while (tail > 0 && roles[tail - 1].bare() && literals[tail - 1].length() > 0) {
      tail--;
    }
    int skip = tail;
    while (skip > 0 && roles[skip - 1] == Role.OTHER) {
      skip--;
    }
    boolean skipsARun = tail < roles.length && skip < tail;
    // without a skipped run, every variable but the last is found forwards, and the last is the rest
    this.forward = skipsARun ? skip : roles.length - 1;
    this.backward = skipsARun ? tail : roles.length;
  }

  @Override
  public void reading(tardy.events.LinePosition position) {
    fields.reading();
  }

  @Override
  public Outcome parse(byte[] b, int from, int to, EventSink sink) {
    while (to > from && b[to - 1] == '\r') {
      to--;
    }
    if (!literals[0].isAt(b, from, to)) {
      return noMatch(b, from, to);
    }
    fields.clear();
    int at = from + literals[0].length();
    for (int v = 0; v < forward; v++) {
      Literal next = literals[v + 1];
      int end = next.find(b, at, to);
      if (end < 0) {
        return noMatch(b, from, to);
      }
      set(v, at, end);
      at = end + next.length();
    }
    Literal closing = literals[roles.length];
    int end = to - closing.length();
    if (end < at || !closing.isAt(b, end, to)) {
      return noMatch(b, from, to);
    }
    for (int v = roles.length - 1; v >= backward; v--) {
      int start = literals[v].findLast(b, at, end);
      if (start < 0) {
        return noMatch(b, from, to);
      }
      set(v, start + literals[v].length(), end);
      end = start;
    }
    if (forward == roles.length - 1) {
      set(forward, at, end);
    }
    return fields.emit(b, sink);
  }

  /** A line out of the layout: another program's (a container's log holds them too), or damaged. */
  private Outcome noMatch(byte[] b, int from, int to) {
    return ForeignLines.is(b, from, to) ? Reasons.ANOTHER_PROGRAM : noMatch;
  }

  private void set(int variable, int valueFrom, int valueTo) {
    if (roles[variable] != Role.OTHER) {
      fields.set(roles[variable], valueFrom, valueTo);
    }
  }
}
