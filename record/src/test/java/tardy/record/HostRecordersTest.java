package tardy.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tardy.events.Family;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.record.grouping.Grouping;

/**
 * The requests split per host: each host's count is the requests naming it; past the cap, the
 * hosts last by name are {@code (other)}; parts cut anywhere and added in any grouping give the
 * same bytes as one pass, also through the encoding. Pauses naming their host (a syslog header's)
 * alike.
 */
class HostRecordersTest {

  private static final Result.Spec SPEC = Result.Spec.report(Grouping.DEFAULT, 10).withHosts();

  /** "host ms" lines, a few naming no host ("-"). */
  private static List<String> lines(int n) {
    Random random = new Random(5);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      lines.add((i % 13 == 0 ? "-" : "h" + random.nextInt(9)) + " " + (1 + random.nextInt(500)));
    }
    return lines;
  }

  private static Result parse(List<String> lines, int cap) {
    Result r = Result.of(SPEC, 0, "log", "test");
    HostRecorders hosts = r.hosts().orElseThrow();
    RequestEvent e = new RequestEvent();
    for (String line : lines) {
      byte[] b = ("GET /x " + line).getBytes(StandardCharsets.UTF_8);
      int host = 7;
      int space = line.indexOf(' ') + host;
      e.reset(b).request(0, 3, 4, 6).latencyNanos(Long.parseLong(line.substring(
          line.indexOf(' ') + 1)) * 1_000_000L);
      if (b[host] != '-') {
        e.host(host, space);
      }
      r.sink().request(e);
    }
    if (cap < HostRecorders.MAX_HOSTS) {
      return withCap(r, cap);
    }
    return r;
  }

  /** The same result with its hosts re-added under a smaller cap. */
  private static Result withCap(Result r, int cap) {
    HostRecorders small = new HostRecorders(() -> Result.hostRecorder(SPEC), cap);
    small.addLater(r.hosts().orElseThrow());
    return Result.of(SPEC, r.recorder().orElseThrow(), null, small, r.accounts());
  }

  private static Map<String, Long> counts(Result r) {
    Map<String, Long> counts = new TreeMap<>();
    HostRecorders h = r.hosts().orElseThrow();
    h.byHost().forEach((host, rec) -> counts.put(host, rec.requests()));
    if (h.folded() != null) {
      counts.put(Recorder.OTHER, h.folded().requests());
    }
    if (h.unnamed() != null) {
      counts.put("-", h.unnamed().requests());
    }
    return counts;
  }

  @Test
  void eachHostCountsItsRequestsAndTheCapFoldsTheLastByName() {
    List<String> lines = lines(2_000);
    Map<String, Long> expected = new TreeMap<>();
    for (String line : lines) {
      expected.merge(line.substring(0, line.indexOf(' ')), 1L, Long::sum);
    }
    assertThat(counts(parse(lines, HostRecorders.MAX_HOSTS))).isEqualTo(expected);
    Map<String, Long> capped = counts(parse(lines, 4));
    assertThat(capped.keySet()).containsExactly("(other)", "-", "h0", "h1", "h2", "h3");
    assertThat(capped.get("(other)")).isEqualTo(expected.entrySet().stream()
        .filter(e -> e.getKey().compareTo("h3") > 0).mapToLong(Map.Entry::getValue).sum());
  }

  @Test
  void partsAddedAnyHowGiveOnePassesBytes() {
    List<String> lines = lines(3_000);
    for (int cap : new int[] {HostRecorders.MAX_HOSTS, 3}) {
      byte[] once = ResultCodec.encode(parse(lines, cap));
      for (int parts : new int[] {2, 5, 11}) {
        List<Result> cut = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
          List<String> part = lines.subList(p * lines.size() / parts,
              (p + 1) * lines.size() / parts);
          // each part through the encoding, as a part parsed elsewhere travels (the encoding
          // keeps the run's cap, not this test's smaller one)
          cut.add(cap < HostRecorders.MAX_HOSTS ? parse(part, cap)
              : ResultCodec.decode(ResultCodec.encode(parse(part, cap)), SPEC));
        }
        Result left = cut.get(0);
        for (int p = 1; p < parts; p++) {
          left = left.addLater(cut.get(p));
        }
        assertThat(ResultCodec.encode(left)).as(parts + " parts, cap " + cap).isEqualTo(once);
      }
    }
  }

  /** "host µs" pauses, a few naming no host ("-"): recorded as a syslog-wrapped JVM log's. */
  private static Result pauses(List<String> lines) {
    Result r = Result.of(SPEC, 0, "log", "test");
    PauseEvent e = new PauseEvent();
    byte[] kind = "Pause Young".getBytes(StandardCharsets.UTF_8);
    for (String line : lines) {
      byte[] b = line.getBytes(StandardCharsets.UTF_8);
      int space = line.indexOf(' ');
      e.reset().family(Family.GC_PAUSE).kind(kind, 0, kind.length)
          .totalNanos(Long.parseLong(line.substring(space + 1)) * 1_000L);
      if (b[0] != '-') {
        e.host(b, 0, space);
      }
      r.sink().pause(e);
    }
    return r;
  }

  @Test
  void pausesNamingTheirHostAreSplitFoldedAndAddedAsRequests() {
    List<String> lines = lines(2_000);
    Map<String, Long> expected = new TreeMap<>();
    for (String line : lines) {
      expected.merge(line.substring(0, line.indexOf(' ')), 1L, Long::sum);
    }
    Result whole = pauses(lines);
    HostRecorders h = whole.hosts().orElseThrow();
    assertThat(h.pausesNamed()).isTrue();
    Map<String, Long> counts = new TreeMap<>();
    h.byHost().forEach((host, rec) -> counts.put(host, rec.pauses()));
    counts.put("-", h.unnamed().pauses());
    assertThat(counts).isEqualTo(expected);
    assertThat(whole.recorder().orElseThrow().pauses()).as("the run's own: every pause")
        .isEqualTo(lines.size());
    HostRecorders small = new HostRecorders(() -> Result.hostRecorder(SPEC), 4);
    small.addLater(h);
    assertThat(small.folded().pauses()).isEqualTo(expected.entrySet().stream()
        .filter(e -> e.getKey().compareTo("h3") > 0).mapToLong(Map.Entry::getValue).sum());
    byte[] once = ResultCodec.encode(whole);
    Result left = ResultCodec.decode(ResultCodec.encode(pauses(lines.subList(0, 700))), SPEC);
    left = left.addLater(ResultCodec.decode(ResultCodec.encode(pauses(lines.subList(700,
        lines.size()))), SPEC));
    assertThat(left.hosts().orElseThrow().pausesNamed()).isTrue();
    assertThat(ResultCodec.encode(left)).isEqualTo(once);
    List<String> unnamed = lines.stream().filter(l -> l.startsWith("-")).toList();
    assertThat(pauses(unnamed).hosts().orElseThrow().pausesNamed())
        .as("no pause named a host: the pauses stay the partition's").isFalse();
  }
}
