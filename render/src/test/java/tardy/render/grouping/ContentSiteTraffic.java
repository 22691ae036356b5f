package tardy.render.grouping;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A content site's access log whose operations are known: articles under categories with titles
 * in Persian (percent-encoded UTF-8, words joined by dashes) and their feeds, tags, talks with
 * English slugs, files and images by extension, beside a few pages and the WordPress endpoints.
 * Some categories are thin (a request or two each). Every latency is kept per operation, so tests
 * compare tardy's rows with the truth without reading the log back through tardy.
 */
public final class ContentSiteTraffic {

  /** An operation as the site names it, the path it writes ({@code #} slot letters), its weight. */
  record Endpoint(String operation, String template, int weight) {}

  static final List<Endpoint> ENDPOINTS = endpoints();

  private static List<Endpoint> endpoints() {
    List<Endpoint> out = new ArrayList<>(List.of(
        new Endpoint("GET /", "/", 3000),
        new Endpoint("GET /feed/", "/feed/", 800),
        new Endpoint("GET /about/", "/about/", 150),
        new Endpoint("GET /robots.txt", "/robots.txt", 100),
        new Endpoint("POST /wp-admin/admin-ajax.php", "/wp-admin/admin-ajax.php", 400),
        new Endpoint("GET /blog/tag/{*}/", "/blog/tag/T/", 700),
        new Endpoint("GET /presentations/{slug}/", "/presentations/S/", 1500),
        new Endpoint("GET /files/{name}.pdf", "/files/F.pdf", 600),
        new Endpoint("GET /files/{name}.zip", "/files/F.zip", 200),
        new Endpoint("GET /images/logo.png", "/images/logo.png", 1500),
        new Endpoint("GET /images/{name}.png", "/images/I.png", 900),
        new Endpoint("GET /images/{name}.jpg", "/images/I.jpg", 900)));
    String[] categories = {"news", "sports", "digital-supplies", "home-appliances", "travel",
        "health", "kitchen", "garden"};
    int[] weights = {2500, 1500, 900, 600, 300, 120, 40, 15};
    for (int c = 0; c < categories.length; c++) {
      String prefix = "/blog/" + categories[c] + "/";
      out.add(new Endpoint("GET " + prefix, prefix, Math.max(1, weights[c] / 5)));
      out.add(new Endpoint("GET " + prefix + "{slug}/", prefix + "P/", weights[c]));
      out.add(new Endpoint("GET " + prefix + "{slug}/feed/", prefix + "P/feed/",
          Math.max(1, weights[c] / 8)));
    }
    return List.copyOf(out);
  }

  private static final String[] WORDS = {"how", "to", "tune", "the", "garbage", "collector",
    "latency", "budgets", "for", "java", "services", "logstash", "puppetconf", "talk", "slides",
    "notes", "on", "safepoints", "and", "percentiles", "in", "practice", "scaling", "nginx"};
  private static final String[] FILE_WORDS = {"Report", "notes", "Invoice", "thesis", "draft",
    "Slides", "week", "final", "v2", "summary", "paper", "CV"};

  /** Every latency in nanoseconds per operation, in line order. */
  final Map<String, List<Long>> truth = new LinkedHashMap<>();
  private final Random random;

  public ContentSiteTraffic(long seed) {
    this.random = new Random(seed);
  }

  static List<String> operations() {
    return ENDPOINTS.stream().map(Endpoint::operation).distinct().toList();
  }

  /** Writes {@code lines} lines of combined + {@code $request_time} (milliseconds resolution). */
  public Path write(Path file, int lines) throws IOException {
    int total = ENDPOINTS.stream().mapToInt(Endpoint::weight).sum();
    try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(file))) {
      StringBuilder line = new StringBuilder(256);
      for (int n = 0; n < lines; n++) {
        int r = random.nextInt(total);
        Endpoint e = null;
        for (Endpoint candidate : ENDPOINTS) {
          r -= candidate.weight();
          if (r < 0) {
            e = candidate;
            break;
          }
        }
        long millis = 1 + (long) (Math.exp(random.nextGaussian() * 1.1) * 30);
        truth.computeIfAbsent(e.operation(), k -> new ArrayList<>()).add(millis * 1_000_000);
        line.setLength(0);
        line.append("10.1.").append(n % 250).append('.').append(1 + n % 5)
            .append(" - - [09/Mar/2023:10:").append(two(n / 60_000 % 60)).append(':')
            .append(two(n / 1000 % 60)).append(" +0330] \"")
            .append(e.operation(), 0, e.operation().indexOf(' ')).append(' ');
        path(line, e.template());
        line.append(" HTTP/1.1\" 200 ").append(100 + random.nextInt(50_000))
            .append(" \"-\" \"Mozilla/5.0\" ").append(millis / 1000).append('.')
            .append(String.format(java.util.Locale.ROOT, "%03d", millis % 1000)).append('\n');
        out.write(line.toString().getBytes(StandardCharsets.US_ASCII));
      }
    }
    return file;
  }

  private static String two(int v) {
    return v < 10 ? "0" + v : String.valueOf(v);
  }

  private void path(StringBuilder out, String template) {
    for (char c : template.toCharArray()) {
      switch (c) {
        case 'P' -> { // a Persian title: 2-6 words of 2-6 Arabic-script letters, dashes between
          for (int w = 0, n = 2 + random.nextInt(5); w < n; w++) {
            out.append(w > 0 ? "-" : "");
            persianWord(out);
          }
        }
        case 'T' -> persianWord(out);
        case 'S' -> {
          for (int w = 0, n = 3 + random.nextInt(4); w < n; w++) {
            out.append(w > 0 ? "-" : "").append(WORDS[random.nextInt(WORDS.length)]);
          }
          if (random.nextInt(3) == 0) {
            out.append('-').append(2010 + random.nextInt(14));
          }
        }
        case 'F' -> {
          for (int w = 0, n = 1 + random.nextInt(3); w < n; w++) {
            out.append(w > 0 ? "_" : "").append(FILE_WORDS[random.nextInt(FILE_WORDS.length)]);
          }
          out.append('_').append(1 + random.nextInt(400));
        }
        case 'I' -> out.append("img").append(Integer.toString(random.nextInt(1 << 30), 36));
        default -> out.append(c);
      }
    }
  }

  /** 2-6 letters from U+0627..U+064A (UTF-8 D8 A7 .. D9 8A), percent-encoded. */
  private void persianWord(StringBuilder out) {
    for (int k = 0, n = 2 + random.nextInt(5); k < n; k++) {
      byte[] utf8 = String.valueOf((char) (0x0627 + random.nextInt(0x064A - 0x0627 + 1)))
          .getBytes(StandardCharsets.UTF_8);
      for (byte b : utf8) {
        out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
            .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
      }
    }
  }
}
