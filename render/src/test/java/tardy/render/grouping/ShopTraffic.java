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
 * A shop's access log whose operations are known: each line is written from one endpoint template
 * with its slots filled (ids, UUIDs, build hashes, slugs, filter lists, search terms, user names,
 * e-mails, short codes), and the generator keeps every latency per operation, so tests compare
 * tardy's rows and percentiles with the truth without reading the log back through tardy.
 */
public final class ShopTraffic {

  /** An operation as the service names it, the path it writes ({@code #} slot letters) and its weight. */
  record Endpoint(String operation, String template, int weight) {}

  static final List<Endpoint> ENDPOINTS = List.of(
      new Endpoint("GET /", "/", 40),
      new Endpoint("GET /health", "/health", 60),
      new Endpoint("GET /product/{id}/{slug}", "/product/#/S", 90),
      new Endpoint("GET /product/{id}", "/product/#", 50),
      new Endpoint("GET /filter/{*}", "/filter/F", 40),
      new Endpoint("GET /m/search/{*}", "/m/search/T", 30),
      new Endpoint("GET /u/{*}", "/u/N", 20),
      new Endpoint("GET /u/{*}/followers", "/u/N/followers", 8),
      new Endpoint("GET /api/v1/subscribers/{*}", "/api/v1/subscribers/E", 6),
      new Endpoint("GET /s/{*}", "/s/K", 20),
      new Endpoint("GET /archive/{id}/{id}/{id}", "/archive/#/#/#", 5),
      new Endpoint("GET /api/v1/products", "/api/v1/products", 30),
      new Endpoint("GET /api/v1/products/{id}", "/api/v1/products/#", 60),
      new Endpoint("GET /api/v1/users/{uuid}", "/api/v1/users/U", 30),
      new Endpoint("GET /api/v1/cart", "/api/v1/cart", 30),
      new Endpoint("POST /api/v1/cart", "/api/v1/cart", 20),
      new Endpoint("POST /api/v1/orders", "/api/v1/orders", 15),
      new Endpoint("GET /api/v1/config", "/api/v1/config", 3),
      new Endpoint("GET /static/js/app.{hash}.js", "/static/js/app.H.js", 50),
      new Endpoint("GET /assets/index-{hash}.js", "/assets/index-B.js", 20),
      new Endpoint("GET /download/invoice/{id}.pdf", "/download/invoice/#.pdf", 4),
      new Endpoint("GET /image/{id}/productModel/200x200", "/image/#/productModel/200x200", 40),
      new Endpoint("GET /robots.txt", "/robots.txt", 2));

  private static final String[] WORDS = {
    "red", "blue", "black", "white", "green", "silver", "classic", "pro", "mini", "max", "ultra",
    "wireless", "leather", "cotton", "steel", "wooden", "smart", "portable", "office", "kitchen",
    "garden", "travel", "sport", "kids", "winter", "summer", "running", "hiking", "gaming",
    "chair", "desk", "lamp", "shoes", "jacket", "bag", "watch", "phone", "case", "charger",
  };
  private static final String[] NAMES = {"anna", "bob", "carla", "dmitri", "eve", "farid", "gosia",
    "hiro", "ines", "jon", "kemal", "lena", "mario", "nadia", "omar", "paula"};
  private static final String BASE62 =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

  /** Every latency in nanoseconds per operation, in line order. */
  final Map<String, List<Long>> truth = new LinkedHashMap<>();
  private final Random random;

  public ShopTraffic(long seed) {
    this.random = new Random(seed);
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
        long millis = 1 + (long) (Math.exp(random.nextGaussian() * 1.2) * 20);
        truth.computeIfAbsent(e.operation(), k -> new ArrayList<>()).add(millis * 1_000_000);
        line.setLength(0);
        line.append("10.0.").append(n % 250).append('.').append(1 + n % 7)
            .append(" - - [08/Mar/2023:00:").append(String.format(java.util.Locale.ROOT, "%02d:%02d",
                n / 60_000 % 60, n / 1000 % 60))
            .append(" +0000] \"").append(e.operation(), 0, e.operation().indexOf(' ')).append(' ');
        path(line, e.template());
        if (random.nextInt(10) == 0) {
          line.append("?page=").append(random.nextInt(9));
        }
        line.append(" HTTP/1.1\" 200 ").append(100 + random.nextInt(5000))
            .append(" \"-\" \"Mozilla/5.0\" ").append(millis / 1000).append('.')
            .append(String.format(java.util.Locale.ROOT, "%03d", millis % 1000)).append('\n');
        out.write(line.toString().getBytes(StandardCharsets.US_ASCII));
      }
    }
    return file;
  }

  private void path(StringBuilder out, String template) {
    for (char c : template.toCharArray()) {
      switch (c) {
        case '#' -> out.append(1 + random.nextInt(3_000_000));
        case 'U' -> out.append(new java.util.UUID(random.nextLong(), random.nextLong()));
        case 'H' -> hex(out, 8);
        case 'B' -> base62(out, 8, true);
        case 'S' -> words(out, 2 + random.nextInt(3), "-");
        case 'F' -> {
          for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
            out.append(i > 0 ? "," : "").append("bcp".charAt(random.nextInt(3)))
                .append(1 + random.nextInt(900));
          }
        }
        case 'T' -> words(out, 1 + random.nextInt(3), random.nextBoolean() ? "+" : "%20");
        case 'N' -> out.append(NAMES[random.nextInt(NAMES.length)])
            .append(WORDS[random.nextInt(WORDS.length)]).append(random.nextInt(100));
        case 'E' -> out.append(NAMES[random.nextInt(NAMES.length)]).append('.')
            .append(random.nextInt(10_000)).append("%40example.com");
        case 'K' -> base62(out, 7, false);
        default -> out.append(c);
      }
    }
  }

  private void words(StringBuilder out, int n, String sep) {
    for (int i = 0; i < n; i++) {
      out.append(i > 0 ? sep : "").append(WORDS[random.nextInt(WORDS.length)]);
    }
  }

  private void hex(StringBuilder out, int n) {
    for (int i = 0; i < n; i++) {
      out.append("0123456789abcdef".charAt(random.nextInt(16)));
    }
    // a digit and a letter, as build hashes nearly always have (digits only read as an id)
    out.setCharAt(out.length() - n, '1');
    out.setCharAt(out.length() - 1, 'a');
  }

  private void base62(StringBuilder out, int n, boolean build) {
    int start = out.length();
    for (int i = 0; i < n; i++) {
      out.append(BASE62.charAt(random.nextInt(BASE62.length())));
    }
    if (build) { // Vite's hashes: mixed case with digits, as the {hash} rule reads them
      out.setCharAt(start, 'B');
      out.setCharAt(start + 1, '4');
      out.setCharAt(start + 2, 'x');
      out.setCharAt(start + 3, 'Q');
      out.setCharAt(start + 4, '7');
    }
  }

  /** The operations the generator wrote, as the service names them. */
  static List<String> operations() {
    return ENDPOINTS.stream().map(Endpoint::operation).toList();
  }
}
