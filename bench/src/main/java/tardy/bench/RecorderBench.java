package tardy.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tardy.record.grouping.Grouping;
import tardy.record.grouping.PathTemplates;
import tardy.record.Recorder;
import tardy.events.Ascii;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/**
 * The recorder without a parser in front: events are pre-cut from generated lines (a naive
 * bench-side split, not a format parser) and replayed.
 *
 * <ul>
 *   <li>{@code request}, {@code paths=repeated}: the operation grouping with a fixed set of 500
 *       raw paths (every lookup hits the raw-key cache) plus the histogram record.
 *   <li>{@code request}, {@code paths=generated}: the generated traffic, where ids make most raw
 *       paths new (cache misses: a String, {@link PathTemplates#normalize}, a map lookup).
 *   <li>{@code pause}: JDK 17 safepoints, 13 kinds.
 *   <li>{@code normalize}: {@link PathTemplates#normalize} alone.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RecorderBench {

  static final int EVENTS = 20_000;

  /** Generated requests cycled through: more distinct raw paths than the raw-key cache holds. */
  static final int GENERATED = 400_000;

  @Param({"repeated", "generated"})
  public String paths;

  private RequestEvent[] requests;
  private PauseEvent[] pauses;
  private String[] rawPaths;
  private Recorder recorder;

  @Setup
  public void setup() {
    Lines nginx = Lines.generate("nginx", paths.equals("repeated") ? 500 : GENERATED);
    int count = paths.equals("repeated") ? EVENTS : GENERATED;
    requests = new RequestEvent[count];
    rawPaths = new String[count];
    for (int i = 0; i < count; i++) {
      int l = i % nginx.size();
      requests[i] = cut(nginx.buf, nginx.from[l], nginx.to[l]);
      rawPaths[i] = requests[i].wellFormed()
          ? Ascii.text(nginx.buf, requests[i].targetFrom(), requests[i].targetTo()) : "/";
    }
    Lines jdk17 = Lines.generate("jdk17", EVENTS);
    pauses = new PauseEvent[EVENTS];
    for (int i = 0; i < EVENTS; i++) {
      pauses[i] = cutPause(jdk17.buf, jdk17.from[i], jdk17.to[i]);
    }
    recorder = new Recorder(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS);
  }

  /** "METHOD target PROTO" between the first two quotes, the last field as seconds. */
  private static RequestEvent cut(byte[] b, int from, int to) {
    RequestEvent e = new RequestEvent().reset(b);
    int q1 = Ascii.indexOf(b, from, to, (byte) '"');
    int q2 = Ascii.indexOf(b, q1 + 1, to, (byte) '"');
    int sp1 = Ascii.indexOf(b, q1 + 1, q2, (byte) ' ');
    int sp2 = sp1 < 0 ? -1 : Ascii.indexOf(b, sp1 + 1, q2, (byte) ' ');
    if (sp1 > 0 && sp2 > 0) {
      e.request(q1 + 1, sp1, sp1 + 1, sp2);
    }
    e.status((int) Ascii.parseUnsignedLong(b, q2 + 2, q2 + 5));
    int last = to;
    while (b[last - 1] != ' ') {
      last--;
    }
    long nanos = Ascii.parseDecimalNanos(b, last, to, Ascii.SECONDS);
    e.latencyNanos(nanos == Ascii.INVALID ? 1_000_000 : nanos);
    e.wallMillis(1678233600000L + from);
    return e;
  }

  private static final byte[] QUOTE = Ascii.bytes("\"");
  private static final byte[] TOTAL = Ascii.bytes("Total: ");

  private static PauseEvent cutPause(byte[] b, int from, int to) {
    PauseEvent e = new PauseEvent().reset();
    int q1 = Ascii.indexOf(b, from, to, QUOTE);
    int q2 = Ascii.indexOf(b, q1 + 1, to, QUOTE);
    e.kind(b, q1 + 1, q2);
    int t = Ascii.lastIndexOf(b, from, to, TOTAL) + TOTAL.length;
    e.totalNanos(Ascii.parseUnsignedLong(b, t, Ascii.indexOf(b, t, to, (byte) ' ')));
    e.uptimeMillis(from);
    return e;
  }

  private int cursor;

  /** The next {@value #EVENTS} requests of the cycle. */
  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public Recorder request() {
    int start = cursor;
    for (int i = start; i < start + EVENTS; i++) {
      recorder.request(requests[i]);
    }
    cursor = start + EVENTS == requests.length ? 0 : start + EVENTS;
    return recorder;
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public Recorder pause() {
    for (PauseEvent e : pauses) {
      recorder.pause(e);
    }
    return recorder;
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public int normalize() {
    int n = 0;
    for (int i = 0; i < EVENTS; i++) {
      n += PathTemplates.normalize(rawPaths[i]).length();
    }
    return n;
  }
}
