package tardy.events.input;

/** A problem with an input that the user can fix: the message names the input and is shown as is. */
public final class InputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public InputException(String message) {
    super(message);
  }

  public InputException(String message, Throwable cause) {
    super(message, cause);
  }
}
