package tardy.cli;

/** The exit codes of the public contract; the one place that knows them. */
public final class ExitCodes {

  /** Done; with {@code check}, no budget failed and every required operation was seen. */
  public static final int OK = 0;

  /**
   * {@code check}: at least one budget failed, or a requirement not marked optional matched no
   * event (a gate never passes on missing data).
   */
  public static final int BUDGET_FAILED = 1;

  /** Usage, input or requirements-file error. */
  public static final int USER_ERROR = 2;

  /** A bug in tardy. */
  public static final int INTERNAL_ERROR = 3;

  /**
   * Standard output's reader left before the end ({@code | head -1}): 128 + SIGPIPE, the code of
   * a process that signal ended, so a pipeline under {@code set -o pipefail} sees the run did not
   * finish.
   */
  public static final int CLOSED_PIPE = 141;

  private ExitCodes() {}
}
