package tardy.record;

import tardy.analysis.Analysis;
import tardy.analysis.Analyzer;
import tardy.record.grouping.Grouping;
import tardy.record.histogram.Histograms;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.analysis.Correlation;
import tardy.record.pause.PauseIndex;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;

/** The overlap rule against a plain loop over every pause, on random requests and pauses. */
class PauseOverlapsTest {

  private static final long MS = 1_000_000L;
  private static final String[] KINDS = {"G1CollectForAllocation", "PrintThreads", "G1CollectFull"};

  private record Pause(int kind, long endMillis, long nanos) {}

  private record Request(String target, long endMillis, int resolution, long nanos) {}

  @Test
  void countsAsAPlainLoopOverEveryPauseDoes() {
    Random random = new Random(16);
    List<Pause> pauses = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      int kind = random.nextInt(KINDS.length);
      long nanos = kind == 2 ? (200 + random.nextInt(2000)) * MS : random.nextInt(30 * (int) MS);
      pauses.add(new Pause(kind, random.nextInt(600_000), nanos)); // some overlap one another
    }
    List<Request> requests = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      int resolution = random.nextInt(4) == 0 ? 1000 : 1;
      long end = random.nextInt(600_000);
      requests.add(new Request(random.nextBoolean() ? "/a/" + i : "/b", end - end % resolution,
          resolution, RecorderTest.latency(random)));
    }
    PauseIndex.Collector collector = new PauseIndex.Collector(Grouping.DEFAULT);
    PauseEvent pause = new PauseEvent();
    for (Pause p : pauses) {
      byte[] kind = KINDS[p.kind].getBytes(StandardCharsets.US_ASCII);
      collector.pause(pause.reset().kind(kind, 0, kind.length).totalNanos(p.nanos)
          .wallMillis(p.endMillis));
    }
    PauseIndex index = collector.build(OptionalLong.empty());
    Recorder first = new Recorder(Grouping.DEFAULT, 100, index);
    Recorder second = new Recorder(Grouping.DEFAULT, 100, index);
    RequestEvent event = new RequestEvent();
    long[] overlappedA = new long[1];
    long[] perKind = new long[KINDS.length];
    List<Long> withoutA = new ArrayList<>();
    for (int i = 0; i < requests.size(); i++) {
      Request r = requests.get(i);
      byte[] line = ("GET " + r.target).getBytes(StandardCharsets.US_ASCII);
      event.reset(line).request(0, 3, 4, line.length).status(200).latencyNanos(r.nanos)
          .wallMillis(r.endMillis).wallResolutionMillis(r.resolution);
      (i < requests.size() / 2 ? first : second).request(event); // two parts, added in order
      boolean any = false;
      boolean[] kinds = new boolean[KINDS.length];
      for (Pause p : pauses) {
        // the documented rule, written out: the request's latest possible start is before the
        // pause's earliest possible end, its earliest possible end after the pause's latest start
        long latestStart = r.endMillis * MS + (r.resolution + 1) * MS + MS - r.nanos;
        long earliestEnd = r.endMillis * MS;
        long pauseEnd = p.endMillis * MS;
        if (latestStart < pauseEnd - MS && earliestEnd > pauseEnd - p.nanos + MS) {
          any = true;
          kinds[p.kind] = true;
        }
      }
      for (int k = 0; k < KINDS.length; k++) {
        perKind[k] += kinds[k] ? 1 : 0;
      }
      if (r.target.equals("/b")) {
        overlappedA[0] += any ? 1 : 0;
        if (!any) {
          withoutA.add(r.nanos);
        }
      }
    }
    first.add(second);
    Analysis a = Analyzer.analyze("t", first, List.of());
    Correlation c = a.timeline().orElseThrow();
    Correlation.Operation b = c.operations().stream().filter(o -> o.key().equals("GET /b"))
        .findFirst().orElseThrow();
    assertThat(overlappedA[0]).isGreaterThan(100);
    assertThat(b.overlapped()).isEqualTo(overlappedA[0]);
    for (Correlation.Kind k : c.kinds()) {
      assertThat(k.requests()).as(k.kind())
          .isEqualTo(perKind[Arrays.asList(KINDS).indexOf(k.kind())]);
    }
    long[] sorted = withoutA.stream().mapToLong(Long::longValue).sorted().toArray();
    for (var p : b.without().points()) {
      long exact = sorted[Math.max(0, (int) Math.ceil(p.percentile() / 100 * sorted.length) - 1)];
      assertThat(b.without().at(p.label())).as("p%s without", p.label())
          .isEqualTo(Histograms.newNanos().highestEquivalentValue(exact));
    }
  }

  @Test
  void aPauseStampedAtItsStartAndOneOnUptimeArePlacedByTheirOwnRule() {
    PauseIndex anchored = stampedAtStartAndOnUptime().build(OptionalLong.of(100_000));
    assertThat(anchored.size()).isEqualTo(2);
    assertThat(anchored.unplaced()).isEqualTo(1);
    assertThat(anchored.startNanos(0)).isEqualTo(10_000 * MS);
    assertThat(anchored.endNanos(0)).isEqualTo(10_050 * MS);
    assertThat(anchored.endNanos(1)).isEqualTo(103_000 * MS);
    PauseIndex unanchored = stampedAtStartAndOnUptime().build(OptionalLong.empty());
    assertThat(unanchored.size()).isEqualTo(1);
    assertThat(unanchored.unplaced()).isEqualTo(2);
  }

  private static PauseIndex.Collector stampedAtStartAndOnUptime() {
    PauseIndex.Collector collector = new PauseIndex.Collector(Grouping.DEFAULT);
    PauseEvent e = new PauseEvent();
    byte[] kind = "GC".getBytes(StandardCharsets.US_ASCII);
    collector.pause(e.reset().kind(kind, 0, 2).totalNanos(50 * MS).wallMillis(10_000)
        .stampedAtStart(true));
    collector.pause(e.reset().kind(kind, 0, 2).totalNanos(20 * MS).uptimeMillis(3_000));
    collector.pause(e.reset().kind(kind, 0, 2).totalNanos(20 * MS).uptimeMillis(1_000)); // restart
    return collector;
  }

  @Test
  void aRequestWithoutTimeIsCountedAsNotPlaced() {
    PauseIndex.Collector collector = new PauseIndex.Collector(Grouping.DEFAULT);
    PauseIndex index = collector.build(OptionalLong.empty());
    Recorder recorder = new Recorder(Grouping.DEFAULT, 10, index);
    byte[] line = "GET /x".getBytes(StandardCharsets.US_ASCII);
    recorder.request(new RequestEvent().reset(line).request(0, 3, 4, 6).latencyNanos(MS)
        .wallMillis(Times.NONE));
    Correlation c = Analyzer.analyze("t", recorder, List.of()).timeline().orElseThrow();
    assertThat(c.requestsUnplaced()).isEqualTo(1);
    assertThat(c.operations().get(0).overlapped()).isZero();
  }

  /** An operation's name without digits, which the default grouping would fold: 12 is "/bc". */
  private static String letters(int n) {
    StringBuilder s = new StringBuilder("/");
    for (char c : Integer.toString(n).toCharArray()) {
      s.append((char) ('a' + c - '0'));
    }
    return s.toString();
  }

  private static int number(String letters) {
    StringBuilder s = new StringBuilder();
    for (char c : letters.substring(1).toCharArray()) {
      s.append((char) ('0' + c - 'a'));
    }
    return Integer.parseInt(s.toString());
  }

  /** Pauses every {@code everyMillis} over {@code spanMillis}, so the timeline has intervals. */
  private static PauseIndex pausesAcross(long spanMillis, long everyMillis) {
    PauseIndex.Collector collector = new PauseIndex.Collector(Grouping.DEFAULT);
    PauseEvent e = new PauseEvent();
    byte[] kind = "GC".getBytes(StandardCharsets.US_ASCII);
    for (long t = everyMillis; t <= spanMillis; t += everyMillis) {
      collector.pause(e.reset().kind(kind, 0, 2).totalNanos(5 * MS).wallMillis(t));
    }
    return collector.build(OptionalLong.empty());
  }

  private static void request(Recorder r, String target, long endMillis, long nanos) {
    byte[] line = ("GET " + target).getBytes(StandardCharsets.US_ASCII);
    r.request(new RequestEvent().reset(line).request(0, 3, 4, line.length).status(200)
        .latencyNanos(nanos).wallMillis(endMillis).wallResolutionMillis(1));
  }

  @Test
  void eachIntervalHasThePercentilesOfTheRequestsThatEndedInIt() {
    PauseIndex index = pausesAcross(600_000, 7_000);
    assertThat(index.intervals()).isBetween(50, PauseIndex.MAX_INTERVALS);
    Random random = new Random(1616);
    Recorder[] parts = {new Recorder(Grouping.DEFAULT, 100, index),
        new Recorder(Grouping.DEFAULT, 100, index), new Recorder(Grouping.DEFAULT, 100, index)};
    java.util.Map<Long, List<Long>> perInterval = new java.util.TreeMap<>();
    for (int i = 0; i < 30_000; i++) {
      long end = random.nextInt(600_000);
      long nanos = RecorderTest.latency(random);
      request(parts[random.nextInt(parts.length)], "/b", end, nanos);
      // the interval by its start in milliseconds, not by tardy's index
      long startMillis = index.firstIntervalNanos() / MS;
      long lengthMillis = index.intervalNanos() / MS;
      if (end < startMillis || end >= startMillis + index.intervals() * lengthMillis) {
        continue; // outside the pauses' span: in no interval
      }
      perInterval.computeIfAbsent(startMillis + (end - startMillis) / lengthMillis * lengthMillis,
          k -> new ArrayList<>()).add(nanos);
    }
    Recorder whole = parts[0];
    whole.add(parts[1]);
    whole.add(parts[2]);
    Correlation.Operation b = Analyzer.analyze("t", whole, List.of()).timeline().orElseThrow()
        .operations().get(0);
    int checked = 0;
    for (Correlation.Interval in : b.intervals()) {
      List<Long> values = perInterval.getOrDefault(in.startEpochNanos() / MS, List.of());
      assertThat(in.count()).isEqualTo(values.size());
      if (values.isEmpty()) {
        assertThat(in.percentiles()).isEmpty();
        continue;
      }
      long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
      assertThat(in.maxNanos()).isEqualTo(sorted[sorted.length - 1]);
      for (String label : new String[] {"50", "99", "100"}) {
        long exact = sorted[Math.max(0,
            (int) Math.ceil(Double.parseDouble(label) / 100 * sorted.length) - 1)];
        assertThat(in.percentiles().orElseThrow().at(label)).as("p%s at %s", label, in.startEpochNanos())
            .isEqualTo(Math.min(in.maxNanos(), Histograms.newNanos().highestEquivalentValue(exact)));
      }
      checked++;
    }
    assertThat(checked).isGreaterThan(50);
  }

  @Test
  void pastTheBoundEveryOperationKeepsOnlyCountAndMaxPerIntervalWhateverTheCuts() {
    PauseIndex index = pausesAcross(600_000, 10_000);
    int intervals = index.intervals();
    int operations = (int) (PauseOverlaps.MAX_INTERVAL_HISTOGRAMS / intervals) + 2;
    // in one part each operation meets every interval; cut in two, no part alone is past the bound
    Recorder whole = new Recorder(Grouping.DEFAULT, 100_000, index);
    Recorder early = new Recorder(Grouping.DEFAULT, 100_000, index);
    Recorder late = new Recorder(Grouping.DEFAULT, 100_000, index);
    long lengthMillis = index.intervalNanos() / MS;
    long firstMillis = index.firstIntervalNanos() / MS;
    for (int i = 0; i < intervals; i++) {
      for (int op = 0; op < operations; op++) {
        long end = firstMillis + i * lengthMillis + 1;
        request(whole, letters(op), end, (op + 1) * MS);
        request(i < intervals / 2 ? early : late, letters(op), end, (op + 1) * MS);
      }
    }
    early.add(late);
    for (Recorder r : new Recorder[] {whole, early}) {
      Correlation c = Analyzer.analyze("t", r, List.of()).timeline().orElseThrow();
      assertThat(c.operations()).hasSize(operations);
      for (Correlation.Operation o : c.operations()) {
        assertThat(o.intervals()).allSatisfy(in -> {
          assertThat(in.count()).isEqualTo(1);
          assertThat(in.percentiles()).isEmpty();
          assertThat(in.maxNanos()).isEqualTo((number(o.key().substring(4)) + 1L) * MS);
        });
      }
    }
  }

  @Test
  void underTheBoundIntervalsKeepTheirPercentilesThroughTheEncoding() throws java.io.IOException {
    PauseIndex index = pausesAcross(120_000, 10_000);
    Recorder r = new Recorder(Grouping.DEFAULT, 100, index);
    for (long t = 0; t < 120_000; t += 100) {
      request(r, "/x", t, (1 + t % 7) * MS);
    }
    Result.Spec spec = Result.Spec.report(Grouping.DEFAULT, 100).withPauses(index);
    Correlation direct = Analyzer.analyze("t", r, List.of()).timeline().orElseThrow();
    assertThat(direct.operations().get(0).intervals())
        .allSatisfy(in -> assertThat(in.percentiles()).isPresent());
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    r.write(new java.io.DataOutputStream(bytes));
    Recorder back = Recorder.read(new java.io.DataInputStream(
        new java.io.ByteArrayInputStream(bytes.toByteArray())), Grouping.DEFAULT, 100, index,
        tardy.events.Times.NONE);
    assertThat(Analyzer.analyze("t", back, List.of()).timeline().orElseThrow().operations())
        .isEqualTo(direct.operations());
  }

  @Test
  void aGcPauseInsideASafepointIsOneStopAndARequestInBothIsCountedOnce() {
    PauseIndex.Collector collector = new PauseIndex.Collector(Grouping.DEFAULT);
    PauseEvent e = new PauseEvent();
    byte[] safepoint = "G1CollectForAllocation".getBytes(StandardCharsets.US_ASCII);
    byte[] young = "Pause Young (Normal)".getBytes(StandardCharsets.US_ASCII);
    // the GC pause ends a millisecond before its safepoint's line; another GC pause, of a JVM
    // that logs no safepoints, stands alone
    collector.pause(e.reset().family(tardy.events.Family.GC_PAUSE).kind(young, 0, young.length)
        .totalNanos(48 * MS).wallMillis(10_049));
    collector.pause(e.reset().family(tardy.events.Family.SAFEPOINT).kind(safepoint, 0, safepoint.length)
        .totalNanos(50 * MS).wallMillis(10_050));
    collector.pause(e.reset().family(tardy.events.Family.GC_PAUSE).kind(young, 0, young.length)
        .totalNanos(30 * MS).wallMillis(20_030));
    PauseIndex index = collector.build(OptionalLong.empty());
    assertThat(index.size()).isEqualTo(3);
    assertThat(index.stops()).isEqualTo(2);
    Recorder r = new Recorder(Grouping.DEFAULT, 10, index);
    request(r, "/in-both", 10_100, 200 * MS); // 9.9 s to 10.1 s: the stop at 10.0 s
    request(r, "/alone", 20_100, 200 * MS); // 19.9 s to 20.1 s: the lone GC pause
    request(r, "/neither", 15_000, 10 * MS);
    Correlation c = Analyzer.analyze("t", r, List.of()).timeline().orElseThrow();
    assertThat(c.pausesPlaced()).isEqualTo(3);
    assertThat(c.stops()).isEqualTo(2);
    java.util.Map<String, Correlation.Operation> ops = new java.util.HashMap<>();
    c.operations().forEach(o -> ops.put(o.key(), o));
    assertThat(ops.get("GET /in-both").overlapped()).isEqualTo(1);
    assertThat(ops.get("GET /in-both").pauses()).extracting(Correlation.Met::family)
        .containsExactly("safepoint", "gc-pause");
    assertThat(ops.get("GET /alone").overlapped()).isEqualTo(1);
    assertThat(ops.get("GET /neither").overlapped()).isZero();
    assertThat(c.kinds()).extracting(Correlation.Kind::kind, Correlation.Kind::family,
        Correlation.Kind::pauses, Correlation.Kind::requests).containsExactly(
        org.assertj.core.groups.Tuple.tuple("G1CollectForAllocation", "safepoint", 1L, 1L),
        org.assertj.core.groups.Tuple.tuple("Pause Young (Normal)", "gc-pause", 2L, 2L));
  }
}
