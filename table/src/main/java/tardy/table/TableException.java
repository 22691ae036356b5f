package tardy.table;

/** A table that cannot be read or written as asked, in words for a user (exit code 2). */
public final class TableException extends Exception {

  private static final long serialVersionUID = 1L;

  TableException(String message) {
    super(message);
  }

  TableException(String message, Throwable cause) {
    super(message, cause);
  }
}
