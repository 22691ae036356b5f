package tardy.analysis.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import tardy.events.LogFormat;
import tardy.events.ParseStats;
import tardy.events.Times;
import tardy.events.input.LineReader;
import tardy.formats.Formats;
import tardy.record.Recorder;
import tardy.record.grouping.Grouping;
import tardy.record.heap.HeapSeries;

/**
 * Every GC log of the shared corpus and of samples/: the heap transitions tardy records equal,
 * pause by pause, the ones a regular-expression pass over the text finds ({@link HeapTruth}),
 * and the allocated bytes and the heap after GC tardy reports per run equal those computed here
 * from that pass.
 */
class HeapCorpusTest {

  @Test
  void everyGcLogOfTheCorpusGivesTheHeapARegexPassFinds() throws IOException {
    SoftAssertions soft = new SoftAssertions();
    Tally tally = new Tally();
    HeapTruth.forEachGcLog((name, text, unified) -> check(soft, tally, name, text, unified));
    soft.assertAll();
    // the corpus holds heap transitions of both families of log, and restarts
    assertThat(tally.transitions).as("transitions checked").isGreaterThan(10_000);
    assertThat(tally.jdk8Files).as("JDK 8 logs with a heap").isGreaterThan(10);
    assertThat(tally.unifiedFiles).as("unified logs with a heap").isGreaterThan(10);
    assertThat(tally.splits).as("pauses with a young/old split checked").isGreaterThan(1000);
    assertThat(tally.metaspaces).as("pauses with metaspace checked").isGreaterThan(100);
    System.out.printf(java.util.Locale.ROOT, "%d transitions, %d splits, %d metaspace%n",
        tally.transitions, tally.splits, tally.metaspaces);
  }

  @Test
  void everySampleGcLogGivesTheHeapARegexPassFinds() throws IOException {
    Path samples = Path.of("..", "samples");
    SoftAssertions soft = new SoftAssertions();
    Tally tally = new Tally();
    List<Path> logs;
    try (Stream<Path> s = Files.list(samples)) {
      logs = s.filter(p -> p.getFileName().toString().startsWith("gc-")).sorted().toList();
    }
    for (Path log : logs) {
      byte[] bytes = Files.readAllBytes(log);
      check(soft, tally, log.toString(), bytes, !log.getFileName().toString().contains("jdk8"));
    }
    soft.assertAll();
    // all but ZGC's and Shenandoah's, whose heap is their cycles' (checked apart)
    assertThat(tally.unifiedFiles + tally.jdk8Files).as("samples with a heap from pauses")
        .isEqualTo(5);
  }

  /** The runs made here (src/test/heap-log-generator), each collector and JDK. */
  @Test
  void everyGeneratedGcLogGivesTheHeapARegexPassFinds() throws IOException {
    SoftAssertions soft = new SoftAssertions();
    Tally tally = new Tally();
    List<Path> logs;
    try (Stream<Path> s = Files.list(KnownAllocationTest.DIR)) {
      logs = s.filter(p -> p.toString().endsWith(".log") || p.toString().endsWith(".log.gz"))
          .sorted().toList();
    }
    for (Path log : logs) {
      for (Map.Entry<String, byte[]> text : HeapTruth.texts(log).entrySet()) {
        check(soft, tally, text.getKey(), text.getValue(), true);
      }
    }
    soft.assertAll();
    assertThat(logs).hasSize(22);
    assertThat(tally.splits).as("pauses with a young/old split checked").isGreaterThan(500);
  }

  static final class Tally {
    long transitions;
    long splits;
    long metaspaces;
    int jdk8Files;
    int unifiedFiles;
  }

