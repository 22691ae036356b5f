package tardy.bench;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Generated lines inside a log pipeline's envelope, for measuring what unwrapping costs against
 * the same lines bare: a CRI prefix, a Docker json-file object (the line JSON-escaped) or an RFC
 * 3164 syslog header.
 */
final class WrappedLines {

  private WrappedLines() {}

  /** {@code wrapper/kind} ({@code cri/nginx}) wraps the lines of {@code kind}; a bare kind is as generated. */
  static Lines generate(String kind, int count) {
    int slash = kind.indexOf('/');
    if (slash < 0) {
      return Lines.generate(kind, count);
    }
    String wrapper = kind.substring(0, slash);
    String plain = new String(Lines.generate(kind.substring(slash + 1), count).buf, StandardCharsets.UTF_8);
    StringBuilder out = new StringBuilder(plain.length() * 2);
    int n = 0;
    for (String line : plain.split("\n")) {
      String time = String.format(Locale.ROOT, "2024-03-01T12:%02d:%02d.%09dZ", n / 60 % 60, n % 60, n * 7919L % 1_000_000_000L);
      switch (wrapper) {
        case "cri" -> out.append(time).append(" stdout F ").append(line);
        case "docker" -> out.append("{\"log\":\"").append(line.replace("\\", "\\\\").replace("\"", "\\\""))
            .append("\\n\",\"stream\":\"stdout\",\"time\":\"").append(time).append("\"}");
        case "syslog" -> out.append("<190>Mar  1 12:").append(String.format(Locale.ROOT, "%02d:%02d", n / 60 % 60, n % 60))
            .append(" web-1 nginx: ").append(line);
        default -> throw new IllegalArgumentException("no wrapper " + wrapper);
      }
      out.append('\n');
      n++;
    }
    return new Lines(out.toString().getBytes(StandardCharsets.UTF_8));
  }
}
