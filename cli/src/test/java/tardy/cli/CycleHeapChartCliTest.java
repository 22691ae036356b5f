package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tardy.events.LogText;

/**
 * The HTML heap chart of a concurrent collector (ZGC, Shenandoah), whose heap is its cycles':
 * each cycle's heap after it is drawn in the pixel column of its end, the heap when it began in
 * the column of its start, the allocation rate between cycles in the column where the gap ends,
 * and the GC pauses in theirs, on one time axis from the first pause or cycle start to the last
 * pause or cycle end. Every mark is held to a pass of regular expressions over the log written
 * here (cycle lines, Shenandoah's cleanup lines by GC id, pause lines), and the page is the same
 * bytes with --threads 1 and 2.
 */
class CycleHeapChartCliTest {

  private static final Path HEAP_LOGS = Path.of("..", "analysis", "src", "test", "resources",
      "heap-logs");
  private static final Path CORPUS = Path.of("..", "..", "shared", "corpus", "jvm");
  private static final int LEFT = 72;
  private static final int COLUMNS = 960 - 72 - 8;
  private static final int BAND = 90;
  private static final int PAUSE_TOP = 20;
  private static final int HEAP_TOP = 140;
  private static final int RATE_TOP = 260;

  private static final Pattern LINE = Pattern.compile("^((?:\\[[^\\]]*\\])+)\\s*(.*)$");
  private static final Pattern UPTIME = Pattern.compile(
      "\\[(?:(\\d+)[.,](\\d{3})s|(\\d+)ms|(\\d+)ns)\\]");
  private static final Pattern GC_ID = Pattern.compile("^GC\\((\\d+)\\) (.*)$");
  private static final String SIZE = "(\\d+[BKMG])";
  private static final Pattern ZGC_END = Pattern.compile("^(?:Garbage|Major|Minor) Collection"
      + " \\(.*\\) " + SIZE + "\\(\\d+%\\)->" + SIZE + "\\(\\d+%\\)(?: (\\d+)\\.(\\d{3})s)?$");
  private static final Pattern ZGC_START =
      Pattern.compile("^(?:Garbage|Major|Minor) Collection \\([^%]*\\)$");
  private static final Pattern CLEANUP = Pattern.compile(
      "^Concurrent cleanup.* " + SIZE + "->" + SIZE + "\\(" + SIZE + "\\) [\\d.]+ms$");
  private static final Pattern PAUSE = Pattern.compile(
      "^(?:[a-zA-Z]: )?Pause (.*?)(?: " + SIZE + "->" + SIZE + "\\(" + SIZE + "\\))? [\\d.]+ms$");

  /** A cycle as the expressions read it: ms, bytes ({@code before} -1 when unknown). */
  record Cycle(long start, long end, long before, long after) {}

  /** What the expressions find in one log: its GC pauses' times and its cycles. */
  record Truth(List<Long> pauses, List<Cycle> cycles, long cleanupLines) {}

  static Stream<String> logs() {
    List<String> logs = new ArrayList<>(List.of(
        "../samples/gc-zgc-cycles-jdk17.log", "../samples/gc-zgc-jdk25.log",
        "../samples/gc-shenandoah-jdk17.log",
        HEAP_LOGS.resolve("jdk17-zgc-gconly.log").toString(),
        HEAP_LOGS.resolve("jdk17-zgc-heapdebug.log.gz").toString(),
        HEAP_LOGS.resolve("jdk25-zgc-heapdebug.log.gz").toString(),
        HEAP_LOGS.resolve("jdk17-shenandoah-heapdebug.log.gz").toString(),
        HEAP_LOGS.resolve("jdk25-shenandoah-heapdebug.log.gz").toString(),
        HEAP_LOGS.resolve("jdk17-zgc-stalls.log.gz").toString(),
        HEAP_LOGS.resolve("jdk25-zgc-stalls.log.gz").toString()));
    for (String corpus : List.of(
        "251027-Java_java-garbage-collection-minidomo/gc-zgc.log",
        "krzysztofslusarski_jvm-gc-logs-analyzer/safepoint-analyzer-commons/src/test/resources/zgc.log.gz",
        "krzysztofslusarski_jvm-gc-logs-analyzer/safepoint-analyzer-commons/src/test/resources/shenandoah.log.gz",
        "eclipse_jifa/analysis/gc-log/src/test/resources/17ZGCParser.log",
        "chewiebug_GCViewer/src/test/resources/openjdk/unified-jvm-logging/sample-ujl-zgc-gc-all.txt")) {
      if (Files.exists(CORPUS.resolve(corpus))) {
        logs.add(CORPUS.resolve(corpus).toString());
      }
    }
    return logs.stream();
  }

