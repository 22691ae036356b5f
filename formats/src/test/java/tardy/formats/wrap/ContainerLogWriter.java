package tardy.formats.wrap;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Test helper: writes plain log lines the way container runtimes store them, independently of the
 * unwrappers (Strings, no shared code): containerd's CRI lines and Docker's json-file entries
 * (Go's JSON encoder: HTML characters and U+2028/9 as {@code \\u} escapes), long lines split into
 * parts of at most {@code split} bytes as both runtimes do at 16 KiB.
 */
final class ContainerLogWriter {

  private ContainerLogWriter() {}

  static String cri(List<String> lines, int split, String stream) {
    StringBuilder out = new StringBuilder();
    int n = 0;
    for (String line : lines) {
      List<String> parts = parts(line, split);
      for (int p = 0; p < parts.size(); p++) {
        out.append(time(n++)).append(' ').append(stream).append(' ')
            .append(p == parts.size() - 1 ? 'F' : 'P').append(' ').append(parts.get(p)).append('\n');
      }
    }
    return out.toString();
  }

  static String docker(List<String> lines, int split, String stream) {
    StringBuilder out = new StringBuilder();
    int n = 0;
    for (String line : lines) {
      List<String> parts = parts(line, split);
      for (int p = 0; p < parts.size(); p++) {
        String text = parts.get(p) + (p == parts.size() - 1 ? "\n" : "");
        out.append("{\"log\":\"").append(goJson(text)).append("\",\"stream\":\"").append(stream)
            .append("\",\"time\":\"").append(time(n++)).append("\"}\n");
      }
    }
    return out.toString();
  }

  /** RFC 3339 with nanoseconds, trailing zeros dropped as Go's RFC3339Nano does. */
  static String time(int n) {
    String nanos = String.format(Locale.ROOT, "%09d", 100_000L * n % 1_000_000_000L + 1_000);
    nanos = nanos.replaceAll("0+$", "");
    return "2024-03-01T12:00:" + String.format(Locale.ROOT, "%02d", n / 10_000 % 60) + "." + nanos + "Z";
  }

  /** Parts of at most {@code split} UTF-8 bytes, cut only between characters. */
  private static List<String> parts(String line, int split) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    int bytes = 0;
    for (int i = 0; i < line.length(); ) {
      int cp = line.codePointAt(i);
      String ch = new String(Character.toChars(cp));
      int size = ch.getBytes(StandardCharsets.UTF_8).length;
      if (bytes + size > split && bytes > 0) {
        parts.add(part.toString());
        part.setLength(0);
        bytes = 0;
      }
      part.append(ch);
      bytes += size;
      i += Character.charCount(cp);
    }
    parts.add(part.toString());
    return parts;
  }

  private static String goJson(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '<', '>', '&', '\u2028', '\u2029' -> out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
        default -> {
          if (c < 0x20) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }
}
