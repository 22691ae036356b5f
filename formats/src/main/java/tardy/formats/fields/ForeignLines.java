package tardy.formats.fields;

import tardy.events.Ascii;

/**
 * Lines of another program in an access log: a container's log (kubectl logs) holds a proxy's
 * access lines beside its own log, the server's error log and its controller's. Such a line is told
 * by a start no access log has: nginx's error log ({@code 2026/11/30 05:30:00 [error] 29#29: }),
 * the Kubernetes components' klog ({@code I1130 05:30:00.123456       7 main.go:205] }), Envoy's
 * own log ({@code [2026-11-30 05:30:00.123][15][warning][config] }), Go's zap as Istio's agent
 * writes it ({@code 2026-11-30T05:30:00.123456Z\tinfo\t}), logrus ({@code time="…" level=}),
 * zerolog as Traefik 3 writes it ({@code 2026-11-30T05:30:00Z INF …}), Apache's error log ({@code
 * [Mon Nov 30 06:29:28.424982 2026] [core:info] …}, {@code AH00558: …} before it is open) and
 * HAProxy's own messages, which it logs beside the requests ({@code Server app/app2 is DOWN, …},
 * {@code [WARNING]  (29835) : …}), and the banner the ingress-nginx controller starts with. Only
 * a line the format does not read is asked: a line that starts otherwise stays malformed.
 */
public final class ForeignLines {

  private static final byte[] NGINX_ERROR = Ascii.bytes("9999/99/99 99:99:99 [");
  private static final byte[] KLOG = Ascii.bytes("9999 99:99:99.999999 ");
  private static final byte[] ENVOY = Ascii.bytes("[9999-99-99 99:99:99.999][");
  private static final byte[] RFC_3339 = Ascii.bytes("9999-99-99T99:99:99");
  private static final byte[] LOGRUS = Ascii.bytes("time=\"9999-99-99");
  private static final byte[] LOGRUS_LEVEL = Ascii.bytes("\" level=");
  private static final byte[][] ZAP_LEVELS = {Ascii.bytes("\tdebug\t"), Ascii.bytes("\tinfo\t"),
      Ascii.bytes("\twarn\t"), Ascii.bytes("\terror\t"), Ascii.bytes("\tdpanic\t"),
      Ascii.bytes("\tpanic\t"), Ascii.bytes("\tfatal\t")};

  private static final byte[][] HAPROXY_LEVELS = {Ascii.bytes("[NOTICE] "),
      Ascii.bytes("[WARNING] "), Ascii.bytes("[ALERT] ")};
  private static final byte[][] HAPROXY_MESSAGES = {Ascii.bytes("Health check for "),
      Ascii.bytes("Stopping frontend "), Ascii.bytes("Stopping backend "),
      Ascii.bytes("Stopping proxy ")};
  private static final byte[] SERVER = Ascii.bytes("Server ");
  private static final byte[][] SERVER_STATES = {Ascii.bytes(" is "), Ascii.bytes(" was ")};
  private static final byte[] PROXY = Ascii.bytes("Proxy ");
  private static final byte[][] PROXY_STATES = {Ascii.bytes(" started."),
      Ascii.bytes(" stopped (")};
  private static final byte[][] WITHOUT_SERVERS = {Ascii.bytes("backend "), Ascii.bytes("proxy ")};
  private static final byte[] NO_SERVER = Ascii.bytes(" has no server available!");

  private static final byte[][] ZEROLOG_LEVELS = {Ascii.bytes(" TRC "), Ascii.bytes(" DBG "),
      Ascii.bytes(" INF "), Ascii.bytes(" WRN "), Ascii.bytes(" ERR "), Ascii.bytes(" FTL "),
      Ascii.bytes(" PNC ")};
  private static final byte[] INGRESS_NGINX = Ascii.bytes("NGINX Ingress controller");
  private static final byte[][] INGRESS_NGINX_FIELDS = {Ascii.bytes("  Release:"),
      Ascii.bytes("  Build:"), Ascii.bytes("  Repository:"), Ascii.bytes("  nginx version:")};
  private static final int RULE = 20; // a banner's rule: a line of dashes at least this long
  private static final byte[] APACHE_MESSAGE = Ascii.bytes("AH99999: ");
  private static final byte[] APACHE_DAY_AND_TIME = Ascii.bytes("99 99:99:99");

  private ForeignLines() {}