  @ParameterizedTest
  @MethodSource("logs")
  void everyCycleAndPauseIsDrawnWhereTheLogPutsIt(String log, @TempDir Path dir)
      throws IOException {
    Truth truth = truth(Path.of(log));
    assertThat(truth.cycles()).as("cycles in the log").isNotEmpty();
    Path one = dir.resolve("one.html");
    Path two = dir.resolve("two.html");
    Cli.Result r1 = Cli.run("report", "--format", "html", "--threads", "1", "-o", one.toString(), log);
    Cli.Result r2 = Cli.run("report", "--format", "html", "--threads", "2", "-o", two.toString(), log);
    assertThat(r1.code()).as(r1.err()).isZero();
    assertThat(r2.code()).as(r2.err()).isZero();
    assertThat(Files.readAllBytes(two)).as("--threads 2").isEqualTo(Files.readAllBytes(one));

    Document doc = Jsoup.parse(one.toFile());
    assertThat(doc.select("svg.heap-chart")).as("one run, one chart").hasSize(1);
    Element svg = doc.selectFirst("svg.heap-chart");
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (long p : truth.pauses()) {
      first = Math.min(first, p);
      last = Math.max(last, p);
    }
    long maxHeap = 1;
    for (Cycle c : truth.cycles()) {
      first = Math.min(first, c.start());
      last = Math.max(last, c.end());
      maxHeap = Math.max(maxHeap, Math.max(c.before(), c.after()));
    }
    long span = last - first;
    // the heap after each cycle, in the column of its end; when it began, in that of its start
    TreeMap<Integer, long[]> after = new TreeMap<>();
    TreeMap<Integer, long[]> before = new TreeMap<>();
    for (Cycle c : truth.cycles()) {
      widen(after, column(c.end(), first, span), c.after());
      if (c.before() >= 0) {
        widen(before, column(c.start(), first, span), c.before());
      }
    }
    assertMarks(svg, "#0a3069", after, maxHeap, "heap after cycles");
    assertMarks(svg, "#80ccff", before, maxHeap, "heap when cycles began");
    assertThat(svg.select("path[stroke=#0969da]")).as("no heap from pauses").isEmpty();
    // the GC pauses in theirs, on the same axis
    List<Integer> pauseColumns = new ArrayList<>();
    for (long p : truth.pauses()) {
      int c = column(p, first, span);
      if (!pauseColumns.contains(c)) {
        pauseColumns.add(c);
      }
    }
    pauseColumns.sort(Comparator.naturalOrder());
    Element bars = svg.selectFirst("path[stroke=#cf222e]");
    List<Integer> drawn = new ArrayList<>();
    if (bars != null) {
      Matcher m = Pattern.compile("M(\\d+) ").matcher(bars.attr("d"));
      while (m.find()) {
        drawn.add(Integer.parseInt(m.group(1)) - LEFT);
      }
    }
    assertThat(drawn).as("pause columns").isEqualTo(pauseColumns);
    assertRate(svg, truth.cycles(), first, span);
    assertThat(doc.select("p.muted").eachText()).anyMatch(t -> t.contains(
        counted(truth.pauses().size(), "GC pause") + " and "
            + counted(truth.cycles().size(), "concurrent GC cycle") + ": a cycle is no pause"));
  }

