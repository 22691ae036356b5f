package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report --fleet host} on the GC logs of a fleet (G1, unified logging, a log per host):
 * the host whose young pauses are longer ranks first on that pause kind, and every count of the
 * view (pauses per host and kind, pauses above the peers' p99, the budgets failed) is the one a
 * sort of the generated pauses gives.
 */
class FleetPauseKindsCliTest {

  private static final String SLOW = "jvm-02";
  private static final String YOUNG = "Pause Young (Normal) (G1 Evacuation Pause)";
  private static final String REMARK = "Pause Remark";
  private static final int HOSTS = 5;
  private static final java.time.format.DateTimeFormatter STAMP = java.time.format
      .DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT)
      .withZone(java.time.ZoneOffset.UTC);

  @TempDir Path dir;

  /** Pauses in µs per host and pause kind, as generated. */
  private final Map<String, Map<String, List<Long>>> generated = new TreeMap<>();

  /** Five JVMs alike but {@value #SLOW}, whose young pauses take about four times as long. */
  private List<String> fleet() throws IOException {
    Random random = new Random(31);
    List<String> logs = new ArrayList<>();
    for (int h = 0; h < HOSTS; h++) {
      String host = "jvm-0" + h;
      Path log = dir.resolve("gc/host=" + host + "/gc.log");
      Files.createDirectories(log.getParent());
      StringBuilder lines = new StringBuilder("[2026-11-23T10:00:00.000+0000][0.010s][info][gc]"
          + " Using G1\n");
      long uptimeMs = 1_000;
      for (int i = 0; i < 600; i++) {
        boolean remark = i % 4 == 3;
        long us = remark ? 300 + (long) (Math.abs(random.nextGaussian()) * 400)
            : 2_000 + (long) (Math.abs(random.nextGaussian()) * 6_000);
        if (!remark && host.equals(SLOW)) {
          us *= 4;
        }
        String kind = remark ? REMARK : YOUNG;
        generated.computeIfAbsent(host, k -> new TreeMap<>())
            .computeIfAbsent(kind, k -> new ArrayList<>()).add(us);
        uptimeMs += 500 + random.nextInt(1_000);
        long at = 1_795_946_400_000L + uptimeMs; // 2026-11-23T10:00Z + uptime
        String heap = remark ? " 40M->38M(64M) " : " 39M->7M(64M) ";
        lines.append('[').append(STAMP.format(java.time.Instant.ofEpochMilli(at))).append("][")
            .append(uptimeMs / 1000).append('.').append(String.format(Locale.ROOT, "%03d",
                uptimeMs % 1000)).append("s][info][gc] GC(").append(i).append(") ")
            .append(kind).append(heap).append(us / 1000).append('.')
            .append(String.format(Locale.ROOT, "%03d", us % 1000)).append("ms\n");
      }
      Files.writeString(log, lines);
      logs.add(log.toString());
    }
    return logs;
  }

  private Path table(List<String> logs) {
    Path table = dir.resolve("table");
    List<String> args = new ArrayList<>(List.of("report", "--table", table.toString()));
    args.addAll(logs);
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isZero();
    return table;
  }

  /** The pauses of a kind of every host but {@code host} (null: of every host), in µs. */
  private List<Long> allBut(String host, String kind) {
    List<Long> values = new ArrayList<>();
    generated.forEach((h, kinds) -> {
      if (!h.equals(host)) {
        values.addAll(kinds.getOrDefault(kind, List.of()));
      }
    });
    return values;
  }

  /** The nearest-rank percentile of a sort, in ns. */
  private static long exactNanos(List<Long> micros, double percentile) {
    List<Long> sorted = new ArrayList<>(micros);
    sorted.sort(null);
    int rank = (int) Math.ceil(percentile / 100 * sorted.size());
    return sorted.get(Math.max(rank, 1) - 1) * 1_000;
  }

  private static long within(long exact) {
    return exact + exact / 1000; // HdrHistogram's 3 significant digits
  }

  @Test
  @SuppressWarnings("unchecked")
  void theJvmWithLongerPausesRanksFirstAndItsCountsAreTheSortsOnes() throws IOException {
    Path table = table(fleet());
    Cli.Result r = Cli.run("report", "--format", "json", "--fleet", "host", table.toString());
    assertThat(r.code()).as(r.err()).isZero();
    Map<String, Object> fleet =
        (Map<String, Object>) ((Map<String, Object>) JsonLines.document(r.out())).get("fleet");
    List<Map<String, Object>> hosts = (List<Map<String, Object>>) fleet.get("hosts");
    assertThat(hosts).extracting(h -> h.get("value")).hasSize(HOSTS).first().isEqualTo(SLOW);
    for (Map<String, Object> host : hosts) {
      String name = (String) host.get("value");
      Map<String, List<Long>> mine = generated.get(name);
      assertThat(((Number) host.get("count")).longValue()).as(name).isEqualTo(600);
      List<Map<String, Object>> groups = (List<Map<String, Object>>) host.get("groups");
      assertThat(groups).extracting(g -> g.get("family") + " " + g.get("key"))
          .as(name + ": both pause kinds compared")
          .containsExactlyInAnyOrder("gc-pause " + YOUNG, "gc-pause " + REMARK);
      long above = 0;
      for (Map<String, Object> g : groups) {
        String kind = (String) g.get("key");
        List<Long> values = mine.get(kind);
        assertThat(((Number) g.get("count")).longValue()).as(name + " " + kind)
            .isEqualTo(values.size());
        long peersP99 = ((Number) g.get("peers_p99_ns")).longValue();
        long exactPeers = exactNanos(allBut(name, kind), 99);
        assertThat(peersP99).as(name + "'s peers' p99 of " + kind)
            .isBetween(exactPeers, within(exactPeers));
        long hostP99 = ((Number) g.get("p99_ns")).longValue();
        assertThat(hostP99).as(name + " p99 of " + kind)
            .isBetween(exactNanos(values, 99), within(exactNanos(values, 99)));
        long fleetP99 = ((Number) g.get("fleet_p99_ns")).longValue();
        long exactFleet = exactNanos(allBut(null, kind), 99);
        assertThat(fleetP99).as("the fleet's p99 of " + kind)
            .isBetween(exactFleet, within(exactFleet));
        long over = values.stream().filter(us -> us * 1_000 > peersP99).count();
        assertThat(((Number) g.get("above")).longValue()).as(name + " " + kind + " above")
            .isEqualTo(over);
        above += over;
      }
      assertThat(((Number) host.get("above")).longValue()).as(name).isEqualTo(above);
    }
    List<Map<String, Object>> slowGroups = (List<Map<String, Object>>) hosts.get(0).get("groups");
    assertThat(slowGroups.get(0).get("key")).as("its young pauses first").isEqualTo(YOUNG);
    assertThat((Double) slowGroups.get(0).get("share")).as("most of them above its peers' p99")
        .isGreaterThan(0.3);
  }

  @Test
  @SuppressWarnings("unchecked")
  void aPauseBudgetFailsOnTheHostsWhoseSortSaysSo() throws IOException {
    long limitUs = 25_000; // above the others' p99 (about 17.5 ms), far below the slow one's
    Path requirements = dir.resolve("req.yaml");
    Files.writeString(requirements, """
        version: 1
        operations:
          - name: Young
            pause: "Pause Young (Normal) (G1 Evacuation Pause)"
            category: slow
            budgets: { p99: %dms }
        """.formatted(limitUs / 1000));
    Path table = table(fleet());
    Cli.Result r = Cli.run("report", "--format", "json", "--fleet", "host", "--requirements",
        requirements.toString(), table.toString());
    assertThat(r.code()).as(r.err()).isZero();
    List<Map<String, Object>> failures = (List<Map<String, Object>>) ((Map<String, Object>)
        ((Map<String, Object>) JsonLines.document(r.out())).get("fleet")).get("failures");
    List<String> expected = new ArrayList<>();
    generated.forEach((host, kinds) -> {
      if (exactNanos(kinds.get(YOUNG), 99) > within(limitUs * 1_000)) {
        expected.add(host);
      }
    });
    assertThat(expected).as("the fixture: the slow JVM fails, not all do").contains(SLOW)
        .hasSizeLessThan(HOSTS);
    assertThat(failures).extracting(f -> (String) f.get("value"))
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(failures.get(0).get("value")).isEqualTo(SLOW);
    for (Map<String, Object> f : failures) {
      String host = (String) f.get("value");
      assertThat(f.get("family")).isEqualTo("gc-pause");
      assertThat(((Number) f.get("count")).longValue()).as(host)
          .isEqualTo(generated.get(host).get(YOUNG).size());
      long exact = exactNanos(generated.get(host).get(YOUNG), 99);
      assertThat(((Number) f.get("actual_ns")).longValue()).as(host)
          .isBetween(exact, within(exact));
    }
  }
}
