package tardy.cli;

import java.io.IOException;

/**
 * A reader that left before the end ({@code tardy report | head -1}): the write fails with EPIPE.
 * Not a mistake to report: the run ends quietly with the code of a process ended by SIGPIPE, as
 * cat or grep do there, so a pipeline under {@code set -o pipefail} still sees it did not finish.
 */
final class ClosedPipe {
  private ClosedPipe() {}

  /** Whether {@code t}, or what caused it, is a write into a pipe no one reads any more. */
  static boolean causedBy(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof IOException && "Broken pipe".equals(c.getMessage())) {
        return true;
      }
    }
    return false;
  }
}
