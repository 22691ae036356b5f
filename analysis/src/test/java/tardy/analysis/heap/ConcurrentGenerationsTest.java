package tardy.analysis.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.events.Corpus;
import tardy.events.Times;
import tardy.record.heap.CycleSeries;
import tardy.record.heap.HeapSeries;

/**
 * The young/old split, the promotion and the metaspace of concurrent collectors' cycles, held to
 * a pass of regular expressions over the same logs written here: Temurin 25's generational ZGC
 * ({@code -Xlog:gc*} and with {@code gc+heap=debug}; samples/gc-zgc-jdk25.log, whose major
 * collection for System.gc() collects the young generation twice) and generational Shenandoah,
 * JDK 17's and Temurin 25's Shenandoah (src/test/resources/heap-logs, see its README).
 */
class ConcurrentGenerationsTest {

  private static final Pattern LINE =
      Pattern.compile("^(?:\\[[^\\]]*\\])+\\s*GC\\((\\d+)\\) (?:([yYO]): )?(.*)$");
  private static final String SIZE = "(\\d+[BKMG])";
  private static final Pattern ROW = Pattern.compile("^\\s*(Used|Promoted):\\s+(.*)$");
  private static final Pattern COLUMN = Pattern.compile("(-|\\d+[BKMG]) *(?:\\(\\d+%\\))?");
  private static final Pattern ZGC_END =
      Pattern.compile("^(Garbage|Major|Minor) Collection \\(.*\\) \\d+M\\(\\d+%\\)->\\d+M"
          + "\\(\\d+%\\)(?: .*)?");
  private static final Pattern SHENANDOAH_GENERATION = Pattern.compile(
      "^At end of .*: (Young|Old) generation used: " + SIZE + ",.*");
  private static final Pattern METASPACE_TRANSITION =
      Pattern.compile("^Metaspace: \\d+[BKMG]\\(\\d+[BKMG]\\)->" + SIZE + "\\(.*");
  private static final Pattern METASPACE_ZGC = Pattern.compile("^Metaspace: (\\d+)M used, .*");
  private static final Pattern METASPACE_PRINT =
      Pattern.compile("^\\s*Metaspace\\s+used " + SIZE + ", .*");

  /** One cycle's figures by the expressions, -1 where not given. */
  record Figures(long youngBefore, long youngAfter, long oldBefore, long oldAfter, long promoted,
      long metaspace) {}

  @ParameterizedTest
  @ValueSource(strings = {"jdk25-zgc", "jdk25-zgc-heapdebug", "jdk25-shenandoah-generational",
      "jdk25-shenandoah-heapdebug", "jdk25-shenandoah-live", "jdk17-shenandoah-live",
      "jdk17-zgc-heapdebug", "samples/gc-zgc-jdk25.log"})
  void everyCycleHasTheFiguresTheExpressionsFind(String name) throws IOException {
    byte[] log = name.startsWith("samples/") ? Files.readAllBytes(Path.of("..", name))
        : KnownAllocationTest.log(name);
    List<Figures> truth = figures(log);
    CycleSeries c = HeapCorpusTest.parse(log, true).cycles();
    assertThat(c.size()).as("cycles").isEqualTo(truth.size())
        .isGreaterThan(name.startsWith("samples/") ? 3 : 20);
    List<Figures> parsed = new ArrayList<>();
    for (int i = 0; i < c.size(); i++) {
      parsed.add(new Figures(or(c.youngBeforeBytes(i)), or(c.youngAfterBytes(i)),
          or(c.oldBeforeBytes(i)), or(c.oldAfterBytes(i)), or(c.promotedBytes(i)),
          or(c.metaspaceAfterBytes(i))));
    }
    assertThat(parsed).isEqualTo(truth);
    long split = truth.stream().filter(f -> f.oldAfter() >= 0).count();
    assertThat(split > 0).as("a split logged").isEqualTo(name.contains("zgc-jdk25")
        || name.startsWith("jdk25-zgc") || name.contains("generational"));
  }

