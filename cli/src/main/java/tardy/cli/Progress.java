package tardy.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.LongSupplier;
import tardy.events.input.Input;

/**
 * Progress of a long read on a terminal's standard error: bytes read of the total, the rate and
 * the time left, redrawn in place four times a second from the second second on, and erased at
 * the end. Kept off the parsing threads: a sampling thread reads the kernel's count of the bytes
 * this process has read ({@code rchar} in /proc/self/io), so the hot path counts nothing. Where
 * there is no /proc (not Linux), there is no progress display.
 */
final class Progress implements AutoCloseable {

  private static final Path PROC_IO = Path.of("/proc/self/io");
  static final long QUIET_MILLIS = 1_000;
  private static final long EVERY_MILLIS = 250;

  private final Thread sampler;
  private volatile boolean done;

  private Progress(Thread sampler) {
    this.sampler = sampler;
  }

  /** Nothing shown, nothing started: in a pipe, with NO_COLOR or --quiet, or without /proc. */
  static final Progress NONE = new Progress(null);

  /**
   * Starts the display when standard error is the process's own, on a terminal, and neither
   * NO_COLOR nor {@code quiet} asks for silence.
   */
  static Progress start(Streams streams, List<Input> inputs, boolean quiet) {
    if (quiet || streams.env().containsKey("NO_COLOR") || streams.err() != System.err
        || !Terminals.stderrIsTerminal() || readBytes().isEmpty()) {
      return NONE;
    }
    return start(streams.err(), total(inputs), () -> readBytes().orElse(0), System::nanoTime);
  }

  /** The display on {@code err}, for a read of {@code total} bytes (-1: unknown). */
  static Progress start(PrintStream err, long total, LongSupplier bytesRead, LongSupplier nanos) {
    long startBytes = bytesRead.getAsLong();
    long startNanos = nanos.getAsLong();
    Progress[] self = new Progress[1];
    Thread t = new Thread(() -> {
      boolean shown = false;
      try {
        Thread.sleep(QUIET_MILLIS);
        while (!self[0].done) {
          long bytes = Math.max(0, bytesRead.getAsLong() - startBytes);
          long elapsed = nanos.getAsLong() - startNanos;
          err.print("\r" + line(bytes, total, elapsed) + "\u001b[K");
          err.flush();
          shown = true;
          Thread.sleep(EVERY_MILLIS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        if (shown) {
          err.print("\r\u001b[K"); // the report starts on a clean line
          err.flush();
        }
      }
    }, "tardy-progress");
    t.setDaemon(true);
    self[0] = new Progress(t);
    t.start();
    return self[0];
  }

  /** {@code reading 1.20 GiB of 3.40 GiB (35%), 410 MiB/s, 6 s left}. */
  static String line(long bytes, long total, long elapsedNanos) {
    double seconds = Math.max(elapsedNanos, 1) / 1e9;
    if (total > 0 && bytes >= total) { // read in full; the last buffers are being parsed
      return String.format(Locale.ROOT, "read %s in %.0f s; finishing", size(total), Math.ceil(seconds));
    }
    double rate = bytes / seconds;
    // the kernel also counts what detection re-reads and the JVM's own files: never past the end
    long shown = total > 0 ? Math.min(bytes, total) : bytes;
    StringBuilder s = new StringBuilder("reading ").append(size(shown));
    if (total > 0) {
      s.append(" of ").append(size(total)).append(String.format(Locale.ROOT, " (%d%%)", shown * 100 / total));
    }
    s.append(", ").append(size((long) rate)).append("/s");
    if (total > 0 && rate > 0) {
      s.append(", ").append(Math.max(1, Math.round((total - bytes) / rate))).append(" s left");
    }
    return s.toString();
  }

  static String size(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double v = bytes / 1024.0;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, v < 10 ? "%.2f %s" : v < 100 ? "%.1f %s" : "%.0f %s", v, units[u]);
  }

  /** The bytes of the regular files among the inputs; -1 when a stream makes it unknowable. */
  static long total(List<Input> inputs) {
    long sum = 0;
    for (Input in : inputs) {
      if (in.path().isEmpty() || !Files.isRegularFile(in.path().get())) {
        return -1;
      }
      try {
        sum += Files.size(in.path().get());
      } catch (IOException e) {
        return -1;
      }
    }
    return sum;
  }

  /** The bytes this process has read so far, as the kernel counts them; empty without /proc. */
  static OptionalLong readBytes() {
    try {
      for (String line : Files.readAllLines(PROC_IO)) {
        if (line.startsWith("rchar:")) {
          return OptionalLong.of(Long.parseLong(line.substring(6).trim()));
        }
      }
    } catch (IOException | RuntimeException e) {
      // no /proc, or not readable: no progress display
    }
    return OptionalLong.empty();
  }

  @Override
  public void close() {
    if (sampler == null) {
      return;
    }
    done = true;
    sampler.interrupt();
    try {
      sampler.join(1_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
