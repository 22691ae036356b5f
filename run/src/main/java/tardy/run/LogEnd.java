package tardy.run;

import tardy.record.window.TimeWindow;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import tardy.events.EventSink;
import tardy.events.ParseStats;
import tardy.events.PauseEvent;
import tardy.events.RecordFormat;
import tardy.events.RequestEvent;
import tardy.events.Times;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.events.input.LineReader;

/**
 * The end of the log, for a {@code --from} / {@code --to} given relative to it: the latest logged
 * time of any input, plus one millisecond so that the last event is inside a window that ends at
 * the end. Known only by reading: a plain file by its last MiB (a log is written in time order,
 * give or take the requests in flight; read whole when its tail holds no time), a compressed file
 * whole, once more before the real pass. A stream is read once, so its end is not known before
 * the pass that analyses it: relative bounds are refused for it.
 */
public final class LogEnd {

  /** How much of a plain file's end is read for its latest time. */
  public static final int TAIL_BYTES = 1 << 20;

  private LogEnd() {}

  /**
   * The window these bounds give on this plan's inputs (either may be null: open). A bound
   * relative to the end needs the log's end: the latest time of the inputs.
   *
   * @throws IllegalArgumentException when the window is empty
   * @throws InputException when the end is needed and cannot be known
   */
  public static TimeWindow window(TimeWindow.Bound from, TimeWindow.Bound to, Plan plan,
      long jvmStartMillis) {
    long end = TimeWindow.relative(from, to) ? of(plan, jvmStartMillis) : Times.NONE;
    return TimeWindow.of(from, to, end, jvmStartMillis);
  }

  static long of(Plan plan, long jvmStartMillis) {
    long latest = Times.NONE;
    for (Plan.Entry entry : plan.entries()) {
      long t = latest(entry, jvmStartMillis);
      if (Times.isSet(t) && (!Times.isSet(latest) || t > latest)) {
        latest = t;
      }
    }
    if (!Times.isSet(latest)) {
      throw new InputException("no input has wall-clock times, so the end of the log is not"
          + " known: --from/--to relative to it need them (or --start-time for an uptime-only"
          + " JVM log)");
    }
    return latest + 1;
  }

  private static long latest(Plan.Entry entry, long jvmStartMillis) {
    Input input = entry.input();
    Path file = input.path().orElseThrow(() -> new InputException(input.name()
        + ": a stream's end is known only once it is read: give --from/--to as times"
        + " (ISO-8601 with offset, e.g. 2026-11-23T14:00:00Z), not durations before the end"));
    Latest probe = new Latest(jvmStartMillis);
    try {
      if (entry.format() instanceof RecordFormat records) {
        RecordFile.read(records, input, probe, new ParseStats());
        return probe.latest;
      }
      if (input.isPlainFile()) {
        read(entry, tail(file), probe);
        if (Times.isSet(probe.latest)) {
          return probe.latest;
        }
      }
      try (InputStream in = input.open()) {
        read(entry, in, probe);
      }
    } catch (IOException e) {
      throw new InputException(input.name() + ": cannot be read for the end of the log: "
          + e.getMessage(), e);
    }
    return probe.latest;
  }

  /** The file's last bytes, from the first line that starts in them. */
  private static InputStream tail(Path file) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
      long from = Math.max(0, raf.length() - TAIL_BYTES);
      byte[] bytes = new byte[(int) (raf.length() - from)];
      raf.seek(from);
      raf.readFully(bytes);
      int start = 0;
      if (from > 0) {
        while (start < bytes.length && bytes[start] != '\n') {
          start++;
        }
        start++;
      }
      return new ByteArrayInputStream(bytes, Math.min(start, bytes.length),
          Math.max(0, bytes.length - start));
    }
  }

  private static void read(Plan.Entry entry, InputStream in, Latest probe) throws IOException {
    new LineReader().read(in, entry.format().newParser(), probe, new ParseStats(),
        LineReader.Rejects.NONE, false);
  }

  /** The latest wall-clock time of the events it sees. */
  private static final class Latest implements EventSink {
    private final long jvmStartMillis;
    long latest = Times.NONE;

    Latest(long jvmStartMillis) {
      this.jvmStartMillis = jvmStartMillis;
    }

    @Override
    public void request(RequestEvent e) {
      see(e.wallMillis());
    }

    @Override
    public void pause(PauseEvent e) {
      see(TimeWindow.wallMillis(e, jvmStartMillis));
    }

    private void see(long t) {
      if (Times.isSet(t) && (!Times.isSet(latest) || t > latest)) {
        latest = t;
      }
    }
  }
}
