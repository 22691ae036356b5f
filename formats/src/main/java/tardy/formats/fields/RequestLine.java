package tardy.formats.fields;

import tardy.events.Ascii;
import tardy.events.RequestEvent;

/**
 * The request field, {@code METHOD target PROTOCOL} or HTTP/0.9's {@code METHOD target}. Anything
 * else (TLS bytes, junk, lower-case methods, spaces in the target, "") is still a request with a
 * status and a time, only not attributed to an operation. Control bytes in the target are the
 * client's, as {@code escape=none} logs them (other escapings spell them {@code \xHH}).
 */
public final class RequestLine {

  private static final Literal HTTP = new Literal(Ascii.bytes("HTTP/"));
  private static final int MAX_METHOD = 32;

  private RequestLine() {}

  /** Sets the method and target on the event when the field has the expected shape. */
  public static void read(byte[] b, int from, int to, RequestEvent event) {
    int methodEnd = Ascii.indexOf(b, from, to, (byte) ' ');
    if (methodEnd < 0 || !isMethod(b, from, methodEnd)) {
      return;
    }
    int targetFrom = methodEnd + 1;
    int targetTo = Ascii.indexOf(b, targetFrom, to, (byte) ' ');
    if (targetTo < 0) {
      targetTo = to; // HTTP/0.9
    } else if (!isProtocol(b, targetTo + 1, to)) {
      return;
    }
    if (isSomething(b, targetFrom, targetTo)) { // control bytes are the client's (escape=none)
      event.request(from, methodEnd, targetFrom, targetTo);
    }
  }

  private static final byte[] SCHEME_END = Ascii.bytes("://");

  /**
   * A request line whose target may be an absolute URL ({@code GET https://host:443/a?b
   * HTTP/1.1}): the target is its path and query ({@code /a?b}), so requests group by path
   * whatever host and port they came through.
   */
  public static void readWithUrl(byte[] b, int from, int to, RequestEvent event) {
    read(b, from, to, event);
    if (event.wellFormed()) {
      toPath(b, event);
    }
  }

  /** A method and a URL, absolute or a path ({@code requestUrl}): the target is its path. */
  public static void readUrl(byte[] b, int methodFrom, int methodTo, int urlFrom, int urlTo, RequestEvent event) {
    read(b, methodFrom, methodTo, urlFrom, urlTo, event);
    if (event.wellFormed()) {
      toPath(b, event);
    }
  }

  /** An absolute target's path and query, {@code /a?b}; a target that is a path stays. */
  private static void toPath(byte[] b, RequestEvent event) {
    int targetFrom = event.targetFrom();
    int targetTo = event.targetTo();
    int scheme = Ascii.indexOf(b, targetFrom, targetTo, SCHEME_END);
    if (scheme <= targetFrom || b[targetFrom] == '/') {
      return;
    }
    int path = Ascii.indexOf(b, scheme + SCHEME_END.length, targetTo, (byte) '/');
    if (path > 0) {
      event.request(event.methodFrom(), event.methodTo(), path, targetTo);
    }
  }

  /** Separate {@code $request_method} and {@code $request_uri}/{@code $uri} fields. */
  public static void read(byte[] b, int methodFrom, int methodTo, int targetFrom, int targetTo, RequestEvent event) {
    if (isMethod(b, methodFrom, methodTo) && isSomething(b, targetFrom, targetTo)
        && Ascii.indexOf(b, targetFrom, targetTo, (byte) ' ') < 0) {
      event.request(methodFrom, methodTo, targetFrom, targetTo);
    }
  }

  /** Upper-case letters, with {@code -} or {@code _} inside (WebDAV's VERSION-CONTROL, M-SEARCH). */
  public static boolean isMethod(byte[] b, int from, int to) {
    if (to <= from || to - from > MAX_METHOD || b[from] < 'A' || b[from] > 'Z') {
      return false;
    }
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (!(c >= 'A' && c <= 'Z' || c == '-' || c == '_')) {
        return false;
      }
    }
    return true;
  }

  /** Not empty and not nginx's "-" for no value. */
  private static boolean isSomething(byte[] b, int from, int to) {
    return to > from && !(to - from == 1 && b[from] == '-');
  }

  /** {@code HTTP/1.1}, {@code HTTP/2.0}, {@code HTTP/2}. */
  private static boolean isProtocol(byte[] b, int from, int to) {
    if (!HTTP.isAt(b, from, to)) {
      return false;
    }
    int i = from + HTTP.length();
    return i + 1 == to && Ascii.isDigit(b[i])
        || i + 3 == to && Ascii.isDigit(b[i]) && b[i + 1] == '.' && Ascii.isDigit(b[i + 2]);
  }
}
