package tardy.run;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import tardy.events.input.Input;

/**
 * The traffic sample of a file read on a thread of its own while the plan samples the file's head
 * and detects its format: the grouping needs those lines right after the plan, and the read (8
 * MiB in 64 windows, split into lines) depends on nothing the plan decides. The lines are handed
 * over once; a later ask reads them again, so a plan kept for the whole run does not keep them.
 */
public final class SampleAhead {

  private final Reader reader;

  private SampleAhead(Input input) {
    reader = new Reader(input);
    reader.setDaemon(true);
  }

  /** The thread that reads; a class of its own, not a lambda, so a short run spins none. */
  private static final class Reader extends Thread {
    private final Input input;
    private final AtomicReference<Object> read = new AtomicReference<>();

    Reader(Input input) {
      super("tardy-traffic-sample");
      this.input = input;
    }

    @Override
    public void run() {
      Object lines;
      try {
        lines = Plan.Entry.readTrafficSample(input);
      } catch (Throwable t) { // handed to the thread that asks, which throws it
        lines = t;
      }
      read.set(lines);
    }
  }

  /** Starts reading the traffic sample of {@code input}. */
  static SampleAhead start(Input input) {
    SampleAhead ahead = new SampleAhead(input);
    ahead.reader.start();
    return ahead;
  }

  /**
   * The lines read ahead, waiting for them if need be; empty when they were handed over
   * already (the caller then reads them itself).
   */
  @SuppressWarnings("unchecked")
  java.util.Optional<List<byte[]>> take() {
    tardy.events.HelperThreads.join(reader);
    Object lines = reader.read.getAndSet(null);
    tardy.events.HelperThreads.rethrowFailure(lines);
    return java.util.Optional.ofNullable((List<byte[]>) lines);
  }
}
