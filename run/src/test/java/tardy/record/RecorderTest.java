package tardy.record;

import tardy.analysis.Analysis;
import tardy.analysis.Analyzer;
import tardy.analysis.Summary;
import tardy.record.grouping.Grouping;
import tardy.record.histogram.Percentiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.AbstractHistogram;
import org.junit.jupiter.api.Test;
import tardy.events.Family;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

class RecorderTest {

  private final RequestEvent event = new RequestEvent();

  /** Records "METHOD target" with a latency and status, as nginx's parser would (499: aborted). */
  private void request(Recorder r, String method, String target, long nanos, int status) {
    byte[] line = (method + " " + target).getBytes(StandardCharsets.UTF_8);
    event.reset(line).request(0, method.length(), method.length() + 1, line.length)
        .status(status).clientAborted(status == 499).latencyNanos(nanos);
    r.request(event);
  }

  /** A mixture of fast, slow and rare very slow requests, as real services show. */
  static long latency(Random random) {
    double x = random.nextDouble();
    double base = x < 0.7 ? 5e6 : x < 0.98 ? 80e6 : 2e9;
    return (long) (base * Math.exp(random.nextGaussian() * 0.5));
  }

  @Test
  void percentilesMatchExactSortedValuesWithinHdrHistogramPrecision() {
    Random random = new Random(11);
    Recorder recorder = new Recorder(Grouping.DEFAULT, 100);
    Map<String, List<Long>> truth = new HashMap<>();
    String[] paths = {"/product/%d", "/cart/%d/items", "/search", "/invoice/%d.pdf"};
    for (int i = 0; i < 200_000; i++) {
      String template = paths[random.nextInt(paths.length)];
      long nanos = latency(random);
      String target = template.replace("%d", Integer.toString(random.nextInt(100_000))) + "?q=" + i;
      request(recorder, "GET", target, nanos, 200);
      truth.computeIfAbsent("GET " + template.replace("%d", "{id}"), k -> new ArrayList<>()).add(nanos);
    }
    Analysis analysis = Analyzer.analyze("t", recorder, List.of());
    assertThat(analysis.groups()).extracting(Summary::key)
        .containsExactlyInAnyOrderElementsOf(truth.keySet());
    for (Summary s : analysis.groups()) {
      long[] sorted = truth.get(s.key()).stream().mapToLong(Long::longValue).sorted().toArray();
      assertThat(s.count()).isEqualTo(sorted.length);
      assertThat(s.minNanos()).isEqualTo(sorted[0]);
      assertThat(s.maxNanos()).isEqualTo(sorted[sorted.length - 1]);
      assertThat(s.sumNanos()).isEqualTo(Arrays.stream(sorted).sum());
      for (Percentiles.Point p : s.latency().points()) {
        long exact = exactAt(sorted, p.percentile());
        assertEquivalent(s.histogram(), p.nanos(), exact, s.key() + " p" + p.label());
      }
    }
  }

  /** The nearest-rank percentile, as HdrHistogram defines it: rank ceil(p/100 * n), at least 1. */
  static long exactAt(long[] sorted, double percentile) {
    double justBelow = Math.nextAfter(percentile, Double.NEGATIVE_INFINITY);
    long rank = Math.max(1, (long) Math.ceil(justBelow / 100.0 * sorted.length));
    return sorted[(int) Math.min(rank, sorted.length) - 1];
  }

  static void assertEquivalent(AbstractHistogram h, long reported, long exact, String what) {
    assertThat(h.lowestEquivalentValue(reported)).as(what).isLessThanOrEqualTo(exact);
    assertThat(reported).as(what).isGreaterThanOrEqualTo(exact);
    assertThat(reported - exact).as(what).isLessThanOrEqualTo(Math.max(1, exact / 1000));
  }

  @Test
  void theCapKeepsTheGroupsWithTheMostRequestsAndFoldsTheRestIntoOther() {
    Recorder recorder = new Recorder(Grouping.DEFAULT, 3);
    for (String path : new String[] {"/a", "/b", "/c", "/d", "/e", "/a", "/e"}) {
      request(recorder, "GET", path, 1_000_000, 200);
    }
    Analysis analysis = Analyzer.analyze("t", recorder, List.of());
    Map<String, Long> counts = new HashMap<>();
    analysis.groups().forEach(s -> counts.put(s.key(), s.count()));
    // /a and /e have two requests each; of the one-request groups the first by name stays
    assertThat(counts).containsOnlyKeys("GET /a", "GET /e", "GET /b", Recorder.OTHER);
    assertThat(counts.get(Recorder.OTHER)).isEqualTo(2);
    assertThat(analysis.foldedGroups()).isEqualTo(2);
    assertThat(analysis.totals()).singleElement().satisfies(t -> assertThat(t.count()).isEqualTo(7));
    assertThat(analysis.notes()).anyMatch(n -> n.contains("folded into (other)"));
  }