  /** Whether {@code b[from, to)}, a line the format does not read, is another program's. */
  public static boolean is(byte[] b, int from, int to) {
    if (from >= to) {
      return false;
    }
    byte first = b[from]; // klog's severity: Info, Warning, Error, Fatal
    boolean klog = (first == 'I' || first == 'W' || first == 'E' || first == 'F')
        && Ascii.startsWithShape(b, from + 1, to, KLOG);
    return klog || Ascii.startsWithShape(b, from, to, NGINX_ERROR)
        || Ascii.startsWithShape(b, from, to, ENVOY)
        || isGoLogger(b, from, to, (byte) '\t', ZAP_LEVELS)
        || isGoLogger(b, from, to, (byte) ' ', ZEROLOG_LEVELS)
        || isApacheError(b, from, to)
        || Ascii.startsWithShape(b, from, to, LOGRUS)
            && Ascii.indexOf(b, from, Math.min(to, from + 48), LOGRUS_LEVEL) > 0
        || isHaproxyOwn(b, from, to)
        || isIngressNginxBanner(b, from, to);
  }

  /**
   * The banner the ingress-nginx controller prints as it starts, between two rules of dashes:
   * {@code NGINX Ingress controller}, then {@code   Release:}, {@code   Build:}, {@code
   * Repository:} and {@code   nginx version:} lines.
   */
  private static boolean isIngressNginxBanner(byte[] b, int from, int to) {
    return to - from >= RULE && onlyDashes(b, from, to)
        || to - from == INGRESS_NGINX.length && Ascii.startsWith(b, from, to, INGRESS_NGINX)
        || startsWithAny(b, from, to, INGRESS_NGINX_FIELDS);
  }

  private static boolean onlyDashes(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != '-') {
        return false;
      }
    }
    return true;
  }

  /**
   * HAProxy's messages on its state: {@code Server B/S is DOWN, reason: …} (or UP, or {@code was
   * …}), {@code Health check for server B/S …}, {@code Proxy P started.}, {@code Stopping
   * frontend P in 0 ms.}, {@code backend B has no server available!}, and the same on stderr
   * after a level ({@code [WARNING]  (29835) : }).
   */
  private static boolean isHaproxyOwn(byte[] b, int from, int to) {
    if (startsWithAny(b, from, to, HAPROXY_LEVELS)
        || startsWithAny(b, from, to, HAPROXY_MESSAGES)) {
      return true;
    }
    if (Ascii.startsWith(b, from, to, SERVER)) { // Server app/app2 is DOWN
      int name = from + SERVER.length;
      int space = Ascii.indexOf(b, name, to, (byte) ' ');
      return space > 0 && Ascii.indexOf(b, name, space, (byte) '/') > 0
          && startsWithAny(b, space, to, SERVER_STATES);
    }
    if (Ascii.startsWith(b, from, to, PROXY)) { // Proxy web started.
      int space = Ascii.indexOf(b, from + PROXY.length, to, (byte) ' ');
      return space > 0 && startsWithAny(b, space, to, PROXY_STATES);
    }
    return startsWithAny(b, from, to, WITHOUT_SERVERS) && Ascii.indexOf(b, from, to, NO_SERVER) > 0;
  }

  private static boolean startsWithAny(byte[] b, int from, int to, byte[][] prefixes) {
    for (byte[] prefix : prefixes) {
      if (Ascii.startsWith(b, from, to, prefix)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code [Mon Nov 30 06:29:28.424982 2026] [core:info] …}, the error log's time as Apache (APR)
   * writes it; or a message of Apache's by its id, {@code AH00558: …}.
   */
  private static boolean isApacheError(byte[] b, int from, int to) {
    if (Ascii.startsWithShape(b, from, to, APACHE_MESSAGE)) {
      return true;
    }
    return to - from > 20 && b[from] == '[' && letters(b, from + 1, 3) && b[from + 4] == ' '
        && letters(b, from + 5, 3) && b[from + 8] == ' '
        && Ascii.startsWithShape(b, from + 9, to, APACHE_DAY_AND_TIME);
  }

  private static boolean letters(byte[] b, int from, int n) {
    for (int i = from; i < from + n; i++) {
      if (!Ascii.isLetter(b[i])) {
        return false;
      }
    }
    return true;
  }

  /**
   * A Go logger's line: an RFC 3339 time, then at the first {@code separator} one of its
   * {@code levels} between two more (zap: {@code 2026-11-30T05:30:00.123456Z\tinfo\t}; zerolog:
   * {@code 2026-11-30T05:30:00Z INF }).
   */
  private static boolean isGoLogger(byte[] b, int from, int to, byte separator, byte[][] levels) {
    if (!Ascii.startsWithShape(b, from, to, RFC_3339)) {
      return false;
    }
    int at = Ascii.indexOf(b, from, Math.min(to, from + 40), separator);
    return at > 0 && startsWithAny(b, at, to, levels);
  }
}