  /** Reads one log as tardy does and holds its heap to the regex pass's. */
  static void check(SoftAssertions soft, Tally tally, String name, byte[] bytes, boolean unified) {
    HeapSeries series = parse(bytes, unified);
    List<HeapTruth.Transition> truth = unified ? HeapTruth.unified(bytes) : HeapTruth.jdk8(bytes);
    List<HeapTruth.Transition> parsed = new ArrayList<>();
    for (int i = 0; i < series.size(); i++) {
      if (Times.isSet(series.afterBytes(i))) {
        parsed.add(new HeapTruth.Transition(series.beforeBytes(i), series.afterBytes(i),
            series.capacityBytes(i), (series.flags(i) & HeapSeries.FULL) != 0,
            truthUptime(truth, parsed.size(), series.uptimeMillis(i))));
      }
    }
    soft.assertThat(parsed).as("heap transitions of %s", name).isEqualTo(truth);
    List<HeapTruth.Split> truthSplits = unified ? HeapTruth.unifiedSplits(bytes)
        : HeapTruth.jdk8Splits(bytes);
    List<HeapTruth.Split> parsedSplits = new ArrayList<>();
    for (int i = 0; i < series.size(); i++) {
      if (Times.isSet(series.afterBytes(i))) {
        parsedSplits.add(new HeapTruth.Split(orMinus(series.youngBeforeBytes(i)),
            orMinus(series.youngAfterBytes(i)), orMinus(series.oldBeforeBytes(i)),
            orMinus(series.oldAfterBytes(i)), orMinus(series.metaspaceAfterBytes(i)),
            GenerationFigures.isYoungOnly(series.flags(i))
                && Times.isSet(series.oldAfterBytes(i))));
      }
    }
    soft.assertThat(parsedSplits).as("young/old/metaspace of %s", name).isEqualTo(truthSplits);
    tally.splits += truthSplits.stream().filter(x -> x.oldAfter() >= 0).count();
    tally.metaspaces += truthSplits.stream().filter(x -> x.metaspaceAfter() >= 0).count();
    if (series.cycles().size() > 0) { // a concurrent collector: its heap is its cycles'
      List<Long> after = new ArrayList<>();
      for (int i = 0; i < series.cycles().size(); i++) {
        after.add(series.cycles().afterBytes(i));
      }
      soft.assertThat(after).as("heap after each cycle of %s", name).isEqualTo(
          ConcurrentCycleHeapTest.cycles(bytes).stream().map(c -> c.after()).toList());
      soft.assertThat(HeapAnalyzer.runs(series)).as("heap section from cycles for %s", name)
          .allSatisfy(r -> assertThat(r.heap().map(HeapRun.Heap::cycles)).contains(true));
      return;
    }
    if (truth.isEmpty()) {
      soft.assertThat(HeapAnalyzer.runs(series)).as("no heap section for %s", name).isEmpty();
      return;
    }
    tally.transitions += truth.size();
    if (unified) {
      tally.unifiedFiles++;
    } else {
      tally.jdk8Files++;
    }
    List<HeapRun> runs = HeapAnalyzer.runs(series);
    long allocated = 0;
    long transitions = 0;
    long afterMin = Long.MAX_VALUE;
    long afterMax = Long.MIN_VALUE;
    for (HeapRun r : runs) {
      if (r.heap().isPresent()) {
        allocated += r.heap().get().allocatedBytes();
        transitions += r.heap().get().transitions();
        afterMin = Math.min(afterMin, r.heap().get().afterMinBytes());
        afterMax = Math.max(afterMax, r.heap().get().afterMaxBytes());
      }
    }
    soft.assertThat(transitions).as("transitions counted in %s", name).isEqualTo(truth.size());
    soft.assertThat(afterMin).as("least heap after GC in %s", name)
        .isEqualTo(truth.stream().mapToLong(HeapTruth.Transition::after).min().orElseThrow());
    soft.assertThat(afterMax).as("most heap after GC in %s", name)
        .isEqualTo(truth.stream().mapToLong(HeapTruth.Transition::after).max().orElseThrow());
    soft.assertThat(allocated).as("bytes allocated in %s (%d runs)", name, runs.size())
        .isEqualTo(allocatedPerRun(truth));
    checkGenerations(soft, name, runs, truthSplits);
  }

