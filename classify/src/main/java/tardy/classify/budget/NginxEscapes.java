package tardy.classify.budget;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Undoes nginx's log escaping: nginx writes bytes outside printable ASCII (and {@code "} and
 * {@code \}) as {@code \xHH}, so {@code /caf\xC3\xA9} in the log is {@code /café} on the wire.
 * Templates are matched against what the client sent, not how the log spelled it.
 */
final class NginxEscapes {

  private NginxEscapes() {}

  static String decode(String logged) {
    if (logged.indexOf("\\x") < 0) {
      return logged;
    }
    byte[] in = logged.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream(in.length);
    for (int i = 0; i < in.length; i++) {
      if (in[i] == '\\' && i + 3 < in.length && in[i + 1] == 'x'
          && hex(in[i + 2]) >= 0 && hex(in[i + 3]) >= 0) {
        out.write(hex(in[i + 2]) << 4 | hex(in[i + 3]));
        i += 3;
      } else {
        out.write(in[i]);
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static int hex(byte b) {
    if (b >= '0' && b <= '9') {
      return b - '0';
    }
    if (b >= 'a' && b <= 'f') {
      return b - 'a' + 10;
    }
    return b >= 'A' && b <= 'F' ? b - 'A' + 10 : -1;
  }
}
