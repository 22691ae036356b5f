package tardy.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes a seeded, realistic log for benchmarks: the same arguments always give the same bytes
 * (only {@link SplittableRandom} and integer arithmetic decide them; {@code Math.log/exp/cos/sqrt}
 * feed the latencies, which are then rounded to the log's resolution).
 *
 * <pre>
 * java -cp benchmarks.jar tardy.bench.GenLogs nginx|nginx-assets|nginx-tail|jdk8|jdk17 LINES FILE [SEED]
 * </pre>
 *
 * <ul>
 *   <li>{@code nginx}: combined + {@code $request_time}; ~40 endpoints with numeric ids, UUIDs and
 *       hashed asset names, query strings; per-endpoint mixtures of lognormal modes plus rare
 *       multi-second stalls, 60 s 504s, 499s; IPv4 and IPv6 clients; the odd real lines (TLS bytes
 *       on the plain port as {@code "\x16\x03\x01..."} 400, {@code "-"} requests, {@code -}
 *       request time).
 *   <li>{@code nginx-assets}: the same service, but every request of an asset names a fresh build
 *       hash ({@code app.3f9a1c7e.js}, Vite's {@code index-BkP3xZ9q.js}) and ids are spread
 *       uniformly over millions: distinct paths grow with the log, the operations do not.
 *   <li>{@code nginx-tail}: a shop's long tail as real traffic has it: product slugs, category
 *       and brand words, comma filter lists, search terms (some percent-encoded), user names,
 *       e-mail addresses, short base62 codes, dates and locale prefixes, beside the API.
 *       {@link #TAIL_OPERATIONS} lists the operations a reader would name.
 *   <li>{@code nginx-real}: the {@code nginx} service as a browser-facing site logs it: the user
 *       agents of this year's browsers (Chrome, Safari, Firefox, Edge, Samsung Internet on
 *       desktop and phones, with their versions, beside crawlers and API clients), HTTP/2.0 for
 *       most browser requests, a query string on one request in five, referers of the site's own
 *       pages and of search engines on one in four. About 210 bytes a line.
 *   <li>{@code jdk8}: {@code -XX:+PrintGCDateStamps -XX:+PrintGCTimeStamps
 *       -XX:+PrintGCApplicationStoppedTime}: application-time lines, ParallelGC detail lines and
 *       stopped-time lines, all with datestamp and uptime prefixes.
 *   <li>{@code jdk17}: {@code -Xlog:safepoint} lines with uptime decorations and 13 VM
 *       operations.
 * </ul>
 */
public final class GenLogs {

  static final long START_EPOCH_MILLIS = 1678233600000L; // 2023-03-08T00:00:00Z

  private final SplittableRandom rnd;
  private final Out out;

  GenLogs(long seed, OutputStream sink) {
    this.rnd = new SplittableRandom(seed);
    this.out = new Out(sink);
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 3) {
      throw new IllegalArgumentException(
          "usage: GenLogs nginx|nginx-assets|nginx-tail|nginx-real|jdk8|jdk17|gcstar LINES FILE [SEED]");
    }
    long lines = Long.parseLong(args[1].replace("_", ""));
    long seed = args.length > 3 ? Long.parseLong(args[3]) : 42L;
    Path file = Path.of(args[2]);
    try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
      GenLogs gen = new GenLogs(seed, os);
      gen.write(args[0].toLowerCase(Locale.ROOT), lines);
      gen.out.flush();
    }
  }

  private void write(String kind, long lines) throws IOException {
    switch (kind) {
      case "nginx" -> nginx(lines, ENDPOINTS, false);
      case "nginx-assets" -> nginx(lines, ENDPOINTS, true);
      case "nginx-tail" -> nginx(lines, TAIL, false);
      case "nginx-real" -> {
        real = true;
        nginx(lines, ENDPOINTS, false);
      }
      case "jdk8" -> jdk8(lines);
      case "jdk17" -> jdk17(lines);
      case "gcstar" -> gcstar(lines);
      default -> throw new IllegalArgumentException("unknown kind: " + kind
          + " (usage: GenLogs nginx|nginx-assets|nginx-tail|nginx-real|jdk8|jdk17|gcstar LINES FILE [SEED])");
    }
  }

  /** Writes into a sink; for the JMH benchmarks that need lines in memory. */
  public static byte[] generate(String kind, int lines, long seed) {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream(lines * 220);
    GenLogs gen = new GenLogs(seed, bytes);
    try {
      gen.write(kind, lines);
      gen.out.flush();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  // ---------------------------------------------------------------- distributions

  private double normal() {
    double u1 = 1.0 - rnd.nextDouble();
    double u2 = rnd.nextDouble();
    return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  private double lognormal(double medianSeconds, double sigma) {
    return medianSeconds * Math.exp(sigma * normal());
  }

  private int pick(int[] cumulative) {
    int r = rnd.nextInt(cumulative[cumulative.length - 1]);
    int i = Arrays.binarySearch(cumulative, r + 1);
    return i >= 0 ? i : -i - 1;
  }

  private static int[] cumulative(int... weights) {
    int[] c = new int[weights.length];
    int sum = 0;
    for (int i = 0; i < weights.length; i++) {
      sum += weights[i];
      c[i] = sum;
    }
    return c;
  }

  // ---------------------------------------------------------------- nginx

  /** An endpoint: method, a path template with id slots, its traffic weight and latency modes. */
  private record Endpoint(String method, String template, int weight, double[] modes) {}

  // modes: triples of (weight, median seconds, sigma)
  private static final Endpoint[] ENDPOINTS = {
    ep("GET", "/", 60, 70, 0.004, 0.5, 30, 0.04, 0.6),
    ep("GET", "/health", 80, 99, 0.0005, 0.4, 1, 0.01, 0.5),
    ep("GET", "/metrics", 20, 95, 0.003, 0.3, 5, 0.02, 0.5),
    ep("GET", "/product/#", 120, 60, 0.006, 0.5, 35, 0.05, 0.6, 5, 0.4, 0.5),
    ep("GET", "/product/#/reviews", 40, 50, 0.02, 0.5, 50, 0.12, 0.5),
    ep("GET", "/category/#", 50, 70, 0.01, 0.5, 30, 0.08, 0.6),
    ep("GET", "/api/v1/products/#", 110, 80, 0.005, 0.6, 20, 0.06, 0.5),
    ep("GET", "/api/v1/products", 40, 60, 0.03, 0.5, 40, 0.2, 0.5),
    ep("GET", "/api/v1/search", 60, 40, 0.05, 0.5, 50, 0.25, 0.6, 10, 1.2, 0.4),
    ep("GET", "/api/v1/users/U", 50, 85, 0.004, 0.5, 15, 0.03, 0.5),
    ep("PUT", "/api/v1/users/U", 10, 70, 0.02, 0.5, 30, 0.09, 0.5),
    ep("GET", "/api/v1/users/U/orders", 30, 60, 0.015, 0.5, 40, 0.1, 0.6),
    ep("POST", "/api/v1/orders", 25, 50, 0.08, 0.4, 45, 0.3, 0.5, 5, 2.0, 0.5),
    ep("GET", "/api/v1/orders/U", 35, 80, 0.008, 0.5, 20, 0.05, 0.5),
    ep("DELETE", "/api/v1/orders/U", 3, 100, 0.03, 0.5),
    ep("GET", "/api/v1/orders/U/items/#", 15, 80, 0.01, 0.5, 20, 0.07, 0.5),
    ep("POST", "/api/v1/cart", 30, 80, 0.012, 0.5, 20, 0.06, 0.5),
    ep("GET", "/api/v1/cart", 45, 90, 0.005, 0.5, 10, 0.03, 0.5),
    ep("DELETE", "/api/v1/cart/items/#", 8, 100, 0.01, 0.5),
    ep("POST", "/api/v1/checkout", 12, 40, 0.2, 0.4, 50, 0.6, 0.5, 10, 3.0, 0.4),
    ep("POST", "/api/v1/payments", 10, 50, 0.3, 0.4, 45, 0.8, 0.5, 5, 4.0, 0.3),
    ep("GET", "/api/v1/inventory/#", 25, 90, 0.003, 0.5, 10, 0.02, 0.5),
    ep("GET", "/api/v2/recommendations/U", 30, 50, 0.04, 0.4, 50, 0.15, 0.5),
    ep("POST", "/api/v1/login", 15, 90, 0.08, 0.3, 10, 0.3, 0.4),
    ep("POST", "/api/v1/logout", 5, 100, 0.003, 0.4),
    ep("GET", "/api/v1/session", 40, 95, 0.002, 0.4, 5, 0.02, 0.5),
    ep("POST", "/api/v1/events", 70, 95, 0.002, 0.5, 5, 0.05, 0.5),
    ep("GET", "/api/v1/config", 20, 100, 0.001, 0.4),
    ep("GET", "/blog/#-how-to-choose", 10, 80, 0.01, 0.5, 20, 0.05, 0.5),
    ep("GET", "/static/js/app.H.js", 70, 95, 0.0008, 0.5, 5, 0.01, 0.5),
    ep("GET", "/static/css/main.H.css", 50, 95, 0.0007, 0.5, 5, 0.01, 0.5),
    ep("GET", "/static/img/#.jpg", 60, 90, 0.002, 0.6, 10, 0.03, 0.6),
    ep("GET", "/images/products/#/600x600.webp", 40, 90, 0.003, 0.6, 10, 0.04, 0.6),
    ep("GET", "/favicon.ico", 15, 100, 0.0003, 0.3),
    ep("GET", "/robots.txt", 2, 100, 0.0003, 0.3),
    ep("GET", "/sitemap.xml", 1, 100, 0.05, 0.4),
    ep("GET", "/download/invoice/#.pdf", 5, 60, 0.15, 0.5, 40, 0.8, 0.5),
    ep("POST", "/graphql", 40, 50, 0.02, 0.6, 40, 0.15, 0.6, 10, 1.0, 0.5),
    ep("GET", "/ws/notifications", 5, 100, 0.001, 0.5),
    ep("OPTIONS", "/api/v1/cart", 20, 100, 0.0004, 0.3),
    ep("HEAD", "/", 2, 100, 0.001, 0.4),
    ep("GET", "/search", 20, 60, 0.06, 0.5, 40, 0.3, 0.5),
  };

  /**
   * The long tail. Slots: {@code #} id, {@code S} product slug, {@code C} category word (40, few
   * heavy), {@code F} comma filter list, {@code T} search term, {@code N} user name, {@code E}
   * e-mail, {@code K} base62 short code, {@code L} locale (5), {@code H}/{@code B} build hashes.
   */
  private static final Endpoint[] TAIL = {
    ep("GET", "/", 60, 70, 0.004, 0.5, 30, 0.04, 0.6),
    ep("GET", "/product/#/S", 120, 60, 0.02, 0.5, 35, 0.1, 0.6),
    ep("GET", "/browse/C", 60, 70, 0.03, 0.5, 30, 0.12, 0.6),
    ep("GET", "/filter/F", 40, 60, 0.05, 0.5, 40, 0.2, 0.5),
    ep("GET", "/m/search/T", 30, 60, 0.06, 0.5, 40, 0.3, 0.5),
    ep("GET", "/u/N", 20, 80, 0.01, 0.5, 20, 0.05, 0.5),
    ep("GET", "/u/N/followers", 6, 80, 0.02, 0.5, 20, 0.08, 0.5),
    ep("GET", "/api/v1/subscribers/E", 5, 90, 0.008, 0.5, 10, 0.04, 0.5),
    ep("GET", "/s/K", 25, 95, 0.002, 0.5, 5, 0.01, 0.5),
    ep("GET", "/L/help", 8, 90, 0.005, 0.5, 10, 0.02, 0.5),
    ep("GET", "/archive/#/#/#", 6, 80, 0.02, 0.5, 20, 0.1, 0.5),
    ep("GET", "/api/v1/products", 40, 60, 0.03, 0.5, 40, 0.2, 0.5),
    ep("GET", "/api/v1/products/#", 80, 80, 0.005, 0.6, 20, 0.06, 0.5),
    ep("GET", "/api/v1/users/U", 40, 85, 0.004, 0.5, 15, 0.03, 0.5),
    ep("GET", "/api/v1/cart", 45, 90, 0.005, 0.5, 10, 0.03, 0.5),
    ep("POST", "/api/v1/cart", 30, 80, 0.012, 0.5, 20, 0.06, 0.5),
    ep("POST", "/api/v1/orders", 25, 50, 0.08, 0.4, 45, 0.3, 0.5, 5, 2.0, 0.5),
    ep("GET", "/static/js/app.H.js", 70, 95, 0.0008, 0.5, 5, 0.01, 0.5),
    ep("GET", "/assets/index-B.js", 30, 95, 0.0008, 0.5, 5, 0.01, 0.5),
    ep("GET", "/image/#/productModel/200x200", 50, 90, 0.003, 0.6, 10, 0.04, 0.6),
    ep("GET", "/health", 80, 99, 0.0005, 0.4, 1, 0.01, 0.5),
    ep("GET", "/favicon.ico", 15, 100, 0.0003, 0.3),
    ep("GET", "/robots.txt", 2, 100, 0.0003, 0.3),
  };

  /**
   * The operations of {@code nginx-tail} as a reader would name them, for checking grouping;
   * besides, {@code GET /L/help} per locale, and the heaviest categories may stay words.
   */
  public static final java.util.List<String> TAIL_OPERATIONS = java.util.List.of(
      "GET /", "GET /product/{id}/{slug}", "GET /browse/{slug}", "GET /filter/{*}",
      "GET /m/search/{*}", "GET /u/{*}", "GET /u/{*}/followers", "GET /api/v1/subscribers/{*}",
      "GET /s/{*}", "GET /archive/{id}/{id}/{id}", "GET /api/v1/products",
      "GET /api/v1/products/{id}", "GET /api/v1/users/{uuid}", "GET /api/v1/cart",
      "POST /api/v1/cart", "POST /api/v1/orders", "GET /static/js/app.{hash}.js",
      "GET /assets/index-{hash}.js", "GET /image/{id}/productModel/200x200", "GET /health",
      "GET /favicon.ico", "GET /robots.txt");

  private static final String[] WORDS = {
    "red", "blue", "black", "white", "green", "silver", "classic", "pro", "mini", "max", "ultra",
    "wireless", "leather", "cotton", "steel", "wooden", "smart", "portable", "office", "kitchen",
    "garden", "travel", "sport", "kids", "winter", "summer", "running", "hiking", "gaming",
    "chair", "desk", "lamp", "shoes", "jacket", "bag", "watch", "phone", "case", "charger",
    "headphones", "speaker", "camera", "bottle", "knife", "table", "sofa", "mug", "pen", "printer",
    "monitor",
  };

  private static final String[] CATEGORIES = {
    "office-machines", "laptops", "phones", "home-appliances", "kitchen", "garden", "toys",
    "books", "sports", "fashion", "beauty", "health", "automotive", "music", "movies", "games",
    "pets", "baby", "tools", "lighting", "furniture", "shoes", "watches", "jewelry", "bags",
    "cameras", "audio", "tv", "printers", "monitors", "networking", "storage", "software",
    "stationery", "art-supplies", "party", "travel", "outdoor", "fitness", "grocery",
  };

  /** Zipf: the first category has a fifth of the views, the last a few per thousand. */
  private static final int[] CATEGORY_WEIGHTS = zipf(CATEGORIES.length);

  private static int[] zipf(int n) {
    int[] w = new int[n];
    for (int i = 0; i < n; i++) {
      w[i] = 10_000 / (i + 1);
    }
    return cumulative(w);
  }

  private static final String[] LOCALES = {"en", "de", "fr", "es", "it"};

  private static final String[] NAMES = {
    "anna", "bob", "carla", "dmitri", "eve", "farid", "gosia", "hiro", "ines", "jon", "kemal",
    "lena", "mario", "nadia", "omar", "paula", "quinn", "rosa", "sven", "tara",
  };

  private static final String BASE62 =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

  private static Endpoint ep(String method, String template, int weight, double... modes) {
    return new Endpoint(method, template, weight, modes);
  }

  /** Cache-busting asset names change per deploy: a few builds over the log's hours. */
  private static final String[] ASSET_HASHES = {"3f9a1c2e", "b04e77d1", "9c2d5e80"};

  private static final String[] QUERIES = {
    "?page=2&size=20", "?q=running+shoes", "?utm_source=newsletter&utm_medium=email",
    "?cursor=eyJpZCI6MTIzfQ", "?sku=AB-1234", "?token=9f86d081884c7d65", "?sort=price&order=asc",
  };

  private static final String[] AGENTS = {
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
        + " Chrome/110.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 13_2_1) AppleWebKit/605.1.15 (KHTML, like Gecko)"
        + " Version/16.3 Safari/605.1.15",
    "Mozilla/5.0 (X11; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/110.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like"
        + " Gecko) Version/16.3 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko)"
        + " Chrome/110.0.0.0 Mobile Safari/537.36",
    "ShopApp/4.12.1 (iOS 16.3; iPhone14,2)",
    "ShopApp/4.11.0 (Android 12; SM-G991B)",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "curl/7.88.1",
    "python-requests/2.28.2",
    "okhttp/4.10.0",
  };

  /** Browser-facing traffic ({@code nginx-real}): real agents, protocols, queries, referers. */
  private boolean real;

  private static final String[] REAL_AGENTS = {
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
        + " Chrome/120.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
        + " Chrome/119.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko)"
        + " Chrome/120.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
        + " Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)"
        + " Version/17.1 Safari/605.1.15",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0",
    "Mozilla/5.0 (X11; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/115.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like"
        + " Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like"
        + " Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko)"
        + " Chrome/120.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko)"
        + " SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)"
        + " Version/17.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0;"
        + " +https://openai.com/gptbot)",
    "curl/8.4.0",
    "python-requests/2.31.0",
    "okhttp/4.12.0",
    "ShopApp/5.2.0 (iOS 17.1; iPhone15,2)",
    "ShopApp/5.1.3 (Android 14; Pixel 8)",
  };

  /** Browsers most, the shop's own app and its API clients a quarter, crawlers the rest. */
  private static final int[] REAL_AGENT_WEIGHTS = {
    18, 5, 7, 5, 6, 3, 1, 11, 2, 8, 2, 2, 3, 2, 1, 2, 2, 6, 9, 7,
  };

  private static final String[] REAL_QUERIES = {
    "?page=", "?q=", "?utm_source=google&utm_medium=cpc&utm_campaign=", "?v=", "?ref=home&pos=",
    "?lang=en&currency=EUR&id=",
  };

  private static final String[] REAL_REFERERS = {
    "https://shop.example.com/", "https://shop.example.com/product/",
    "https://shop.example.com/category/", "https://www.google.com/", "https://www.bing.com/",
    "android-app://com.google.android.gm/",
  };

  private static final String[] MONTHS = {
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
  };

  /**
   * @param endpoints the service's operations
   * @param freshIds a new build hash for every asset request and ids uniform over millions
   */
  void nginx(long lines, Endpoint[] endpoints, boolean freshIds) throws IOException {
    this.freshIds = freshIds;
    int[] epWeights = new int[endpoints.length];
    for (int i = 0; i < endpoints.length; i++) {
      epWeights[i] = endpoints[i].weight();
    }
    int[] epCum = cumulative(epWeights);
    int[] agentCum = real ? cumulative(REAL_AGENT_WEIGHTS)
        : cumulative(30, 15, 8, 14, 12, 6, 5, 3, 2, 2, 1, 2);
    String[] agentNames = real ? REAL_AGENTS : AGENTS;
    byte[][] clients = new byte[2000][];
    for (int i = 0; i < clients.length; i++) {
      clients[i] = ascii(client(i));
    }
    byte[][] agents = new byte[agentNames.length][];
    for (int i = 0; i < agentNames.length; i++) {
      agents[i] = ascii(agentNames[i]);
    }
    long micros = 0; // since START
    long stampSecond = -1;
    byte[] stamp = null;
    for (long n = 0; n < lines; n++) {
      micros += (long) (-Math.log(1.0 - rnd.nextDouble()) * 1800); // ~550 req/s
      long second = micros / 1_000_000;
      if (second != stampSecond) {
        stampSecond = second;
        stamp = ascii(nginxTime(START_EPOCH_MILLIS + second * 1000));
      }
      // skewed clients: a few heavy hitters
      int c = (int) Math.min(clients.length - 1, Math.abs(normal()) * 300);
      out.bytes(clients[c]).ascii(" - - ").bytes(stamp).ascii(" \"");
      int odd = rnd.nextInt(100_000);
      int status;
      long bodyBytes;
      long latencyMillis;
      boolean dashTime = false;
      if (odd < 3) { // TLS handshake bytes sent to the plain-text port
        out.ascii("\\x16\\x03\\x01\\x02\\x00\\x01\\x00\\x01\\xFC\\x03\\x03\\x8B\"");
        status = 400;
        bodyBytes = 157;
        latencyMillis = rnd.nextInt(3);
      } else if (odd < 5) { // connection closed before a request line
        out.ascii("-\"");
        status = 400;
        bodyBytes = 0;
        latencyMillis = rnd.nextInt(20);
      } else {
        Endpoint e = endpoints[pick(epCum)];
        out.ascii(e.method()).ascii(" ");
        path(e.template());
        if (real) {
          if (rnd.nextInt(5) == 0) {
            out.ascii(REAL_QUERIES[rnd.nextInt(REAL_QUERIES.length)]).num(1 + rnd.nextInt(500));
          }
          int proto = rnd.nextInt(100);
          out.ascii(proto < 55 ? " HTTP/2.0\"" : proto < 99 ? " HTTP/1.1\"" : " HTTP/1.0\"");
        } else {
          if (rnd.nextInt(10) == 0) {
            out.ascii(QUERIES[rnd.nextInt(QUERIES.length)]);
          }
          int proto = rnd.nextInt(100);
          out.ascii(proto < 70 ? " HTTP/1.1\"" : proto < 99 ? " HTTP/2.0\"" : " HTTP/1.0\"");
        }
        double seconds = latency(e.modes());
        int s = rnd.nextInt(10_000);
        if (s < 7600) {
          status = e.method().equals("POST") ? 201 : 200;
        } else if (s < 8600) {
          status = e.method().equals("GET") ? 304 : 200;
        } else if (s < 9000) {
          status = 404;
        } else if (s < 9300) {
          status = 401;
          seconds = Math.min(seconds, 0.003);
        } else if (s < 9450) {
          status = 400;
        } else if (s < 9600) {
          status = 204;
        } else if (s < 9700) {
          status = 429;
          seconds = Math.min(seconds, 0.001);
        } else if (s < 9800) {
          status = 500;
        } else if (s < 9850) {
          status = 502;
        } else if (s < 9900) {
          status = 503;
        } else if (s < 9905) {
          status = 504;
          seconds = 60.0 + rnd.nextInt(5) / 1000.0;
        } else if (s < 9960) {
          status = 499; // the client gave up: these ran long
          seconds = seconds * 5 + 1.0;
        } else {
          status = 200;
        }
        if (rnd.nextInt(1000) == 0) { // rare stall
          seconds += 0.2 + rnd.nextDouble() * 4.8;
        }
        latencyMillis = Math.min(300_000, Math.round(seconds * 1000));
        bodyBytes = status == 304 || status == 204 ? 0 : 200 + (long) lognormal(4000, 1.0);
        dashTime = rnd.nextInt(200_000) == 0;
      }
      out.ascii(" ").num(status).ascii(" ").num(bodyBytes).ascii(" \"");
      if (real) {
        int r = rnd.nextInt(REAL_REFERERS.length * 4);
        if (r < REAL_REFERERS.length) {
          out.ascii(REAL_REFERERS[r]);
          if (r == 1 || r == 2) {
            out.num(1 + rnd.nextInt(20_000));
          }
        } else {
          out.ascii("-");
        }
      } else if (rnd.nextInt(3) == 0) {
        out.ascii("https://shop.example.com/");
      } else {
        out.ascii("-");
      }
      out.ascii("\" \"").bytes(agents[pick(agentCum)]).ascii("\" ");
      if (dashTime) {
        out.ascii("-");
      } else {
        out.num(latencyMillis / 1000).ascii(".");
        long ms = latencyMillis % 1000;
        out.digit((int) (ms / 100)).digit((int) (ms / 10 % 10)).digit((int) (ms % 10));
      }
      out.nl();
    }
  }

  private double latency(double[] modes) {
    int total = 0;
    for (int i = 0; i < modes.length; i += 3) {
      total += (int) modes[i];
    }
    int r = rnd.nextInt(total);
    for (int i = 0; i < modes.length; i += 3) {
      r -= (int) modes[i];
      if (r < 0) {
        return lognormal(modes[i + 1], modes[i + 2]);
      }
    }
    throw new AssertionError();
  }

  private boolean freshIds;

  private void path(String template) throws IOException {
    for (int i = 0; i < template.length(); i++) {
      char ch = template.charAt(i);
      switch (ch) {
        case '#' -> out.num(freshIds ? 1 + rnd.nextInt(5_000_000)
            : 1 + (long) lognormal(20_000, 2.0) % 10_000_000);
        case 'U' -> uuid();
        case 'H' -> {
          if (freshIds) {
            hex(8);
          } else {
            out.ascii(ASSET_HASHES[rnd.nextInt(ASSET_HASHES.length)]); // a few deploys
          }
        }
        case 'B' -> base62(freshIds ? 8 : 0);
        case 'S' -> words(2 + rnd.nextInt(3), '-');
        case 'C' -> out.ascii(CATEGORIES[pick(CATEGORY_WEIGHTS)]);
        case 'F' -> filterList();
        case 'T' -> words(1 + rnd.nextInt(2), rnd.nextInt(4) == 0 ? '%' : '+');
        case 'N' -> out.ascii(NAMES[rnd.nextInt(NAMES.length)]).ascii(WORDS[rnd.nextInt(WORDS.length)])
            .num(rnd.nextInt(100));
        case 'E' -> out.ascii(NAMES[rnd.nextInt(NAMES.length)]).ch('.').num(rnd.nextInt(10_000))
            .ascii("%40example.com");
        case 'K' -> base62(7);
        case 'L' -> out.ascii(LOCALES[rnd.nextInt(LOCALES.length)]);
        default -> out.ch(ch);
      }
    }
  }

  /** Words joined by {@code sep}; {@code %} joins with an encoded space. */
  private void words(int n, char sep) throws IOException {
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        if (sep == '%') {
          out.ascii("%20");
        } else {
          out.ch(sep);
        }
      }
      out.ascii(WORDS[rnd.nextInt(WORDS.length)]);
    }
  }

  private void filterList() throws IOException {
    int n = 1 + rnd.nextInt(4);
    for (int i = 0; i < n; i++) {
      out.ascii(i > 0 ? "," : "").ch("bcp".charAt(rnd.nextInt(3))).num(1 + rnd.nextInt(900));
    }
  }

  /** {@code n} base62 characters; 0: one of the few builds of {@link #ASSET_HASHES}, as base62. */
  private void base62(int n) throws IOException {
    if (n == 0) {
      out.ascii(new String[] {"BkP3xZ9q", "Dq7LmN2w", "a9XkR4tB"}[rnd.nextInt(3)]);
      return;
    }
    for (int i = 0; i < n; i++) {
      out.ch(BASE62.charAt(rnd.nextInt(BASE62.length())));
    }
  }

  private void uuid() throws IOException {
    hex(8);
    out.ch('-');
    hex(4);
    out.ch('-');
    out.ch('4');
    hex(3);
    out.ch('-');
    out.ch("89ab".charAt(rnd.nextInt(4)));
    hex(3);
    out.ch('-');
    hex(12);
  }

  private void hex(int digits) throws IOException {
    for (int i = 0; i < digits; i++) {
      out.ch("0123456789abcdef".charAt(rnd.nextInt(16)));
    }
  }

  private String client(int i) {
    if (i % 17 == 5) {
      return String.format(Locale.ROOT, "2001:db8:%x:%x::%x", rnd.nextInt(0x10000),
          rnd.nextInt(0x10000), rnd.nextInt(0x10000));
    }
    if (i % 5 == 0) {
      return "10." + rnd.nextInt(256) + "." + rnd.nextInt(256) + "." + (1 + rnd.nextInt(254));
    }
    return (11 + rnd.nextInt(200)) + "." + rnd.nextInt(256) + "." + rnd.nextInt(256) + "."
        + (1 + rnd.nextInt(254));
  }

  private static String nginxTime(long epochMillis) {
    ZonedDateTime t = Instant.ofEpochMilli(epochMillis).atZone(ZoneOffset.UTC);
    return String.format(Locale.ROOT, "[%02d/%s/%04d:%02d:%02d:%02d +0000]", t.getDayOfMonth(),
        MONTHS[t.getMonthValue() - 1], t.getYear(), t.getHour(), t.getMinute(), t.getSecond());
  }

  // ---------------------------------------------------------------- JDK 8

  void jdk8(long lines) throws IOException {
    long uptimeMicros = 2_345_000;
    long heapK = 65_536;
    long written = 0;
    while (written < lines) {
      uptimeMicros += 1000 + (long) (-Math.log(1.0 - rnd.nextDouble()) * 27_000); // ~35 /s
      int what = rnd.nextInt(10_000);
      long stoppedNanos;
      // Application time line
      prefix8(uptimeMicros);
      out.ascii("Application time: ");
      seconds7(Math.max(1, (long) (lognormal(0.02, 1.0) * 1e7)));
      out.ascii(" seconds").nl();
      written++;
      if (written >= lines) {
        break;
      }
      long gcNanos = 0;
      if (what < 4100) { // a young GC
        gcNanos = (long) (lognormal(0.006, 0.6) * 1e9);
        if (rnd.nextInt(2000) == 0) {
          gcNanos += (long) (rnd.nextDouble() * 8e8);
        }
        long before = heapK + 60_000;
        long after = heapK + rnd.nextInt(20_000);
        prefix8(uptimeMicros + 50);
        out.ascii("[GC (Allocation Failure) [PSYoungGen: ").num(60_000 + rnd.nextInt(6000))
            .ascii("K->").num(8000 + rnd.nextInt(4000)).ascii("K(76288K)] ").num(before)
            .ascii("K->").num(after).ascii("K(251392K), ");
        seconds7(gcNanos / 100);
        out.ascii(" secs] [Times: user=0.02 sys=0.00, real=0.01 secs] ").nl();
        written++;
        heapK = Math.min(180_000, after);
      } else if (what < 4102) { // a full GC
        gcNanos = (long) (lognormal(0.4, 0.5) * 1e9);
        prefix8(uptimeMicros + 50);
        out.ascii(rnd.nextBoolean() ? "[Full GC (Ergonomics) " : "[Full GC (System.gc()) ")
            .ascii("[PSYoungGen: 10720K->0K(76288K)] [ParOldGen: ").num(heapK)
            .ascii("K->20480K(175104K)] ").num(heapK + 10_720)
            .ascii("K->20480K(251392K), [Metaspace: 34567K->34567K(1081344K)], ");
        seconds7(gcNanos / 100);
        out.ascii(" secs] [Times: user=0.80 sys=0.02, real=0.41 secs] ").nl();
        written++;
        heapK = 20_480;
      }
      if (written >= lines) {
        break;
      }
      long tts = (long) (lognormal(0.000015, 0.6) * 1e9);
      if (rnd.nextInt(5000) == 0) {
        tts += (long) (5e7 + rnd.nextDouble() * 5e8);
      }
      stoppedNanos = gcNanos > 0 ? gcNanos + 20_000 + tts : (long) (lognormal(0.0002, 0.8) * 1e9);
      uptimeMicros += stoppedNanos / 1000;
      prefix8(uptimeMicros);
      out.ascii("Total time for which application threads were stopped: ");
      seconds7(Math.max(1, stoppedNanos / 100));
      out.ascii(" seconds, Stopping threads took: ");
      seconds7(Math.max(1, tts / 100));
      out.ascii(" seconds").nl();
      written++;
    }
  }

  private long stamp8Second = -1;
  private byte[] stamp8;

  /** {@code 2023-03-08T00:00:02.345+0000: 2.345: } */
  private void prefix8(long uptimeMicros) throws IOException {
    long millis = uptimeMicros / 1000;
    long second = millis / 1000;
    if (second != stamp8Second) {
      stamp8Second = second;
      ZonedDateTime t = Instant.ofEpochMilli(START_EPOCH_MILLIS + second * 1000)
          .atZone(ZoneOffset.UTC);
      stamp8 = ascii(String.format(Locale.ROOT, "%04d-%02d-%02dT%02d:%02d:%02d.", t.getYear(),
          t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond()));
    }
    int ms = (int) (millis % 1000);
    out.bytes(stamp8).digit(ms / 100).digit(ms / 10 % 10).digit(ms % 10).ascii("+0000: ")
        .num(second).ascii(".").digit(ms / 100).digit(ms / 10 % 10).digit(ms % 10).ascii(": ");
  }

  /** Seconds with 7 decimals from a count of 100 ns units. */
  private void seconds7(long units) throws IOException {
    out.num(units / 10_000_000).ascii(".");
    long f = units % 10_000_000;
    for (long p = 1_000_000; p >= 1; p /= 10) {
      out.digit((int) (f / p % 10));
    }
  }

  // ---------------------------------------------------------------- JDK 17

  private static final String[] VM_OPS = {
    "ParallelGCFailedAllocation", "Cleanup", "ICBufferFull", "Deoptimize", "GetAllStackTraces",
    "BulkRevokeBias", "CleanClassLoaderDataMetaspaces", "CollectForMetadataAllocation",
    "ThreadDump", "FindDeadlocks", "ParallelGCSystemGC", "ClassLoaderStatsOperation",
    "GC_HeapInspection",
  };
  private static final int[] VM_OP_WEIGHTS = {
    40261, 29505, 12059, 6691, 5377, 4030, 804, 538, 402, 132, 106, 67, 27
  };
  private static final double[][] VM_OP_AT = { // median seconds, sigma at the safepoint
    {0.005, 0.6}, {0.00005, 0.5}, {0.00004, 0.5}, {0.0002, 0.6}, {0.002, 0.5}, {0.0001, 0.6},
    {0.0003, 0.5}, {0.05, 0.5}, {0.003, 0.5}, {0.001, 0.5}, {0.3, 0.4}, {0.002, 0.5},
    {0.4, 0.4},
  };

  void jdk17(long lines) throws IOException {
    int[] cum = cumulative(VM_OP_WEIGHTS);
    byte[][] names = new byte[VM_OPS.length][];
    for (int i = 0; i < VM_OPS.length; i++) {
      names[i] = ascii("Safepoint \"" + VM_OPS[i] + "\", Time since last: ");
    }
    long uptimeNanos = 1_234_000_000L;
    for (long n = 0; n < lines; n++) {
      long since = (long) (-Math.log(1.0 - rnd.nextDouble()) * 22_000_000);
      int op = pick(cum);
      long reach = (long) (lognormal(0.00005, 0.7) * 1e9);
      if (rnd.nextInt(2000) == 0) {
        reach += (long) (5e7 + rnd.nextDouble() * 5e8);
      }
      long at = (long) (lognormal(VM_OP_AT[op][0], VM_OP_AT[op][1]) * 1e9);
      long total = reach + at;
      uptimeNanos += since + total;
      long ms = uptimeNanos / 1_000_000;
      out.ascii("[").num(ms / 1000).ascii(".");
      int frac = (int) (ms % 1000);
      out.digit(frac / 100).digit(frac / 10 % 10).digit(frac % 10).ascii("s][info][safepoint] ")
          .bytes(names[op]).num(since).ascii(" ns, Reaching safepoint: ").num(reach)
          .ascii(" ns, At safepoint: ").num(at).ascii(" ns, Total: ").num(total).ascii(" ns").nl();
    }
  }

  // ---------------------------------------------------------------- JDK 17-25 gc*,safepoint

  private static final String[] COLLECTORS = {"G1", "Parallel", "ZGC", "Shenandoah"};
  private static final int[] COLLECTOR_WEIGHTS = {5, 2, 2, 1};

  private long gcUptimeNanos;
  private long gcId;
  private long ulStampSecond = -1;
  private byte[] ulStamp;
  private long linesLeft;

  /**
   * A JDK 17-25 {@code -Xlog:gc*,safepoint:...:time,uptime,level,tags} log with the lines each
   * collector really prints per cycle (start, phases, heap, metaspace, the pause with its heap
   * transition, CPU, safepoint; ZGC's concurrent phases, cycle lines and stalls; Shenandoah's
   * pauses and concurrent phases): runs of 500 cycles of G1, Parallel, generational ZGC and
   * Shenandoah, weighted 5:2:2:1.
   */
  void gcstar(long lines) throws IOException {
    int[] cum = cumulative(COLLECTOR_WEIGHTS);
    gcUptimeNanos = 1_234_000_000L;
    linesLeft = lines;
    while (linesLeft > 0) {
      String collector = COLLECTORS[pick(cum)];
      for (int cycle = 0; cycle < 500 && linesLeft > 0; cycle++) {
        gcUptimeNanos += (long) (-Math.log(1.0 - rnd.nextDouble()) * 40_000_000);
        switch (collector) {
          case "G1" -> g1Cycle();
          case "Parallel" -> parallelCycle();
          case "ZGC" -> zgcCycle();
          default -> shenandoahCycle();
        }
        gcId++;
      }
    }
  }

  private void g1Cycle() throws IOException {
    int r = rnd.nextInt(100);
    String cause = r < 3 ? "Pause Young (Concurrent Start) (G1 Evacuation Pause)"
        : r < 6 ? "Pause Young (Mixed) (G1 Evacuation Pause)"
        : r < 8 ? "Pause Young (Prepare Mixed) (G1 Evacuation Pause)"
        : "Pause Young (Normal) (G1 Evacuation Pause)";
    long pause = (long) (lognormal(0.004, 0.6) * 1e9);
    ul("gc,start    ").ascii(cause).nl();
    ul("gc,task     ").ascii("Using 2 workers of 2 for evacuation").nl();
    phase("  Pre Evacuate Collection Set: ", pause / 40);
    phase("  Merge Heap Roots: ", pause / 30);
    phase("  Evacuate Collection Set: ", pause * 3 / 4);
    phase("  Post Evacuate Collection Set: ", pause / 8);
    phase("  Other: ", pause / 20);
    ul("gc,heap     ").ascii("Eden regions: ").num(20 + rnd.nextInt(8)).ascii("->0(24)").nl();
    ul("gc,heap     ").ascii("Survivor regions: 2->").num(1 + rnd.nextInt(3)).ascii("(3)").nl();
    ul("gc,heap     ").ascii("Old regions: ").num(10 + rnd.nextInt(20)).ascii("->").num(12 + rnd.nextInt(20)).nl();
    ul("gc,heap     ").ascii("Humongous regions: 0->0").nl();
    metaspace();
    pause(cause, pause, true);
    safepoint("G1CollectForAllocation", pause);
    if (r < 3) { // concurrent mark, then remark and cleanup
      ul("gc,marking  ").ascii("Concurrent Mark (").num(gcUptimeNanos / 1_000_000).ascii("ms)").nl();
      gcUptimeNanos += 5_000_000;
      ul("gc          ").ascii("Concurrent Mark Cycle").nl();
      long remark = (long) (lognormal(0.002, 0.5) * 1e9);
      ul("gc,start    ").ascii("Pause Remark").nl();
      pause("Pause Remark", remark, true);
      safepoint("G1PauseRemark", remark);
      long cleanup = (long) (lognormal(0.0002, 0.5) * 1e9);
      ul("gc,start    ").ascii("Pause Cleanup").nl();
      pause("Pause Cleanup", cleanup, true);
      safepoint("G1PauseCleanup", cleanup);
    }
  }

  private void parallelCycle() throws IOException {
    boolean full = rnd.nextInt(50) == 0;
    String cause = full ? "Pause Full (Ergonomics)" : "Pause Young (Allocation Failure)";
    long pause = (long) (lognormal(full ? 0.08 : 0.003, 0.6) * 1e9);
    ul("gc,start    ").ascii(cause).nl();
    if (full) {
      phase("Marking Phase ", pause / 2);
      phase("Summary Phase ", pause / 50);
      phase("Adjust Roots ", pause / 10);
      phase("Compaction Phase ", pause / 3);
    }
    ul("gc,heap     ").ascii("PSYoungGen: 15872K(18432K)->").num(1000 + rnd.nextInt(2000)).ascii("K(18432K) Eden: 15872K(15872K)->0K(15872K) From: 2544K(2560K)->2544K(2560K)").nl();
    ul("gc,heap     ").ascii("ParOldGen: ").num(20_000 + rnd.nextInt(9000)).ascii("K(40960K)->").num(22_000 + rnd.nextInt(9000)).ascii("K(40960K)").nl();
    metaspace();
    pause(cause, pause, true);
    safepoint(full ? "ParallelGCSystemGC" : "ParallelGCFailedAllocation", pause);
  }

  private void zgcCycle() throws IOException {
    boolean major = rnd.nextInt(10) == 0;
    ul("gc,start    ").ascii(major ? "Major Collection (Proactive)" : "Minor Collection (Allocation Rate)").nl();
    ul("gc,task     ").ascii("Using 1 Workers for Young Generation").nl();
    String y = major ? "Y: " : "y: ";
    long[] pauses = {(long) (lognormal(0.00002, 0.5) * 1e9), (long) (lognormal(0.00003, 0.5) * 1e9),
        (long) (lognormal(0.00002, 0.5) * 1e9)};
    pause(y + (major ? "Pause Mark Start (Major)" : "Pause Mark Start"), pauses[0], false);
    safepoint("ZMarkStartYoung", pauses[0]);
    phase(y + "Concurrent Mark ", (long) (lognormal(0.005, 0.5) * 1e9));
    pause(y + "Pause Mark End", pauses[1], false);
    safepoint("ZMarkEndYoung", pauses[1]);
    phase(y + "Concurrent Mark Free ", 1000);
    phase(y + "Concurrent Reset Relocation Set ", 1000);
    phase(y + "Concurrent Select Relocation Set ", (long) (lognormal(0.001, 0.5) * 1e9));
    pause(y + "Pause Relocate Start", pauses[2], false);
    safepoint("ZRelocateStartYoung", pauses[2]);
    phase(y + "Concurrent Relocate ", (long) (lognormal(0.002, 0.5) * 1e9));
    ul("gc,alloc    ").ascii(y).ascii("                        Mark Start        Mark End      Relocate Start    Relocate End").nl();
    ul("gc,heap     ").ascii(y).ascii("Used:                   36M (56%)          40M (62%)          42M (66%)          14M (22%)").nl();
    if (rnd.nextInt(20) == 0) {
      decorators("gc          ").ascii("Allocation Stall (main) ");
      ms3((long) (lognormal(0.0005, 1.0) * 1e9));
      out.nl();
      linesLeft--;
    }
    ul("gc          ").ascii(major ? "Major Collection (Proactive) 36M(56%)->12M(19%) 0.014s"
        : "Minor Collection (Allocation Rate) 36M(56%)->12M(19%) 0.009s").nl();
  }

  private void shenandoahCycle() throws IOException {
    long[] pauses = {(long) (lognormal(0.00004, 0.5) * 1e9), (long) (lognormal(0.0002, 0.5) * 1e9),
        (long) (lognormal(0.00002, 0.5) * 1e9), (long) (lognormal(0.0001, 0.5) * 1e9)};
    String[] names = {"Pause Init Mark (unload classes)", "Pause Final Mark (unload classes)",
        "Pause Init Update Refs", "Pause Final Update Refs"};
    String[] concurrent = {"Concurrent marking roots", "Concurrent evacuation", "Concurrent update references",
        "Concurrent cleanup"};
    for (int i = 0; i < 4; i++) {
      ul("gc,start    ").ascii(names[i]).nl();
      pause(names[i], pauses[i], false);
      safepoint(i == 0 ? "ShenandoahInitMark" : i == 1 ? "ShenandoahFinalMarkStartEvac"
          : i == 2 ? "ShenandoahInitUpdateRefs" : "ShenandoahFinalUpdateRefs", pauses[i]);
      ul("gc,start    ").ascii(concurrent[i]).nl();
      phase(concurrent[i] + " ", (long) (lognormal(0.002, 0.5) * 1e9));
    }
    decorators("gc,ergo     ").ascii("Free: 40M, Max: 256K regular, 40M humongous, Frag: 0% external, 0% internal; Used: 0B").nl();
    linesLeft--;
  }

  private void metaspace() throws IOException {
    ul("gc,metaspace").ascii("Metaspace: 1234K(1408K)->1234K(1408K) NonClass: 1100K(1216K)->1100K(1216K) Class: 134K(192K)->134K(192K)").nl();
  }

  /** The pause line, with a heap transition and, when the collector prints one, the CPU line. */
  private void pause(String kind, long nanos, boolean cpu) throws IOException {
    gcUptimeNanos += nanos;
    ul("gc          ").ascii(kind).ascii(" ");
    if (cpu) {
      out.num(30 + rnd.nextInt(30)).ascii("M->").num(10 + rnd.nextInt(20)).ascii("M(64M) ");
    }
    ms3(nanos);
    out.nl();
    if (cpu) {
      ul("gc,cpu      ").ascii("User=0.0").digit(rnd.nextInt(10)).ascii("s Sys=0.00s Real=0.0")
          .digit(rnd.nextInt(10)).ascii("s").nl();
    }
  }

  private void phase(String label, long nanos) throws IOException {
    ul("gc,phases   ").ascii(label);
    ms3(nanos);
    out.nl();
  }

  /** A JDK 17.0.8+ safepoint line around a pause. */
  private void safepoint(String op, long pauseNanos) throws IOException {
    long reach = (long) (lognormal(0.00003, 0.7) * 1e9);
    long cleanup = 2000 + rnd.nextInt(5000);
    long at = pauseNanos + 30_000;
    gcUptimeNanos += reach + cleanup + 30_000;
    decorators("safepoint   ").ascii("Safepoint \"").ascii(op).ascii("\", Time since last: ")
        .num(1_000_000 + rnd.nextInt(40_000_000)).ascii(" ns, Reaching safepoint: ").num(reach)
        .ascii(" ns, Cleanup: ").num(cleanup).ascii(" ns, At safepoint: ").num(at)
        .ascii(" ns, Total: ").num(reach + cleanup + at).ascii(" ns").nl();
    linesLeft--;
  }

  /** The decorators and the GC id of a gc line; counts the line. */
  private Out ul(String tags) throws IOException {
    linesLeft--;
    return decorators(tags).ascii("GC(").num(gcId).ascii(") ");
  }

  /** {@code [2023-03-08T00:00:02.345+0000][2.345s][info][tags] } */
  private Out decorators(String tags) throws IOException {
    long millis = gcUptimeNanos / 1_000_000;
    long second = millis / 1000;
    if (second != ulStampSecond) {
      ulStampSecond = second;
      ZonedDateTime t = Instant.ofEpochMilli(START_EPOCH_MILLIS + second * 1000).atZone(ZoneOffset.UTC);
      ulStamp = ascii(String.format(Locale.ROOT, "[%04d-%02d-%02dT%02d:%02d:%02d.", t.getYear(),
          t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond()));
    }
    int ms = (int) (millis % 1000);
    return out.bytes(ulStamp).digit(ms / 100).digit(ms / 10 % 10).digit(ms % 10).ascii("+0000][")
        .num(second).ascii(".").digit(ms / 100).digit(ms / 10 % 10).digit(ms % 10)
        .ascii("s][info][").ascii(tags).ascii("] ");
  }

  /** Milliseconds with 3 decimals. */
  private void ms3(long nanos) throws IOException {
    long micros = Math.max(1, nanos / 1000);
    out.num(micros / 1000).ascii(".").digit((int) (micros / 100 % 10)).digit((int) (micros / 10 % 10))
        .digit((int) (micros % 10)).ascii("ms");
  }

  // ---------------------------------------------------------------- output

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** A byte buffer with ASCII appenders; no String per field. */
  private static final class Out {
    private final OutputStream sink;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private final byte[] digits = new byte[20];

    Out(OutputStream sink) {
      this.sink = sink;
    }

    private void room(int n) throws IOException {
      if (pos + n > buf.length) {
        flush();
      }
    }

    void flush() throws IOException {
      sink.write(buf, 0, pos);
      pos = 0;
    }

    Out bytes(byte[] b) throws IOException {
      room(b.length);
      System.arraycopy(b, 0, buf, pos, b.length);
      pos += b.length;
      return this;
    }

    Out ascii(String s) throws IOException {
      room(s.length());
      for (int i = 0; i < s.length(); i++) {
        buf[pos++] = (byte) s.charAt(i);
      }
      return this;
    }

    Out ch(char c) throws IOException {
      room(1);
      buf[pos++] = (byte) c;
      return this;
    }

    Out digit(int d) throws IOException {
      room(1);
      buf[pos++] = (byte) ('0' + d);
      return this;
    }

    Out num(long v) throws IOException {
      room(20);
      if (v == 0) {
        buf[pos++] = '0';
        return this;
      }
      int n = 0;
      while (v > 0) {
        digits[n++] = (byte) ('0' + v % 10);
        v /= 10;
      }
      while (n > 0) {
        buf[pos++] = digits[--n];
      }
      return this;
    }

    Out nl() throws IOException {
      return ch('\n');
    }
  }
}
