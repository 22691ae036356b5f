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
 * {@code report --fleet host}: on a generated fleet whose one host is slow on one operation, that
 * host ranks first, and every number of the view (counts, p99s, requests above the peers' p99,
 * the failed budgets) agrees with a computation from the generated values themselves.
 */
class FleetViewCliTest {

  private static final String SLOW = "web-03";
  private static final String ORDERS = "GET /api/orders/{id}";
  private static final String[] OPERATIONS = {"GET /api/orders/%d", "POST /api/cart",
      "GET /search"};

  @TempDir Path dir;

  /** Latencies in ms per host and operation (as the report names it), as generated. */
  private final Map<String, Map<String, List<Long>>> generated = new TreeMap<>();

  /** Six hosts × two days alike, but {@value #SLOW}'s orders take three times as long. */
  private List<String> fleet() throws IOException {
    Random random = new Random(7);
    List<String> logs = new ArrayList<>();
    for (int d = 0; d < 2; d++) {
      for (int h = 0; h < 6; h++) {
        String host = "web-0" + h;
        Path log = dir.resolve("logs/dt=2026-11-2" + (5 + d) + "/host=" + host + "/access.log");
        Files.createDirectories(log.getParent());
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 1200; i++) {
          int pick = random.nextInt(20);
          int op = pick < 12 ? 0 : pick < 17 ? 1 : 2;
          long ms = 5 + (long) (Math.abs(random.nextGaussian()) * 30) + (op == 1 ? 100 : 0);
          if (op == 0 && host.equals(SLOW)) {
            ms *= 3;
          }
          String name = op == 0 ? ORDERS : OPERATIONS[op];
          generated.computeIfAbsent(host, k -> new TreeMap<>())
              .computeIfAbsent(name, k -> new ArrayList<>()).add(ms);
          String[] request = String.format(Locale.ROOT, OPERATIONS[op], 1000 + i % 97).split(" ");
          lines.append("10.0.0.").append(h).append(" - - [2").append(5 + d)
              .append("/Nov/2026:10:").append(10 + i / 60 % 40).append(':')
              .append(10 + i % 50).append(" +0000] \"").append(request[0]).append(' ')
              .append(request[1]).append(" HTTP/1.1\" 200 512 \"-\" \"curl/8\" ")
              .append(ms / 1000).append('.').append(String.format(Locale.ROOT, "%03d",
                  ms % 1000)).append('\n');
        }
        Files.writeString(log, lines);
        logs.add(log.toString());
      }
    }
    return logs;
  }

  private Path table(List<String> logs, String... options) {
    Path table = dir.resolve("table");
    List<String> args = new ArrayList<>(List.of(options));
    args.addAll(List.of("--table", table.toString()));
    args.addAll(logs);
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isIn(0, 1);
    return table;
  }

  /** Every host's values of an operation but {@code host}'s (null: all of them). */
  private List<Long> allBut(String host, String operation) {
    List<Long> values = new ArrayList<>();
    generated.forEach((h, ops) -> {
      if (!h.equals(host)) {
        values.addAll(ops.getOrDefault(operation, List.of()));
      }
    });
    return values;
  }

  /** The nearest-rank percentile of a sort, in ns. */
  private static long exactNanos(List<Long> ms, double percentile) {
    List<Long> sorted = new ArrayList<>(ms);
    sorted.sort(null);
    int rank = (int) Math.ceil(percentile / 100 * sorted.size());
    return sorted.get(Math.max(rank, 1) - 1) * 1_000_000;
  }

  @Test
  @SuppressWarnings("unchecked")
  void theSlowHostRanksFirstAndItsNumbersAreTheGeneratedOnes() throws IOException {
    Path table = table(fleet(), "report");
    Cli.Result r = Cli.run("report", "--format", "json", "--fleet", "host", table.toString());
    assertThat(r.code()).as(r.err()).isZero();
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(r.out());
    Map<String, Object> fleet = (Map<String, Object>) doc.get("fleet");
    assertThat(fleet.get("column")).isEqualTo("host");
    List<Map<String, Object>> hosts = (List<Map<String, Object>>) fleet.get("hosts");
    assertThat(hosts).extracting(h -> h.get("value")).first().isEqualTo(SLOW);
    assertThat(hosts).hasSize(6);
    long fleetCompared = 0;
    for (Map<String, Object> host : hosts) {
      String name = (String) host.get("value");
      Map<String, List<Long>> mine = generated.get(name);
      assertThat(((Number) host.get("count")).longValue()).as(name)
          .isEqualTo(mine.values().stream().mapToLong(List::size).sum());
      long above = 0;
      long compared = 0;
      for (Map<String, Object> g : (List<Map<String, Object>>) host.get("groups")) {
        String op = (String) g.get("key");
        List<Long> values = mine.get(op);
        long fleetP99 = ((Number) g.get("fleet_p99_ns")).longValue();
        long exactFleetP99 = exactNanos(allBut(null, op), 99);
        assertThat(fleetP99).as("the fleet's p99 of " + op + ", within HdrHistogram's 0.1 %")
            .isBetween(exactFleetP99, exactFleetP99 + exactFleetP99 / 1000);
        long peersP99 = ((Number) g.get("peers_p99_ns")).longValue();
        long exactPeersP99 = exactNanos(allBut(name, op), 99);
        assertThat(peersP99).as(name + "'s peers' p99 of " + op)
            .isBetween(exactPeersP99, exactPeersP99 + exactPeersP99 / 1000);
        long hostP99 = ((Number) g.get("p99_ns")).longValue();
        long exactHostP99 = exactNanos(values, 99);
        assertThat(hostP99).as(name + " p99 of " + op)
            .isBetween(exactHostP99, exactHostP99 + exactHostP99 / 1000);
        long over = values.stream().filter(ms -> ms * 1_000_000 > peersP99).count();
        assertThat(((Number) g.get("above")).longValue()).as(name + " " + op + " above")
            .isEqualTo(over);
        assertThat(((Number) g.get("count")).longValue()).isEqualTo(values.size());
        above += over;
        compared += values.size();
      }
      assertThat(((Number) host.get("above")).longValue()).as(name).isEqualTo(above);
      assertThat(((Number) host.get("compared")).longValue()).as(name).isEqualTo(compared);
      assertThat((Double) host.get("share")).as(name).isEqualTo((double) above / compared);
      fleetCompared += compared;
    }
    Map<String, Object> slow = hosts.get(0);
    Map<String, Object> worst = ((List<Map<String, Object>>) slow.get("groups")).get(0);
    assertThat(worst.get("key")).as("the slow operation first").isEqualTo(ORDERS);
    assertThat((Double) worst.get("share")).as("its orders above its peers' p99: far more than 1 %")
        .isGreaterThan(0.3);
    for (Map<String, Object> other : hosts.subList(1, hosts.size())) {
      assertThat((Double) other.get("share")).as(other.get("value") + " like the fleet")
          .isLessThan(0.02);
    }
    assertThat(fleetCompared).as("every group compared").isEqualTo(6 * 2 * 1200);
  }

  @Test
  @SuppressWarnings("unchecked")
  void theBudgetsEachHostFailsAreRankedByHowFarOver() throws IOException {
    Path requirements = dir.resolve("req.yaml");
    long ordersLimitMs = 150;
    Files.writeString(requirements, """
        version: 1
        operations:
          - name: Orders
            request: GET /api/orders/{id}
            category: slow
            budgets: { p99: %dms }
          - name: Cart
            request: POST /api/cart
            category: slow
            budgets: { p90: 140ms }
        """.formatted(ordersLimitMs));
    List<String> logs = fleet();
    Path table = table(logs, "check", "--requirements", requirements.toString());
    Cli.Result r = Cli.run("report", "--format", "json", "--fleet", "host", "--requirements",
        requirements.toString(), table.toString());
    assertThat(r.code()).as(r.err()).isZero();
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(r.out());
    List<Map<String, Object>> failures =
        (List<Map<String, Object>>) ((Map<String, Object>) doc.get("fleet")).get("failures");
    List<String> expected = new ArrayList<>();
    Map<String, Double> overs = new TreeMap<>();
    for (Map.Entry<String, Map<String, List<Long>>> host : generated.entrySet()) {
      long p99 = exactNanos(host.getValue().get(ORDERS), 99);
      if (p99 > ordersLimitMs * 1_000_000 * 1001 / 1000) {
        expected.add(host.getKey() + " Orders p99");
        overs.put(host.getKey() + " Orders p99", (double) p99 / (ordersLimitMs * 1_000_000));
      }
      long p90 = exactNanos(host.getValue().get("POST /api/cart"), 90);
      if (p90 > 140_000_000L * 1001 / 1000) {
        expected.add(host.getKey() + " Cart p90");
        overs.put(host.getKey() + " Cart p90", (double) p90 / 140_000_000L);
      }
    }
    assertThat(expected).as("the fixture: the slow host fails, and some others fail less")
        .contains(SLOW + " Orders p99").hasSizeGreaterThan(1);
    assertThat(failures).extracting(f -> f.get("value") + " " + f.get("key") + " "
        + f.get("budget")).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(failures.get(0).get("value") + " " + failures.get(0).get("key"))
        .isEqualTo(SLOW + " Orders");
    double previous = Double.POSITIVE_INFINITY;
    for (Map<String, Object> f : failures) {
      double over = (Double) f.get("over");
      String id = f.get("value") + " " + f.get("key") + " " + f.get("budget");
      assertThat(over).as(id + " the most over first").isLessThanOrEqualTo(previous);
      assertThat(over).as(id).isCloseTo(overs.get(id), org.assertj.core.data.Offset.offset(
          overs.get(id) / 1000));
      previous = over;
    }
  }

  @Test
  void theTableShowsTheViewAfterTheReportAndTheReportIsUnchanged() throws IOException {
    Path table = table(fleet(), "report");
    Cli.Result plain = Cli.run("report", table.toString());
    Cli.Result withFleet = Cli.run("report", "--fleet", "host", table.toString());
    assertThat(withFleet.code()).as(withFleet.err()).isZero();
    assertThat(withFleet.out()).startsWith(plain.out())
        .contains("Fleet by host").contains(SLOW + "  ");
    String section = withFleet.out().substring(plain.out().length());
    assertThat(section.indexOf(SLOW)).as("the slow host first")
        .isLessThan(section.indexOf("web-00"));
    Cli.Result html = Cli.run("report", "--format", "html", "--fleet", "host", table.toString());
    assertThat(html.out()).contains("<table id=\"fleet\">").contains("<td>" + SLOW + "</td>");
  }

  @Test
  void whatCannotShowAFleetIsRefused() throws IOException {
    List<String> logs = fleet();
    Path table = table(logs, "report");
    Cli.Result noColumn = Cli.run("report", "--fleet", "region", table.toString());
    assertThat(noColumn.code()).isEqualTo(2);
    assertThat(noColumn.err()).contains("no partition column 'region'").contains("dt, host");
    Cli.Result csv = Cli.run("report", "--format", "csv", "--fleet", "host", table.toString());
    assertThat(csv.code()).isEqualTo(2);
    assertThat(csv.err()).contains("not in csv");
    Cli.Result logsOnly = Cli.run("report", "--fleet", "host", logs.get(0));
    assertThat(logsOnly.code()).isEqualTo(2);
    assertThat(logsOnly.err()).contains("--table DIR");
  }

  @Test
  void logsWrittenWithTableShowTheTablesView() throws IOException {
    List<String> logs = fleet();
    List<String> args = new ArrayList<>(List.of("report", "--format", "json", "--fleet", "host",
        "--table", dir.resolve("written").toString()));
    args.addAll(logs);
    Cli.Result fromLogs = Cli.run(args.toArray(String[]::new));
    assertThat(fromLogs.code()).as(fromLogs.err()).isZero();
    Cli.Result fromTable = Cli.run("report", "--format", "json", "--fleet", "host",
        dir.resolve("written").toString());
    assertThat(fleetOf(fromLogs.out())).isEqualTo(fleetOf(fromTable.out()))
        .contains("\"value\" : \"" + SLOW + "\"");
  }

  private static String fleetOf(String json) {
    return json.substring(json.indexOf("\"fleet\""));
  }
}
