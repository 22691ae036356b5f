package tardy.record.window;

import tardy.events.EventSink;
import tardy.events.ForwardingLineParser;
import tardy.events.LineParser;
import tardy.events.LinePosition;
import tardy.events.Outcome;
import tardy.events.ParseStats;
import tardy.events.HeapCycleEvent;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * A parser whose events outside a {@link TimeWindow} go nowhere, and whose lines say so: a line
 * whose events all fell outside is counted ignored with the window's reason instead of parsed. A
 * pause handed on from an earlier line (its CPU times came later) moves that line from parsed to
 * the reason. So {@code lines = parsed + ignored + malformed} still holds, and a parsed line is
 * one whose event the report counts.
 */
public final class WindowedParser extends ForwardingLineParser {

  private final TimeWindow window; // null: no --from/--to
  private final Exclusions.Matcher excluded; // null: no --exclude-*
  private final ParseStats stats;
  private final Filter filter = new Filter();
  private LinePosition position;
  private EventSink sink;
  private long line; // the line being parsed, Times.NONE outside parse()
  private Outcome leftOut; // why this line's events were left out; null: none was
  private boolean kept;

  /** The parser of one part or block: {@code inner} itself when there is no window (null). */
  public static LineParser of(LineParser inner, TimeWindow window, ParseStats stats) {
    return of(inner, window, null, stats);
  }

  /**
   * The same, also leaving out the requests {@code exclusions} match, each line counted with
   * its value's reason: {@code inner} itself when there is neither (nulls).
   */
  public static LineParser of(LineParser inner, TimeWindow window, Exclusions exclusions,
      ParseStats stats) {
    boolean none = exclusions == null || exclusions.isEmpty();
    return window == null && none ? inner
        : new WindowedParser(inner, window, none ? null : exclusions.matcher(), stats);
  }

  private WindowedParser(LineParser inner, TimeWindow window, Exclusions.Matcher excluded,
      ParseStats stats) {
    super(inner);
    this.window = window;
    this.excluded = excluded;
    this.stats = stats;
  }

  @Override
  public void reading(LinePosition position) {
    this.position = position;
    inner.reading(position);
  }

  @Override
  public Outcome parse(byte[] buf, int from, int to, EventSink sink) {
    this.sink = sink;
    line = position.line();
    leftOut = null;
    kept = false;
    Outcome outcome = inner.parse(buf, from, to, filter);
    line = Times.NONE;
    return outcome == Outcome.PARSED && leftOut != null && !kept ? leftOut : outcome;
  }

  @Override
  public void endOfInput(EventSink sink) {
    this.sink = sink;
    inner.endOfInput(filter);
  }

  /** An event of the line being parsed, or of an earlier one already counted parsed. */
  private void leftOut(Outcome why, long eventLine) {
    if (Times.isSet(line) && (!Times.isSet(eventLine) || eventLine == line)) {
      leftOut = why;
    } else if (Times.isSet(eventLine)) {
      stats.reclassifyParsed(why, eventLine);
    }
  }

  private final class Filter implements EventSink {
    @Override
    public void request(RequestEvent e) {
      Outcome why = excluded == null ? null : excluded.place(e);
      if (why == null && window != null) {
        why = window.place(e);
      }
      if (why == null) {
        kept = true;
        sink.request(e);
      } else {
        leftOut(why, Times.NONE);
      }
    }

    @Override
    public void pause(PauseEvent e) {
      Outcome why = window == null ? null : window.place(e); // a pause is never excluded
      if (why == null) {
        kept = true;
        sink.pause(e);
      } else {
        leftOut(why, e.line());
      }
    }

    @Override
    public void heapCycle(HeapCycleEvent e) {
      Outcome why = window == null ? null : window.place(e);
      boolean thisLine = !Times.isSet(e.line()) || e.line() == line;
      if (why == null) {
        kept |= thisLine;
        sink.heapCycle(e);
      } else if (e.readLineCount() > 0) {
        for (int i = 0; i < e.readLineCount(); i++) { // Shenandoah's cleanup lines
          leftOut(why, e.readLine(i));
        }
      } else if (thisLine) {
        leftOut = why; // a cycle line read as the cycle (ZGC's): counted parsed, now left out
      } // a cycle ended by a pause (Shenandoah's degenerated one) is counted by its pause's line
    }

    @Override
    public void anchor(long wallMillis, long uptimeMillis, long line) {
      sink.anchor(wallMillis, uptimeMillis, line); // a line outside the window still tells the clocks
    }

    @Override
    public void zoneOffset(int offsetSeconds) {
      sink.zoneOffset(offsetSeconds); // the log's zone, whatever the window keeps
    }
  }
}