  @Test
  void recordersOfPartsAddUpToOneRecorderOfTheWhole() {
    Random random = new Random(5);
    Recorder whole = new Recorder(Grouping.DEFAULT, 1000);
    Recorder first = new Recorder(Grouping.DEFAULT, 1000);
    Recorder second = new Recorder(Grouping.DEFAULT, 1000);
    for (int i = 0; i < 50_000; i++) {
      String target = "/p" + random.nextInt(20) + "/" + random.nextInt(1000);
      long nanos = latency(random);
      int status = 200 + 100 * random.nextInt(4);
      request(whole, "GET", target, nanos, status);
      request(i < 20_000 ? first : second, "GET", target, nanos, status);
    }
    first.add(second);
    Analysis a = Analyzer.analyze("t", whole, List.of());
    Analysis b = Analyzer.analyze("t", first, List.of());
    assertThat(b.groups()).hasSameSizeAs(a.groups());
    for (int i = 0; i < a.groups().size(); i++) {
      Summary x = a.groups().get(i);
      Summary y = b.groups().get(i);
      assertThat(y.key()).isEqualTo(x.key());
      assertThat(y.count()).isEqualTo(x.count());
      assertThat(y.latency()).isEqualTo(x.latency());
      assertThat(y.statusClasses()).isEqualTo(x.statusClasses());
      assertThat(y.histogram()).isEqualTo(x.histogram());
    }
  }

  @Test
  void aHeavyGroupSeenLateIsKeptAndOneRequestGroupsFold() {
    Recorder recorder = new Recorder(Grouping.DEFAULT, 15);
    for (int i = 0; i < 40; i++) {
      request(recorder, "GET", "/once/x" + Integer.toString(i, 36) + "y", 1_000_000, 200);
    }
    for (int i = 0; i < 142; i++) {
      request(recorder, "GET", "/heavy", 2_000_000, 200);
    }
    Analysis analysis = Analyzer.analyze("t", recorder, List.of());
    assertThat(analysis.groups().get(0).key()).isEqualTo("GET /heavy");
    assertThat(analysis.groups().get(0).count()).isEqualTo(142);
    assertThat(analysis.groups()).hasSize(16);
    assertThat(analysis.foldedGroups()).isEqualTo(40 - 14);
    assertThat(recorder.foldedGroupsEstimated()).isFalse();
    assertThat(analysis.totalOf(Family.REQUEST).orElseThrow().count()).isEqualTo(182);
  }