  /**
   * The run figures of the split, summed over the runs, equal those computed here from the regex
   * pass: the promoted bytes (old after less before over the young-only collections, negative
   * steps as 0), the least and most old generation after GC, the most metaspace after GC.
   */
  private static void checkGenerations(SoftAssertions soft, String name, List<HeapRun> runs,
      List<HeapTruth.Split> truth) {
    long promoted = 0;
    long oldMin = Long.MAX_VALUE;
    long oldMax = -1;
    long metaMax = -1;
    for (HeapTruth.Split x : truth) {
      if (x.oldAfter() >= 0) {
        oldMin = Math.min(oldMin, x.oldAfter());
        oldMax = Math.max(oldMax, x.oldAfter());
        if (x.youngOnly() && x.oldBefore() >= 0) {
          promoted += Math.max(0, x.oldAfter() - x.oldBefore());
        }
      }
      metaMax = Math.max(metaMax, x.metaspaceAfter());
    }
    long runPromoted = 0;
    long runOldMin = Long.MAX_VALUE;
    long runOldMax = -1;
    long runMetaMax = -1;
    for (HeapRun r : runs) {
      if (r.heap().isPresent() && r.heap().get().generations().isPresent()) {
        HeapRun.Generations g = r.heap().get().generations().get();
        runPromoted += g.promotedBytes();
        runOldMin = Math.min(runOldMin, g.oldAfterMinBytes());
        runOldMax = Math.max(runOldMax, g.oldAfterMaxBytes());
      }
      if (r.heap().isPresent() && r.heap().get().metaspace().isPresent()) {
        runMetaMax = Math.max(runMetaMax, r.heap().get().metaspace().get().afterMaxBytes());
      }
    }
    soft.assertThat(runPromoted).as("bytes promoted in %s", name).isEqualTo(promoted);
    soft.assertThat(runOldMin).as("least old generation after GC in %s", name).isEqualTo(oldMin);
    soft.assertThat(runOldMax).as("most old generation after GC in %s", name).isEqualTo(oldMax);
    soft.assertThat(runMetaMax).as("most metaspace after GC in %s", name).isEqualTo(metaMax);
  }

  private static long orMinus(long bytes) {
    return Times.isSet(bytes) ? bytes : -1;
  }

  /**
   * The allocated bytes with the runs cut where the line's own uptime goes back by more than a
   * second (a JDK 8 log's uptime is not read here: those logs count as one run).
   */
  private static long allocatedPerRun(List<HeapTruth.Transition> truth) {
    long sum = 0;
    List<HeapTruth.Transition> run = new ArrayList<>();
    long last = -1;
    for (HeapTruth.Transition t : truth) {
      if (t.uptimeMillis() >= 0 && last >= 0 && t.uptimeMillis() + 1000 < last) {
        sum += HeapTruth.allocated(run);
        run.clear();
      }
      if (t.uptimeMillis() >= 0) {
        last = t.uptimeMillis();
      }
      run.add(t);
    }
    return sum + HeapTruth.allocated(run);
  }

  /** The regex pass reads uptime only from unified logs: compare it where it has one. */
  private static long truthUptime(List<HeapTruth.Transition> truth, int index, long parsed) {
    return index < truth.size() && truth.get(index).uptimeMillis() >= 0 ? parsed : -1;
  }

  static HeapSeries parse(byte[] bytes, boolean unified) {
    LogFormat format = Formats.byName(unified ? "jvm-unified" : "jdk8-gc").orElseThrow();
    Recorder recorder = new Recorder(Grouping.DEFAULT, 1000);
    try {
      new LineReader().read(new ByteArrayInputStream(bytes), format.newParser(), recorder,
          new ParseStats(), LineReader.Rejects.NONE, true);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return recorder.heap();
  }
}