  /** Every unified log of the corpus whose cycles the expressions find, ZGC's and Shenandoah's. */
  @Test
  void everyCorpusLogOfCyclesHasTheFiguresTheExpressionsFind() throws IOException {
    Path dir = Corpus.require("jvm");
    List<String> rows = Files.readAllLines(dir.resolve("INDEX.tsv"), StandardCharsets.UTF_8);
    SoftAssertions soft = new SoftAssertions();
    int logs = 0;
    long figures = 0;
    for (String row : rows.subList(1, rows.size())) {
      String[] cols = row.split("\t");
      if (!cols[5].startsWith("ul")) {
        continue;
      }
      for (Map.Entry<String, byte[]> text : HeapTruth.texts(dir.resolve(cols[0])).entrySet()) {
        List<Figures> truth = figures(text.getValue());
        if (truth.isEmpty()) {
          continue;
        }
        logs++;
        CycleSeries c = HeapCorpusTest.parse(text.getValue(), true).cycles();
        List<Figures> parsed = new ArrayList<>();
        for (int i = 0; i < c.size(); i++) {
          parsed.add(new Figures(or(c.youngBeforeBytes(i)), or(c.youngAfterBytes(i)),
              or(c.oldBeforeBytes(i)), or(c.oldAfterBytes(i)), or(c.promotedBytes(i)),
              or(c.metaspaceAfterBytes(i))));
        }
        soft.assertThat(parsed).as("cycles of %s", text.getKey()).isEqualTo(truth);
        figures += truth.stream().filter(f -> f.oldAfter() >= 0 || f.metaspace() >= 0).count();
      }
    }
    soft.assertAll();
    assertThat(logs).as("corpus logs of cycles").isGreaterThan(3);
    System.out.printf(java.util.Locale.ROOT, "%d logs of cycles, %d cycles with figures%n", logs,
        figures);
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdk25-zgc", "jdk25-zgc-heapdebug"})
  void generationalZgcPromotionIsTheSumOfWhatItsCyclesPromoted(String name) throws IOException {
    byte[] log = KnownAllocationTest.log(name);
    List<Figures> truth = figures(log);
    HeapSeries series = HeapCorpusTest.parse(log, true);
    HeapRun.Heap heap = HeapAnalyzer.runs(series).get(0).heap().orElseThrow();
    HeapRun.Generations g = heap.generations().orElseThrow();
    long promoted = 0;
    long promoting = 0;
    long oldMax = 0;
    for (Figures f : truth) {
      if (f.promoted() >= 0) {
        promoted += f.promoted();
        promoting++;
      }
      oldMax = Math.max(oldMax, f.oldAfter());
    }
    assertThat(g.promotedBytes()).isEqualTo(promoted).isGreaterThan(10L << 20);
    assertThat(g.youngCollections()).isEqualTo(promoting).isEqualTo(truth.size());
    assertThat(g.oldAfterMaxBytes()).isEqualTo(oldMax);
    assertThat(g.oldAfterLastBytes()).isEqualTo(truth.get(truth.size() - 1).oldAfter());
    // the old generation after the major collections past the warm-up: its floor
    HeapRun.LiveSet floor = g.oldFloor().orElseThrow();
    assertThat(floor.from()).isEqualTo(CycleHeap.WHOLE_HEAP);
    assertThat(floor.samples()).isEqualTo(majorsPastWarmUp(log)).isGreaterThanOrEqualTo(3);
    assertThat(floor.growing() || heap.liveSet().map(HeapRun.LiveSet::growing).orElse(false))
        .as("the leak named, from the old generation or the heap after the majors").isTrue();
    if (floor.samples() < 5) {
      return; // three majors in 20 s (jdk25-zgc): too few for the floor's slope to be the leak's
    }
    assertThat(floor.growing()).as("the leak named from the old generation").isTrue();
    Map<String, String> measured = new LinkedHashMap<>();
    for (String line : Files.readAllLines(KnownAllocationTest.DIR.resolve(name + ".txt"))) {
      String[] kv = line.split("=", 2);
      measured.put(kv[0], kv.length > 1 ? kv[1] : "");
    }
    double leak = Double.parseDouble(measured.get("leaked_bytes"))
        / Double.parseDouble(measured.get("seconds"));
    assertThat(floor.bytesPerSecond() / leak).as("the old floor's trend over the program's leak")
        .isBetween(0.7, 1.4); // measured: 1.37 (gc+heap=debug, 40 s, 13 majors)
  }

  /**
   * A starting JVM's generational ZGC old generation fills with what starting keeps, through its
   * warm-up majors: samples/gc-zgc-jdk25.log's old generation goes from 0 to 10 MiB in 115 ms over
   * three whole-heap collections, two of them warm-up ones, which is no leak.
   */
  @Test
  void theWarmUpMajorCollectionsGiveNoTrend() throws IOException {
    byte[] log = Files.readAllBytes(Path.of("..", "samples/gc-zgc-jdk25.log"));
    HeapRun.Heap run = HeapAnalyzer.runs(HeapCorpusTest.parse(log, true)).get(0).heap()
        .orElseThrow();
    long majors = majorsPastWarmUp(log);
    assertThat(majors).isEqualTo(1);
    HeapRun.LiveSet floor = run.generations().orElseThrow().oldFloor().orElseThrow();
    assertThat(floor.samples()).isEqualTo(majors);
    assertThat(floor.growing()).as("a trend needs 3 collections past the warm-up").isFalse();
    assertThat(run.liveSet().map(HeapRun.LiveSet::growing)).isNotEqualTo(Optional.of(true));
  }

  /** The major collections (their end lines) whose cause is not ZGC's {@code Warmup}. */
  private static long majorsPastWarmUp(byte[] log) {
    Matcher m = Pattern.compile("GC\\(\\d+\\) Major Collection \\((.*?)\\) \\d+M\\(")
        .matcher(new String(log, StandardCharsets.UTF_8));
    long n = 0;
    while (m.find()) {
      n += m.group(1).equals("Warmup") ? 0 : 1;
    }
    return n;
  }

  @Test
  void generationalShenandoahStatesNoPromotion() throws IOException {
    HeapRun.Generations g = HeapAnalyzer.runs(HeapCorpusTest.parse(
        KnownAllocationTest.log("jdk25-shenandoah-generational"), true)).get(0).heap()
        .orElseThrow().generations().orElseThrow();
    assertThat(g.youngCollections()).isZero();
    assertThat(g.promotionBytesPerSecond()).isEmpty();
    assertThat(g.oldFloor()).isEmpty(); // no cycle of it is known to leave only live objects
    assertThat(g.oldAfterMaxBytes()).isGreaterThan(20L << 20);
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdk25-shenandoah-live", "jdk25-shenandoah-generational",
      "jdk17-zgc-heapdebug"})
  void metaspaceIsTheLastCyclesAndTheMost(String name) throws IOException {
    byte[] log = KnownAllocationTest.log(name);
    List<Figures> truth = figures(log);
    HeapRun.Metaspace m = HeapAnalyzer.runs(HeapCorpusTest.parse(log, true)).get(0).heap()
        .orElseThrow().metaspace().orElseThrow();
    List<Long> logged = truth.stream().map(Figures::metaspace).filter(x -> x >= 0).toList();
    assertThat(m.pauses()).isEqualTo(logged.size()).isGreaterThan(20);
    assertThat(m.afterFirstBytes()).isEqualTo(logged.get(0));
    assertThat(m.afterLastBytes()).isEqualTo(logged.get(logged.size() - 1));
    assertThat(m.afterMaxBytes()).isEqualTo(logged.stream().mapToLong(x -> x).max().orElseThrow());
  }