  /** The allocation between cycles (overlapping ones one stretch), per column of the gap's end. */
  private static void assertRate(Element svg, List<Cycle> cycles, long first, long span) {
    List<Cycle> sorted = new ArrayList<>(cycles);
    sorted.sort(Comparator.comparingLong(Cycle::start)); // stable: log order on ties
    TreeMap<Integer, double[]> gaps = new TreeMap<>(); // bytes, ms
    long stretchEnd = sorted.get(0).end();
    long stretchAfter = sorted.get(0).after();
    for (Cycle c : sorted.subList(1, sorted.size())) {
      if (c.start() < stretchEnd) {
        if (c.end() >= stretchEnd) {
          stretchEnd = c.end();
          stretchAfter = c.after();
        }
        continue;
      }
      if (c.before() >= 0 && c.start() > stretchEnd) {
        double[] g = gaps.computeIfAbsent(column(c.start(), first, span), k -> new double[2]);
        g[0] += Math.max(0, c.before() - stretchAfter);
        g[1] += c.start() - stretchEnd;
      }
      stretchEnd = c.end();
      stretchAfter = c.after();
    }
    double maxRate = 1;
    for (double[] g : gaps.values()) {
      maxRate = Math.max(maxRate, g[0] * 1000 / g[1]);
    }
    Element line = svg.selectFirst("polyline[stroke=#1a7f37]");
    if (gaps.isEmpty()) {
      assertThat(line).as("no gap between cycles, no rate").isNull();
      return;
    }
    TreeMap<Integer, Double> drawn = new TreeMap<>();
    for (String point : line.attr("points").split(" ")) {
      String[] xy = point.split(",");
      drawn.put(Integer.parseInt(xy[0]) - LEFT, Double.parseDouble(xy[1]));
    }
    assertThat(drawn.keySet()).as("rate columns").containsExactlyElementsOf(gaps.keySet());
    for (Map.Entry<Integer, double[]> g : gaps.entrySet()) {
      double rate = g.getValue()[0] * 1000 / g.getValue()[1];
      assertThat(drawn.get(g.getKey())).as("rate at column %d", g.getKey())
          .isCloseTo(RATE_TOP + BAND * (1 - rate / maxRate), within(0.051));
    }
  }

