package tardy.events;

/**
 * What a thread that started a helper does when it needs the helper's work: waits for it to end,
 * and takes over what it failed with.
 */
public final class HelperThreads {

  private HelperThreads() {}

  /**
   * Waits for {@code helper} to end whatever interrupts come meanwhile (its work is needed): an
   * interrupt is kept on the waiting thread, for its caller to see.
   */
  public static void join(Thread helper) {
    boolean interrupted = false;
    while (true) {
      try {
        helper.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Throws what a helper handed back when it is an unchecked failure; else returns. */
  public static void rethrowFailure(Object handedBack) {
    if (handedBack instanceof RuntimeException e) {
      throw e;
    }
    if (handedBack instanceof Error e) {
      throw e;
    }
  }
}
