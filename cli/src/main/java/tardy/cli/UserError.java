package tardy.cli;

/** A problem the user can fix, with a message that says how; exits with code 2. */
public final class UserError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public UserError(String message) {
    super(message);
  }

  public UserError(String message, Throwable cause) {
    super(message, cause);
  }
}