  @Test
  void pastWhatARecorderTracksOnlyExpectedGroupsAreKeptAndTheCountIsEstimated() {
    Grouping expectingHeavy = new Grouping() {
      @Override
      public String requestGroup(String method, String path) {
        return method + ' ' + path;
      }

      @Override
      public String pauseGroup(String kind) {
        return kind;
      }

      @Override
      public boolean expected(String group) {
        return group.startsWith("GET /heavy");
      }
    };
    Random random = new Random(3);
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      paths.add("/u/" + Integer.toString(i, 36) + "z");
      if (i % 10 == 0) {
        paths.add("/heavy/" + random.nextInt(3) + "z");
      }
    }
    java.util.Collections.shuffle(paths, random);
    Recorder whole = new Recorder(expectingHeavy, 2);
    Recorder[] parts = {new Recorder(expectingHeavy, 2), new Recorder(expectingHeavy, 2),
        new Recorder(expectingHeavy, 2)};
    for (int i = 0; i < paths.size(); i++) {
      request(whole, "GET", paths.get(i), 1_000 + i, 200);
      request(parts[i * 3 / paths.size()], "GET", paths.get(i), 1_000 + i, 200);
    }
    parts[0].add(parts[1]);
    parts[0].add(parts[2]);
    for (Recorder r : new Recorder[] {whole, parts[0]}) {
      Analysis a = Analyzer.analyze("t", r, List.of());
      assertThat(a.groups()).extracting(Summary::key).hasSize(3)
          .contains(Recorder.OTHER).allMatch(k -> k.startsWith("GET /heavy") || k.equals(Recorder.OTHER));
      assertThat(a.totalOf(Family.REQUEST).orElseThrow().count()).isEqualTo(paths.size());
      assertThat(r.foldedGroupsEstimated()).isTrue();
      assertThat((double) a.foldedGroups()).isCloseTo(20_001, org.assertj.core.data.Percentage.withPercentage(5));
    }
    assertThat(Analyzer.analyze("t", parts[0], List.of()).groups()).extracting(Summary::count)
        .isEqualTo(Analyzer.analyze("t", whole, List.of()).groups().stream().map(Summary::count).toList());
  }

  @Test
  void invalidRequestsAndUnnamedPausesHaveTheirOwnGroups() {
    Recorder recorder = new Recorder(Grouping.DEFAULT, 10);
    event.reset("\\x16\\x03".getBytes(StandardCharsets.US_ASCII)).status(400).latencyNanos(1000);
    recorder.request(event);
    PauseEvent pause = new PauseEvent().reset().totalNanos(5_000).timeToSafepointNanos(100);
    recorder.pause(pause);
    byte[] kind = "G1CollectForAllocation".getBytes(StandardCharsets.US_ASCII);
    recorder.pause(new PauseEvent().reset().kind(kind, 0, kind.length).totalNanos(7_000));
    Analysis analysis = Analyzer.analyze("t", recorder, List.of());
    assertThat(analysis.groups()).extracting(Summary::key).containsExactlyInAnyOrder(
        Grouping.INVALID_REQUEST, Grouping.UNNAMED_PAUSE, "G1CollectForAllocation");
    assertThat(analysis.kind()).isEqualTo(Analysis.Kind.MIXED);
  }

  @Test
  void clientClosedRequestsStayInTheHistogramAndAreCountedApart() {
    Recorder recorder = new Recorder(Grouping.DEFAULT, 10);
    request(recorder, "GET", "/x", 30_000_000_000L, 499);
    request(recorder, "GET", "/x", 10_000_000, 200);
    Summary s = Analyzer.analyze("t", recorder, List.of()).groups().get(0);
    assertThat(s.count()).isEqualTo(2);
    assertThat(s.clientClosed()).isEqualTo(1);
    assertThat(s.statusClasses()[4]).isEqualTo(1);
    assertThat(s.maxNanos()).isEqualTo(30_000_000_000L);
  }

  /** The format's flag, not a status number, says the client went away: a 499 alone is a status. */
  @Test
  void clientClosedIsTheEventsFlagNotItsStatus() {
    Recorder recorder = new Recorder(Grouping.DEFAULT, 10);
    byte[] line = "GET /x".getBytes(StandardCharsets.UTF_8);
    recorder.request(event.reset(line).request(0, 3, 4, line.length).status(200).clientAborted(true)
        .latencyNanos(5_000_000_000L));
    recorder.request(event.reset(line).request(0, 3, 4, line.length).status(499)
        .latencyNanos(7_000_000L));
    Summary s = Analyzer.analyze("t", recorder, List.of()).groups().get(0);
    assertThat(s.clientClosed()).isEqualTo(1);
    assertThat(s.statusClasses()[2]).isEqualTo(1);
    assertThat(s.statusClasses()[4]).isEqualTo(1);
  }

  @Test
  void stoppedShareComesFromTheLogsClock() {
    Recorder recorder = new Recorder(Grouping.DEFAULT, 10);
    PauseEvent pause = new PauseEvent();
    recorder.pause(pause.reset().totalNanos(100_000_000).uptimeMillis(1_000));
    recorder.pause(pause.reset().totalNanos(100_000_000).uptimeMillis(11_000));
    Analysis analysis = Analyzer.analyze("t", recorder, List.of());
    assertThat(analysis.stoppedShare()).contains(0.02);
    assertThat(analysis.totalOf(Family.SAFEPOINT).orElseThrow().sumNanos()).isEqualTo(200_000_000L);
  }

  @Test
  void familiesHaveTheirOwnGroupsAndTotalsNeverAddedTogether() {
    Recorder recorder = new Recorder(Grouping.DEFAULT, 10);
    request(recorder, "GET", "/a", 7_000_000, 200);
    PauseEvent pause = new PauseEvent();
    byte[] kind = "Same name".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    recorder.pause(pause.reset().kind(kind, 0, kind.length).totalNanos(100).uptimeMillis(1));
    recorder.pause(pause.reset().family(Family.GC_PAUSE).kind(kind, 0, kind.length).totalNanos(40).uptimeMillis(2));
    recorder.pause(pause.reset().family(Family.GC_PAUSE).kind(kind, 0, kind.length).totalNanos(60).uptimeMillis(3));
    Analysis analysis = Analyzer.analyze("t", recorder, List.of());
    assertThat(analysis.families()).containsExactly(Family.REQUEST, Family.SAFEPOINT, Family.GC_PAUSE);
    assertThat(analysis.groups()).extracting(Summary::family, Summary::key, Summary::count).containsExactly(
        tuple(Family.REQUEST, "GET /a", 1L), tuple(Family.SAFEPOINT, "Same name", 1L), tuple(Family.GC_PAUSE, "Same name", 2L));
    assertThat(analysis.totals()).extracting(Summary::family, Summary::count, Summary::sumNanos).containsExactly(
        tuple(Family.REQUEST, 1L, 7_000_000L), tuple(Family.SAFEPOINT, 1L, 100L), tuple(Family.GC_PAUSE, 2L, 100L));
  }
}
