package tardy.formats.fields;

import tardy.events.Ascii;

/**
 * Lines of another program in an access log: a container's log (kubectl logs) holds a proxy's
 * access lines beside its own log, the server's error log and its controller's. Such a line is told
 * by a start no access log has: nginx's error log ({@code 2026/11/30 05:30:00 [error] 29#29: }),
 * the Kubernetes components' klog ({@code I1130 05:30:00.123456       7 main.go:205] }), Envoy's
 * own log ({@code [2026-11-30 05:30:00.123][15][warning][config] }), Go's zap as Istio's agent
 * writes it ({@code 2026-11-30T05:30:00.123456Z\tinfo\t}) and logrus ({@code time="…" level=}).
 * Only a line the format does not read is asked: a line that starts otherwise stays malformed.
 */
final class ForeignLines {

  private static final byte[] NGINX_ERROR = Ascii.bytes("9999/99/99 99:99:99 [");
  private static final byte[] KLOG = Ascii.bytes("9999 99:99:99.999999 ");
  private static final byte[] ENVOY = Ascii.bytes("[9999-99-99 99:99:99.999][");
  private static final byte[] ZAP_TIME = Ascii.bytes("9999-99-99T99:99:99");
  private static final byte[] LOGRUS = Ascii.bytes("time=\"9999-99-99");
  private static final byte[] LOGRUS_LEVEL = Ascii.bytes("\" level=");
  private static final byte[][] ZAP_LEVELS = {Ascii.bytes("debug"), Ascii.bytes("info"),
      Ascii.bytes("warn"), Ascii.bytes("error"), Ascii.bytes("dpanic"), Ascii.bytes("panic"),
      Ascii.bytes("fatal")};

  private ForeignLines() {}

  /** Whether {@code b[from, to)}, a line the format does not read, is another program's. */
  static boolean is(byte[] b, int from, int to) {
    if (from >= to) {
      return false;
    }
    byte first = b[from];
    if (first == 'I' || first == 'W' || first == 'E' || first == 'F') {
      return Ascii.startsWithShape(b, from + 1, to, KLOG);
    }
    return Ascii.startsWithShape(b, from, to, NGINX_ERROR)
        || Ascii.startsWithShape(b, from, to, ENVOY)
        || isZap(b, from, to)
        || Ascii.startsWithShape(b, from, to, LOGRUS)
            && Ascii.indexOf(b, from, Math.min(to, from + 48), LOGRUS_LEVEL) > 0;
  }

  /** {@code 2026-11-30T05:30:00.123456Z}, a tab, a level in lower case, a tab. */
  private static boolean isZap(byte[] b, int from, int to) {
    if (!Ascii.startsWithShape(b, from, to, ZAP_TIME)) {
      return false;
    }
    int tab = Ascii.indexOf(b, from, Math.min(to, from + 40), (byte) '\t');
    if (tab < 0 || b[tab - 1] != 'Z') {
      return false;
    }
    for (byte[] level : ZAP_LEVELS) {
      int end = tab + 1 + level.length;
      if (end < to && b[end] == '\t' && Ascii.startsWith(b, tab + 1, end, level)) {
        return true;
      }
    }
    return false;
  }
}