  /**
   * The figures of each cycle by expressions: generational ZGC's statistics tables (young's and
   * old's Used at Mark Start and Relocate End, a minor collection's old as the heap's Used less
   * the young's, young's Promoted at Relocate End), generational Shenandoah's "At end of" lines,
   * the metaspace (a ZGC 0M line is no figure; the heap print's K one wins over ZGC's M one).
   */
  static List<Figures> figures(byte[] log) {
    List<Figures> out = new ArrayList<>();
    Map<String, Map<String, Long>> byId = new LinkedHashMap<>();
    String table = "";
    String shenandoahId = null;
    for (String line : new String(log, StandardCharsets.ISO_8859_1).split("\n")) {
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        continue;
      }
      String id = m.group(1);
      String msg = m.group(3).stripTrailing();
      Map<String, Long> f = byId.computeIfAbsent(id, k -> new LinkedHashMap<>());
      if (shenandoahId != null && !shenandoahId.equals(id)) {
        out.add(of(byId.remove(shenandoahId)));
        shenandoahId = null;
      }
      if (msg.endsWith("Statistics:")) {
        table = msg;
        continue;
      }
      Matcher row = ROW.matcher(msg);
      if (row.matches()) {
        List<Long> cols = new ArrayList<>();
        Matcher col = COLUMN.matcher(row.group(2));
        while (col.find()) {
          cols.add(col.group(1).equals("-") ? -1 : bytes(col.group(1)));
        }
        String key = table.startsWith("Heap") ? "heap" : table.startsWith("Young") ? "young"
            : table.startsWith("Old") ? "old" : "";
        if (row.group(1).equals("Used") && !key.isEmpty()) {
          f.putIfAbsent(key + "Start", cols.get(0)); // a young generation collected twice: the first
          f.put(key + "End", cols.get(3));
        } else if (row.group(1).equals("Promoted") && key.equals("young")) {
          f.merge("promoted", cols.get(3), Long::sum);
        }
        continue;
      }
      Matcher sg = SHENANDOAH_GENERATION.matcher(msg);
      if (sg.matches()) {
        f.put(sg.group(1).equals("Young") ? "youngEnd" : "oldEnd", bytes(sg.group(2)));
        f.put("shenandoahGenerations", 1L);
        continue;
      }
      Matcher mt = METASPACE_TRANSITION.matcher(msg);
      Matcher mz = METASPACE_ZGC.matcher(msg);
      Matcher mp = METASPACE_PRINT.matcher(msg);
      if (mt.matches()) {
        f.put("metaspace", bytes(mt.group(1)));
      } else if (mp.matches()) {
        f.put("metaspace", bytes(mp.group(1)));
        f.put("printed", 1L);
      } else if (mz.matches() && !f.containsKey("printed") && Long.parseLong(mz.group(1)) > 0) {
        f.put("metaspace", Long.parseLong(mz.group(1)) << 20);
      }
      if (ZGC_END.matcher(msg).matches()) {
        out.add(of(byId.remove(id)));
      } else if (msg.startsWith("Concurrent cleanup") || msg.startsWith("Pause Degenerated GC")
          && msg.contains("->")) {
        shenandoahId = id;
      }
    }
    if (shenandoahId != null) {
      out.add(of(byId.remove(shenandoahId)));
    }
    return out;
  }

  private static Figures of(Map<String, Long> f) {
    long youngBefore = f.getOrDefault("youngStart", -1L);
    long youngAfter = f.getOrDefault("youngEnd", -1L);
    long oldBefore = f.getOrDefault("oldStart", -1L);
    long oldAfter = f.getOrDefault("oldEnd", -1L);
    if (!f.containsKey("oldEnd") && youngBefore >= 0 && f.containsKey("heapStart")) {
      oldBefore = f.get("heapStart") - youngBefore; // a minor collection: the heap less young
      oldAfter = f.get("heapEnd") - youngAfter;
    }
    return new Figures(youngBefore, youngAfter, oldBefore, oldAfter,
        f.getOrDefault("promoted", -1L), f.getOrDefault("metaspace", -1L));
  }

  private static long or(long bytes) {
    return Times.isSet(bytes) ? bytes : -1;
  }

  private static long bytes(String size) {
    long n = Long.parseLong(size.substring(0, size.length() - 1));
    return n << "BKMG".indexOf(size.charAt(size.length() - 1)) * 10;
  }
}
