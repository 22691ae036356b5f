package tardy.record.grouping;

/**
 * Operation names per backend ({@code --group-by backend}): {@code [api] GET /users/{id}}, the
 * backend the proxy named in brackets before the operation. A bracket starts no method, path or
 * {@code (invalid request)}, so a name says by its first byte whether it holds a backend, and the
 * operation without it is what the traffic sample ranked.
 */
public final class Backends {

  private Backends() {}

  /** The name of an operation of this backend. */
  public static String prefixed(String backend, String operation) {
    return "[" + backend + "] " + operation;
  }

  /** The operation without its backend; the name itself when it has none. */
  public static String operation(String group) {
    if (group.isEmpty() || group.charAt(0) != '[') {
      return group;
    }
    int end = group.indexOf("] ");
    return end < 0 ? group : group.substring(end + 2);
  }
}
