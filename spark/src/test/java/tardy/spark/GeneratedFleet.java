package tardy.spark;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * A fleet's logs written for a test: hosts × days in Hive's layout
 * ({@code dt=2026-11-25/host=web-01/access.log.gz} and {@code gc.log.gz}), nginx combined with
 * {@code $request_time} and G1's unified logging, each host with its own mix of operations and
 * speed. Every latency and pause written is kept, for a sort that checks the numbers without
 * tardy.
 */
final class GeneratedFleet {

  static final String[] ROUTES = {"GET /api/users", "POST /api/cart", "GET /static/app.js",
      "GET /health", "GET /api/reports"};
  private static final long DAY_MS = 86_400_000L;
  private static final long FIRST_DAY = 1_795_564_800_000L; // 2026-11-25T00:00Z
  private static final DateTimeFormatter NGINX = DateTimeFormatter
      .ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter UL = DateTimeFormatter
      .ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT).withZone(ZoneOffset.UTC);

  final Path root;
  final List<String> hosts;
  final List<String> days;
  /** Request latencies in ms by route; pause lengths in µs by pause name. */
  final Map<String, List<Long>> requestMs = new TreeMap<>();
  final Map<String, List<Long>> pauseMicros = new TreeMap<>();

  private GeneratedFleet(Path root, List<String> hosts, List<String> days) {
    this.root = root;
    this.hosts = hosts;
    this.days = days;
  }

  /**
   * Writes {@code hosts} × {@code days} pairs of logs under {@code root}, each file through
   * {@code compress} (gzip, zstd, ...), named with {@code suffix}.
   */
  static GeneratedFleet write(Path root, int hosts, int days, String suffix,
      UnaryOperator<OutputStream> compress) throws IOException {
    List<String> h = new ArrayList<>();
    List<String> d = new ArrayList<>();
    for (int i = 0; i < hosts; i++) {
      h.add(String.format(Locale.ROOT, "web-%02d", i + 1));
    }
    for (int i = 0; i < days; i++) {
      d.add(Instant.ofEpochMilli(FIRST_DAY + i * DAY_MS).toString().substring(0, 10));
    }
    GeneratedFleet fleet = new GeneratedFleet(root, h, d);
    for (int i = 0; i < hosts; i++) {
      for (int j = 0; j < days; j++) {
        Path dir = root.resolve("dt=" + d.get(j)).resolve("host=" + h.get(i));
        Files.createDirectories(dir);
        try (Writer out = writer(dir.resolve("access.log" + suffix), compress)) {
          fleet.access(out, i, j, 900 + 250 * i);
        }
        try (Writer out = writer(dir.resolve("gc.log" + suffix), compress)) {
          fleet.gc(out, i, j, 120 + 40 * i);
        }
      }
    }
    return fleet;
  }

  static GeneratedFleet gzipped(Path root, int hosts, int days) throws IOException {
    return write(root, hosts, days, ".gz", out -> {
      try {
        return new GZIPOutputStream(out);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
  }

  private static Writer writer(Path file, UnaryOperator<OutputStream> compress)
      throws IOException {
    return new OutputStreamWriter(compress.apply(Files.newOutputStream(file)),
        StandardCharsets.UTF_8);
  }

  /** The files of one kind ({@code access.log}, {@code gc.log}), in path order. */
  List<Path> files(String prefix) throws IOException {
    try (Stream<Path> all = Files.walk(root)) {
      return all.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().toList();
    }
  }

  /** Access lines every 2 s of the day; a host's favourite route, web-03 alone on reports. */
  private void access(Writer out, int host, int day, int count) throws IOException {
    SplittableRandom random = new SplittableRandom(31L * host + day);
    long start = FIRST_DAY + day * DAY_MS;
    for (int i = 0; i < count; i++) {
      int r = random.nextInt(3) == 0 ? host % 4 : random.nextInt(4);
      if (host == 2 && random.nextInt(5) == 0) {
        r = 4;
      }
      long ms = (long) (Math.exp(random.nextDouble() * 7) * (1 + 0.5 * host));
      requestMs.computeIfAbsent(ROUTES[r], k -> new ArrayList<>()).add(ms);
      out.write("10.0." + host + "." + (i % 250) + " - - ["
          + NGINX.format(Instant.ofEpochMilli(start + 2_000L * i)) + "] \"" + ROUTES[r]
          + " HTTP/1.1\" 200 " + (200 + random.nextInt(5000)) + " \"-\" \"gen/1.0\" "
          + ms / 1000 + "." + String.format(Locale.ROOT, "%03d", ms % 1000) + "\n");
    }
  }

  /** G1 young and mixed pauses every 10 s, slower on later hosts. */
  private void gc(Writer out, int host, int day, int count) throws IOException {
    SplittableRandom random = new SplittableRandom(1_000L + 31L * host + day);
    long start = FIRST_DAY + day * DAY_MS;
    for (int i = 0; i < count; i++) {
      boolean mixed = random.nextInt(6) == 0;
      long micros = (long) (Math.exp(random.nextDouble() * 5) * 400 * (1 + host));
      String kind = (mixed ? "Pause Young (Mixed)" : "Pause Young (Normal)")
          + " (G1 Evacuation Pause)"; // the cause is part of the kind, as tardy names it
      pauseMicros.computeIfAbsent(kind, k -> new ArrayList<>()).add(micros);
      long at = 10_000L * (i + 1);
      out.write("[" + UL.format(Instant.ofEpochMilli(start + at)) + "][" + at / 1000 + "."
          + String.format(Locale.ROOT, "%03d", at % 1000) + "s][info][gc] GC(" + i + ") " + kind
          + " 60M->20M(256M) " + micros / 1000 + "."
          + String.format(Locale.ROOT, "%03d", micros % 1000) + "ms\n");
    }
  }
}
