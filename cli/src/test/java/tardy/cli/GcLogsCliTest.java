package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GC logs through the commands, on the real samples: the report keeps the families apart, check's
 * {@code pause:} patterns match GC pause kinds, and a GC-only log becomes an .hlog with one tag
 * per pause kind that HdrHistogram's own reader and processor open. Counts are checked against a
 * regular expression over the log, not against tardy's parser.
 */
class GcLogsCliTest {

  private static final Path SAMPLES = Path.of("..", "samples");
  private static final Pattern PAUSE = Pattern.compile(
      "^(?:\\[[^\\]]*\\])* ?(?:GC\\(\\d+\\) )?((?:[a-zA-Z]: )?Pause .*?)(?: \\S+->\\S+\\(\\S+\\))? (\\d+(?:[.,]\\d+)?)ms *$");

  @TempDir Path dir;

  private static Path sample(String name) {
    Path p = SAMPLES.resolve(name);
    if (!Files.exists(p)) {
      throw new IllegalStateException(p + ": a sample of the repository is missing");
    }
    return p;
  }

  /** Pause kind -> count, by a regular expression over the text. */
  private static Map<String, Long> pauseKinds(Path log) throws IOException {
    Map<String, Long> kinds = new HashMap<>();
    for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
      Matcher m = PAUSE.matcher(line);
      if (m.matches()) {
        kinds.merge(m.group(1), 1L, Long::sum);
      }
    }
    return kinds;
  }

  @Test
  void aGcAndSafepointLogShowsEachFamilyWithItsOwnTotal() throws IOException {
    Path log = sample("gc-g1-jdk17.log");
    Cli.Result r = Cli.run("report", log.toString(), "--format", "json");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("\"schema\" : 2");
    long gcTotal = pauseKinds(log).values().stream().mapToLong(Long::longValue).sum();
    long safepoints = Files.readAllLines(log).stream().filter(l -> l.contains("Safepoint \"")).count();
    List<String[]> groups = groups(r.out());
    assertThat(groups.stream().filter(g -> g[0].equals("(total)")).map(g -> g[1] + "=" + g[2]))
        .containsExactly("safepoint=" + safepoints, "gc-pause=" + gcTotal);
    Map<String, Long> kinds = new HashMap<>();
    groups.stream().filter(g -> g[1].equals("gc-pause") && !g[0].equals("(total)"))
        .forEach(g -> kinds.put(g[0], Long.parseLong(g[2])));
    assertThat(kinds).isEqualTo(pauseKinds(log));

    Cli.Result table = Cli.run("report", log.toString());
    assertThat(table.out()).contains("Safepoints (application stopped)", "GC pauses", "pause kind",
        "VM operation", "never added");
  }

  @Test
  void checkPausePatternsMatchGcPauseKinds() throws IOException {
    Path log = sample("gc-parallel-jdk25.log");
    Path sla = Files.writeString(dir.resolve("sla.yaml"), """
        operations:
          - name: Young collections
            pause: 'Pause Young*'
            category: instant
          - name: Full collections
            pause: 'Pause Full*'
            category: seamless
        """);
    Cli.Result r = Cli.run("check", log.toString(), "--requirements", sla.toString(), "--format", "json");
    assertThat(r.code()).isIn(0, 1);
    Map<String, Long> judged = new HashMap<>();
    groups(r.out()).forEach(g -> judged.put(g[0], Long.parseLong(g[2])));
    Map<String, Long> expected = new HashMap<>();
    pauseKinds(log).forEach((kind, n) -> expected.merge(
        kind.startsWith("Pause Young") ? "Young collections" : "Full collections", n, Long::sum));
    assertThat(judged).containsAllEntriesOf(expected);
  }

  @Test
  void aGcOnlyLogBecomesAnHlogWithOneTagPerPauseKind() throws Exception {
    Path log = sample("gc-parallel-jdk25.log");
    Path hlog = dir.resolve("gc.hlog");
    Cli.Result r = Cli.run("hlog", log.toString(), "--output", hlog.toString());
    assertThat(r.code()).isZero();
    Map<String, Long> byTag = new HashMap<>();
    long untagged = 0;
    try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
      for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
        Histogram histogram = (Histogram) h;
        if (histogram.getTag() == null) {
          untagged += histogram.getTotalCount();
        } else {
          byTag.merge(histogram.getTag(), histogram.getTotalCount(), Long::sum);
        }
      }
    }
    Map<String, Long> expected = new HashMap<>();
    pauseKinds(log).forEach((kind, n) -> expected.put(kind.replaceAll("[^A-Za-z0-9_.()-]", "_"), n));
    assertThat(byTag.keySet()).hasSameSizeAs(expected.keySet());
    assertThat(byTag.values().stream().mapToLong(Long::longValue).sum())
        .isEqualTo(expected.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(untagged);

    // HdrHistogram's own processor lists the tags and reads every interval
    Path out = dir.resolve("out");
    PrintStream saved = System.out;
    java.io.ByteArrayOutputStream listed = new java.io.ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(listed, true, StandardCharsets.UTF_8));
      new org.HdrHistogram.HistogramLogProcessor(new String[] {"-i", hlog.toString(), "-listtags"}).run();
    } finally {
      System.setOut(saved);
    }
    assertThat(listed.toString(StandardCharsets.UTF_8)).contains("[NO TAG (default)]")
        .contains(byTag.keySet());
    new org.HdrHistogram.HistogramLogProcessor(new String[] {"-i", hlog.toString(), "-o", out.toString(),
        "-outputValueUnitRatio", "1000000"}).run();
    String totalCount = "Total count = " + untagged;
    assertThat(Files.readAllLines(Path.of(out + ".hgrm"))).anyMatch(l -> l.replaceAll("\\s+", " ").contains(totalCount));
  }

  @Test
  void aZgcLogWithoutPausesSaysWhereTheyAre() throws IOException {
    Path log = Files.writeString(dir.resolve("zgc.log"), """
        [0.011s][info][gc] Using The Z Garbage Collector
        [0.154s][info][gc] GC(0) Garbage Collection (Allocation Stall) 64M(100%)->12M(19%)
        [0.168s][info][gc] Allocation Stall (main) 14.031ms
        """);
    Cli.Result r = Cli.run("report", log.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("Stalls (one thread each)", "Allocation Stall", "ZGC logs its pauses only with -Xlog:gc*");
  }

  /** key, family, count of every group and total of tardy's pretty-printed JSON, in order. */
  private static List<String[]> groups(String json) {
    Matcher m = Pattern.compile("\"key\" : \"([^\"]*)\",\\s*\"family\" : \"([^\"]*)\",\\s*\"count\" : (\\d+)")
        .matcher(json);
    List<String[]> out = new java.util.ArrayList<>();
    while (m.find()) {
      out.add(new String[] {m.group(1), m.group(2), m.group(3)});
    }
    return out;
  }

}
