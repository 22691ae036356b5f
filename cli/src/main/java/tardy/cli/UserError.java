package tardy.cli;

import java.util.List;

/** A problem the user can fix, with a message that says how; exits with code 2. */
public final class UserError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final List<String> lines;

  public UserError(String message) {
    super(message);
    lines = List.of(String.valueOf(message)); // never null: the message is printed
  }

  public UserError(String message, Throwable cause) {
    super(message, cause);
    lines = List.of(String.valueOf(message)); // never null: the message is printed
  }

  /** A problem per line (each of several inputs, each of a requirements file's mistakes). */
  public UserError(List<String> lines, Throwable cause) {
    super(String.join("\n", lines), cause);
    this.lines = List.copyOf(lines);
  }

  /** The message's lines, each printed as one line: a line break inside one is escaped. */
  public List<String> lines() {
    return lines;
  }
}
