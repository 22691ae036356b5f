package tardy.run;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * A debug switch ({@code -Dtardy.phases}) that times a run's phases apart on stderr: wall time
 * and the process's CPU time (every thread, the JIT's and the collector's included) since the
 * previous phase ended. Off, it costs a field read per phase and changes no output; on, it
 * writes to stderr only. Only {@code java.base} is used, so the slim runtime of an image has it.
 */
public final class Phases {

  /** Whether the run was started with {@code -Dtardy.phases} (or {@code =true}). */
  public static final boolean ON = switchedOn(System.getProperty("tardy.phases"));

  private static long lastWall;
  private static long lastCpu;
  private static boolean started;

  private Phases() {}

  /**
   * Ends the phase {@code name}: prints its wall and CPU time since the previous phase ended
   * (the first: since the JVM started).
   */
  public static synchronized void end(String name) {
    if (!ON) {
      return;
    }
    long wall = System.nanoTime();
    long cpu = cpuNanos();
    if (!started) {
      started = true;
      ProcessHandle.Info info = ProcessHandle.current().info();
      long sinceStart = info.startInstant()
          .map(t -> Duration.between(t, Instant.now()).toNanos()).orElse(0L);
      lastWall = wall - sinceStart;
      lastCpu = 0;
    }
    System.err.println(String.format(Locale.ROOT,
        "tardy phases: %-28s wall %8.1f ms  cpu %8.1f ms", name, (wall - lastWall) / 1e6,
        (cpu - lastCpu) / 1e6));
    lastWall = wall;
    lastCpu = cpu;
  }

  /** A line of its own, for what is not a phase of the main thread (a part's own times). */
  public static synchronized void note(String text) {
    if (ON) {
      System.err.println("tardy phases:   " + text);
    }
  }

  /** The time since {@code fromNanos} in ms, for a {@link #note}. */
  public static String millisSince(long fromNanos) {
    return String.format(Locale.ROOT, "%.1f ms", (System.nanoTime() - fromNanos) / 1e6);
  }

  static boolean switchedOn(String value) {
    return value != null && (value.isEmpty() || value.equalsIgnoreCase("true"));
  }

  private static long cpuNanos() {
    return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
  }
}