  /** The path's "M x lo V hi" marks equal the least and most bytes per column, scaled. */
  private static void assertMarks(Element svg, String colour, TreeMap<Integer, long[]> expected,
      long maxHeap, String what) {
    Element path = svg.selectFirst("path[stroke=" + colour + "]");
    if (expected.isEmpty()) {
      assertThat(path).as(what).isNull();
      return;
    }
    assertThat(path).as(what).isNotNull();
    TreeMap<Integer, double[]> drawn = new TreeMap<>();
    Matcher m = Pattern.compile("M(\\d+) ([\\d.]+) V([\\d.]+)").matcher(path.attr("d"));
    while (m.find()) {
      drawn.put(Integer.parseInt(m.group(1)) - LEFT,
          new double[] {Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3))});
    }
    assertThat(drawn.keySet()).as(what + ": columns").containsExactlyElementsOf(expected.keySet());
    for (Map.Entry<Integer, long[]> e : expected.entrySet()) {
      double lo = HEAP_TOP + BAND * (1 - (double) e.getValue()[0] / maxHeap) + 0.5;
      double hi = HEAP_TOP + BAND * (1 - (double) e.getValue()[1] / maxHeap) - 0.5;
      assertThat(drawn.get(e.getKey())[0]).as(what + ": least at %d", e.getKey())
          .isCloseTo(lo, within(0.051));
      assertThat(drawn.get(e.getKey())[1]).as(what + ": most at %d", e.getKey())
          .isCloseTo(hi, within(0.051));
    }
  }

  /** The Shenandoah cleanup lines whose heap is read are parsed lines, not ignored ones. */
  @Test
  void shenandoahsCleanupLinesWithTheirHeapAreParsed(@TempDir Path dir) throws IOException {
    for (String log : List.of("../samples/gc-shenandoah-jdk17.log",
        HEAP_LOGS.resolve("jdk25-shenandoah-heapdebug.log.gz").toString())) {
      Truth truth = truth(Path.of(log));
      Path json = dir.resolve("r.json");
      Cli.Result r = Cli.run("report", "--format", "json", "-o", json.toString(), log);
      assertThat(r.code()).as(r.err()).isZero();
      String text = Files.readString(json);
      long parsed = number(text, "parsed");
      long pauses = truth.pauses().size() + stalls(Path.of(log));
      assertThat(truth.cleanupLines()).as("cleanup lines with a heap").isGreaterThan(3);
      assertThat(parsed).as(log + ": GC pauses, stalls and cleanup lines with a heap")
          .isEqualTo(pauses + truth.cleanupLines() + safepoints(Path.of(log)));
    }
  }

  private static long number(String json, String key) {
    Matcher m = Pattern.compile("\"" + key + "\" *: *(\\d+)").matcher(json);
    assertThat(m.find()).as(key).isTrue();
    return Long.parseLong(m.group(1));
  }

  private static long stalls(Path log) throws IOException {
    return count(log, Pattern.compile("\\] (?:GC\\(\\d+\\) )?(?:Allocation|Relocation) Stall \\(.*\\) [\\d.]+ms$"));
  }

  private static long safepoints(Path log) throws IOException {
    return count(log, Pattern.compile("\\] Safepoint \""));
  }

  private static long count(Path log, Pattern p) throws IOException {
    long n = 0;
    for (String line : LogText.of(log).split("\n")) {
      n += p.matcher(line).find() ? 1 : 0;
    }
    return n;
  }

  private static String counted(int n, String noun) {
    return String.format(java.util.Locale.ROOT, "%,d %s%s", n, noun, n == 1 ? "" : "s");
  }

  private static int column(long millis, long first, long span) {
    return (int) Math.max(0, Math.min(COLUMNS - 1, (millis - first) * (COLUMNS - 1) / span));
  }

  private static void widen(TreeMap<Integer, long[]> m, int column, long bytes) {
    long[] v = m.computeIfAbsent(column, k -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
    v[0] = Math.min(v[0], bytes);
    v[1] = Math.max(v[1], bytes);
  }

  /**
   * The log's GC pauses (their uptime) and cycles by regular expressions: ZGC's cycle lines (the
   * start from the length they print, else from the cycle's start line of the same GC); a
   * Shenandoah cycle is the cleanup lines of one GC id (the first one's time and heap before, the
   * last one's time and heap after), a degenerated pause (or, once cleanups were seen, a full one)
   * of that GC ending it, handed on when a line of another GC comes.
   */
  static Truth truth(Path log) throws IOException {
    List<Long> pauses = new ArrayList<>();
    List<Cycle> cycles = new ArrayList<>();
    Map<String, Long> zgcStarts = new LinkedHashMap<>();
    String openId = null;
    long[] open = null; // start, end, before, after
    boolean cleanups = false;
    long cleanupLines = 0;
    for (String line : LogText.of(log).split("\n")) {
      Matcher l = LINE.matcher(line.stripTrailing());
      if (!l.matches()) {
        continue;
      }
      Matcher u = UPTIME.matcher(l.group(1));
      if (!u.find()) {
        continue;
      }
      long ms = u.group(1) != null ? Long.parseLong(u.group(1)) * 1000 + Long.parseLong(u.group(2))
          : u.group(3) != null ? Long.parseLong(u.group(3)) : Long.parseLong(u.group(4)) / 1_000_000;
      Matcher g = GC_ID.matcher(l.group(2));
      if (!g.matches()) {
        continue;
      }
      String id = g.group(1);
      String msg = g.group(2);
      if (open != null && !id.equals(openId)) {
        cycles.add(new Cycle(open[0], open[1], open[2], open[3]));
        open = null;
      }
      Matcher z = ZGC_END.matcher(msg);
      Matcher c = CLEANUP.matcher(msg);
      Matcher p = PAUSE.matcher(msg);
      if (z.matches()) {
        long start = z.group(3) != null
            ? ms - (Long.parseLong(z.group(3)) * 1000 + Long.parseLong(z.group(4)))
            : zgcStarts.getOrDefault(id, ms);
        cycles.add(new Cycle(start, ms, bytes(z.group(1)), bytes(z.group(2))));
      } else if (ZGC_START.matcher(msg).matches()) {
        zgcStarts.put(id, ms);
      } else if (c.matches()) {
        cleanups = true;
        cleanupLines++;
        open = part(open, ms, bytes(c.group(1)), bytes(c.group(2)));
        openId = id;
      } else if (p.matches()) {
        pauses.add(ms);
        boolean ends = p.group(1).contains("Degenerated")
            || cleanups && p.group(1).startsWith("Full");
        if (ends && p.group(2) != null) {
          cleanups = true;
          open = part(open, ms, bytes(p.group(2)), bytes(p.group(3)));
          openId = id;
        }
      }
    }
    if (open != null) {
      cycles.add(new Cycle(open[0], open[1], open[2], open[3]));
    }
    return new Truth(pauses, cycles, cleanupLines);
  }

  private static long[] part(long[] open, long ms, long before, long after) {
    if (open == null) {
      return new long[] {ms, ms, before, after};
    }
    open[1] = ms;
    open[3] = after;
    return open;
  }

  private static long bytes(String s) {
    long n = Long.parseLong(s.substring(0, s.length() - 1));
    return switch (s.charAt(s.length() - 1)) {
      case 'K' -> n << 10;
      case 'M' -> n << 20;
      case 'G' -> n << 30;
      default -> n;
    };
  }


  @Test
  void theCorpusIsThere() {
    Assumptions.assumeTrue(Files.isDirectory(CORPUS), "no corpus");
    assertThat(logs()).hasSizeGreaterThan(8);
  }
}
