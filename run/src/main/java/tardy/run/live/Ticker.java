package tardy.run.live;

/**
 * The clock a live run reads and the way it waits, in one place so a test can replace both: a
 * fake ticker moves its time forward when asked to sleep, and no test waits for real.
 */
public interface Ticker {

  /** Monotonic nanoseconds, as {@link System#nanoTime()}. */
  long nanos();

  /** Waits about that long; may return early (a key pressed, a stop asked for). */
  void sleep(long nanos) throws InterruptedException;

  /** The machine's clock and {@link Thread#sleep}. */
  Ticker SYSTEM = new Ticker() {
    @Override
    public long nanos() {
      return System.nanoTime();
    }

    @Override
    public void sleep(long nanos) throws InterruptedException {
      Thread.sleep(Math.max(1, nanos / 1_000_000));
    }
  };
}
