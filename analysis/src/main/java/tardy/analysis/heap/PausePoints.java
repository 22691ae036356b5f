package tardy.analysis.heap;

import java.util.AbstractList;
import java.util.RandomAccess;
import tardy.events.Times;
import tardy.record.heap.HeapSeries;

/**
 * A run's GC pauses with a time, as {@link HeapRun.Point}s read from the series when asked: a
 * list of a million points held as objects was more than the series itself, for a chart and a
 * finding that only read them in order. The series only grows at its end, so the run's range
 * stays what it was.
 */
final class PausePoints extends AbstractList<HeapRun.Point> implements RandomAccess {

  private final HeapSeries series;
  private final boolean uptime;
  private final int from;
  private final int size;
  private final int[] timed; // the pauses with a time, when some have none; else null

  private PausePoints(HeapSeries series, boolean uptime, int from, int size, int[] timed) {
    this.series = series;
    this.uptime = uptime;
    this.from = from;
    this.size = size;
    this.timed = timed;
  }

  /** The pauses {@code [from, to)} of {@code series} that have a time on the run's clock. */
  static PausePoints of(HeapSeries series, int from, int to, boolean uptime) {
    int withTime = 0;
    for (int i = from; i < to; i++) {
      withTime += Times.isSet(HeapAnalyzer.time(series, i, uptime)) ? 1 : 0;
    }
    if (withTime == to - from) {
      return new PausePoints(series, uptime, from, withTime, null);
    }
    int[] timed = new int[withTime];
    for (int i = from, n = 0; i < to; i++) {
      if (Times.isSet(HeapAnalyzer.time(series, i, uptime))) {
        timed[n++] = i;
      }
    }
    return new PausePoints(series, uptime, from, withTime, timed);
  }

  @Override
  public HeapRun.Point get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException(index);
    }
    int i = timed == null ? from + index : timed[index];
    return new HeapRun.Point(HeapAnalyzer.time(series, i, uptime), series.pauseNanos(i),
        series.beforeBytes(i), series.afterBytes(i), series.flags(i), series.input(i),
        series.line(i), series.oldAfterBytes(i));
  }

  @Override
  public int size() {
    return size;
  }
}
