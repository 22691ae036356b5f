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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Objectives ({@code slo:}) judged from a histogram table written with them: on a generated fleet
 * of four hosts, one of which answers many orders with 5xx or slowly in its last hour, the
 * table's error budgets (counts, budget left, burn rates, alerts) are those of the logs, byte for
 * byte, rolled up and per host, with rows of the whole run and per interval; each host's counts
 * are those of its generated lines; a reader whose objective counts otherwise is refused.
 */
class TableObjectiveCountsCliTest {

  private static final String BAD_HOST = "web-02";
  private static final int HOSTS = 4;

  private static final String REQUIREMENTS = """
      version: 1
      operations:
        - name: Orders
          request: GET /api/orders/{id}
          category: slow
          slo: { under: 300ms, errors: [5xx], target: 99%, window: 30d }
        - name: Cart
          request: POST /api/cart
          category: slow
          budgets: { p99: 2s }
      """;

  @TempDir Path dir;

  /** Per host: the orders generated, and those bad by the objective (over 300 ms, or a 5xx). */
  private final Map<String, long[]> orders = new TreeMap<>();

  /** Three hours of traffic per host; {@value #BAD_HOST} fails a fifth of its orders at the end. */
  private List<String> fleet() throws IOException {
    Random random = new Random(31);
    List<String> logs = new ArrayList<>();
    for (int h = 0; h < HOSTS; h++) {
      String host = "web-0" + h;
      Path log = dir.resolve("logs/host=" + host + "/access.log");
      Files.createDirectories(log.getParent());
      StringBuilder lines = new StringBuilder();
      long[] counted = new long[2];
      for (int i = 0; i < 3000; i++) {
        int second = i * 36 / 10 + random.nextInt(3); // 3 hours, in time order
        boolean order = random.nextInt(4) != 0;
        long ms = 5 + (long) (Math.abs(random.nextGaussian()) * 60);
        int status = random.nextInt(500) == 0 ? 502 : 200;
        if (order && host.equals(BAD_HOST) && second >= 7200 && random.nextInt(5) == 0) {
          if (random.nextBoolean()) {
            status = 503;
          } else {
            ms += 400;
          }
        }
        if (order) {
          counted[0]++;
          counted[1] += ms > 300 || status >= 500 ? 1 : 0;
        }
        String request = order ? "GET /api/orders/" + (1000 + i % 97) : "POST /api/cart";
        lines.append("10.0.0.").append(h).append(" - - [25/Nov/2026:")
            .append(String.format(Locale.ROOT, "%02d:%02d:%02d", 10 + second / 3600,
                second / 60 % 60, second % 60))
            .append(" +0000] \"").append(request).append(" HTTP/1.1\" ").append(status)
            .append(" 512 \"-\" \"curl/8\" ").append(ms / 1000).append('.')
            .append(String.format(Locale.ROOT, "%03d", ms % 1000)).append('\n');
      }
      // the last request is not an order: a budget's window ends with it all the same
      lines.append("10.0.0.").append(h).append(" - - [25/Nov/2026:13:05:00 +0000] \"POST"
          + " /api/cart HTTP/1.1\" 200 512 \"-\" \"curl/8\" 0.010\n");
      orders.put(host, counted);
      Files.writeString(log, lines);
      logs.add(log.toString());
    }
    return logs;
  }

  private Path requirements(String text) throws IOException {
    Path file = dir.resolve("requirements-" + text.hashCode() + ".yaml");
    Files.writeString(file, text);
    return file;
  }

  private Path table(String name, List<String> logs, String... options) throws IOException {
    Path table = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of("report", "--requirements",
        requirements(REQUIREMENTS).toString(), "--table", table.toString()));
    args.addAll(List.of(options));
    args.addAll(logs);
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isIn(0, 1);
    return table;
  }

  private Cli.Result check(String... inputs) throws IOException {
    List<String> args = new ArrayList<>(List.of("check", "--format", "json", "--requirements",
        requirements(REQUIREMENTS).toString()));
    args.addAll(List.of(inputs));
    return Cli.run(args.toArray(String[]::new));
  }

  /** The JSON's {@code error_budgets} array, as written. */
  private static String budgets(Cli.Result r) {
    int at = r.out().indexOf("\"error_budgets\"");
    assertThat(at).as(r.out() + r.err()).isNotNegative();
    int depth = 0;
    for (int i = r.out().indexOf('[', at); i < r.out().length(); i++) {
      char c = r.out().charAt(i);
      depth += c == '[' ? 1 : c == ']' ? -1 : 0;
      if (depth == 0) {
        return r.out().substring(at, i + 1);
      }
    }
    throw new AssertionError("unbalanced JSON");
  }

  private static long number(String json, String key) {
    int at = json.indexOf("\"" + key + "\"");
    assertThat(at).as(key + " in " + json).isNotNegative();
    int from = json.indexOf(':', at) + 1;
    int to = from;
    while (to < json.length() && (json.charAt(to) == ' ' || json.charAt(to) == '-'
        || Character.isDigit(json.charAt(to)))) {
      to++;
    }
    return Long.parseLong(json.substring(from, to).trim());
  }

  @Test
  void aTableJudgesObjectivesAsItsLogsDoOnTheFleetAndOnEachHost() throws IOException {
    List<String> logs = fleet();
    Path table = table("table", logs, "--partition-by", "host=(web-0[0-9])");
    Cli.Result fromLogs = check(logs.toArray(String[]::new));
    Cli.Result fromTable = check(table.toString());
    assertThat(fromLogs.code()).as(fromLogs.err()).isEqualTo(1); // web-02 burns it
    assertThat(fromTable.code()).as(fromTable.err()).isEqualTo(fromLogs.code());
    assertThat(fromTable.err()).doesNotContain("objectives (slo:) are not counted");
    assertThat(budgets(fromTable)).isEqualTo(budgets(fromLogs));
    assertThat(budgets(fromLogs)).contains("\"alerts\" : [ {") // a burn-rate alert fired
        .contains("\"end_ms\" : 1795611960000"); // 13:06, past the last order
    long total = 0;
    long bad = 0;
    for (Map.Entry<String, long[]> host : orders.entrySet()) {
      Cli.Result logsOfHost = check(dir.resolve("logs/host=" + host.getKey() + "/access.log")
          .toString());
      Cli.Result rowsOfHost = check("--where", "host=" + host.getKey(), table.toString());
      assertThat(rowsOfHost.code()).as(host.getKey()).isEqualTo(logsOfHost.code());
      String budget = budgets(rowsOfHost);
      assertThat(budget).as(host.getKey()).isEqualTo(budgets(logsOfHost));
      assertThat(number(budget, "total")).as(host.getKey()).isEqualTo(host.getValue()[0]);
      assertThat(number(budget, "bad")).as(host.getKey()).isEqualTo(host.getValue()[1]);
      total += host.getValue()[0];
      bad += host.getValue()[1];
    }
    assertThat(number(budgets(fromTable), "total")).isEqualTo(total);
    assertThat(number(budgets(fromTable), "bad")).isEqualTo(bad);
    assertThat(bad).as("the generated fleet has bad orders to count").isGreaterThan(100);
  }

  @Test
  void rowsPerIntervalCarryTheSameCountsWhateverTheirLength() throws IOException {
    List<String> logs = fleet();
    String expected = budgets(check(logs.toArray(String[]::new)));
    for (String interval : List.of("1m", "5m", "20s")) {
      Path table = table("table-" + interval, logs, "--partition-by", "host=(web-0[0-9])",
          "--interval", interval);
      Cli.Result fromTable = check(table.toString());
      assertThat(budgets(fromTable)).as(interval).isEqualTo(expected);
      String bad = dir.resolve("logs/host=" + BAD_HOST + "/access.log").toString();
      assertThat(budgets(check("--where", "host=" + BAD_HOST, table.toString())))
          .as(interval).isEqualTo(budgets(check(bad)));
    }
  }

  @Test
  void theSameLogsWriteTheSameTableWhateverTheThreads() throws IOException {
    List<String> logs = fleet();
    Map<String, byte[]> first = null;
    for (String threads : List.of("1", "2", "4")) {
      Path table = table("table-" + threads, logs, "--partition-by", "host=(web-0[0-9])",
          "--threads", threads);
      Map<String, byte[]> files = new TreeMap<>();
      try (Stream<Path> all = Files.walk(table)) {
        for (Path f : all.filter(Files::isRegularFile).toList()) {
          files.put(table.relativize(f).toString(), Files.readAllBytes(f));
        }
      }
      assertThat(files.keySet()).as(threads).contains("host=" + BAD_HOST
          + "/part-00000-tardy.parquet");
      if (first == null) {
        first = files;
      } else {
        assertThat(files.keySet()).isEqualTo(first.keySet());
        for (String f : files.keySet()) {
          assertThat(files.get(f)).as(threads + " threads: " + f).isEqualTo(first.get(f));
        }
      }
    }
  }

  @Test
  void aReaderWhoseObjectiveCountsOtherwiseIsRefused() throws IOException {
    List<String> logs = fleet();
    Path table = table("table", logs, "--partition-by", "host=(web-0[0-9])");
    Path other = requirements(REQUIREMENTS.replace("under: 300ms", "under: 250ms"));
    Cli.Result r = Cli.run("check", "--requirements", other.toString(), table.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).contains("the table counted the objective of Orders as bad when slower"
        + " than 300000000ns or status 500-599; the requirements count it as bad when slower than"
        + " 250000000ns or status 500-599").doesNotContain("Exception");
    Cli.Result fleet = Cli.run("report", "--fleet", "host", "--requirements", other.toString(),
        table.toString());
    assertThat(fleet.code()).isEqualTo(ExitCodes.USER_ERROR);
    // what counts as good or bad is the table's; how much of it must be good is the reader's
    Path target = requirements(REQUIREMENTS.replace("target: 99%", "target: 95%"));
    Cli.Result looser = Cli.run("check", "--format", "json", "--requirements",
        target.toString(), table.toString());
    Cli.Result looserLogs = Cli.run(Stream.concat(Stream.of("check", "--format", "json",
        "--requirements", target.toString()), logs.stream()).toArray(String[]::new));
    assertThat(looser.code()).as(looser.err()).isEqualTo(looserLogs.code());
    assertThat(budgets(looser)).isEqualTo(budgets(looserLogs));
  }

  @Test
  void theFleetViewRanksHostsByTheBudgetTheyBurn() throws IOException {
    List<String> logs = fleet();
    Path table = table("table", logs, "--partition-by", "host=(web-0[0-9])");
    Path requirements = requirements(REQUIREMENTS);
    Cli.Result json = Cli.run("report", "--fleet", "host", "--format", "json", "--requirements",
        requirements.toString(), table.toString());
    assertThat(json.code()).as(json.err()).isZero();
    @SuppressWarnings("unchecked")
    Map<String, Object> fleet = (Map<String, Object>) ((Map<String, Object>)
        JsonLines.document(json.out())).get("fleet");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> budgets = (List<Map<String, Object>>) fleet.get("error_budgets");
    assertThat(budgets).hasSize(HOSTS);
    assertThat(budgets.get(0).get("value")).isEqualTo(BAD_HOST);
    assertThat(budgets.get(0).get("verdict")).isEqualTo("fail");
    double before = Double.POSITIVE_INFINITY;
    for (Map<String, Object> b : budgets) {
      String host = (String) b.get("value");
      assertThat(((Number) b.get("total")).longValue()).as(host).isEqualTo(orders.get(host)[0]);
      assertThat(((Number) b.get("bad")).longValue()).as(host).isEqualTo(orders.get(host)[1]);
      double spent = ((Number) b.get("spent_share")).doubleValue();
      assertThat(spent).as("the most spent first").isLessThanOrEqualTo(before);
      // the share the objective allows (1 %) of its orders, against the bad ones generated
      assertThat(spent).as(host).isCloseTo(orders.get(host)[1] / (0.01 * orders.get(host)[0]),
          org.assertj.core.data.Offset.offset(1e-9));
      before = spent;
    }
    Cli.Result text = Cli.run("report", "--fleet", "host", "--requirements",
        requirements.toString(), table.toString());
    assertThat(text.out()).contains("Error budgets by host, the most spent first")
        .doesNotContain("No budget failed");
    String section = text.out().substring(text.out().indexOf("Error budgets by host"));
    assertThat(section.lines().skip(2).findFirst().orElseThrow()).startsWith(BAD_HOST)
        .contains("Orders").endsWith("fail");
  }

  @Test
  void aPartitionWrittenWithoutTheObjectiveLeavesItUncountedAndSaysWhich() throws IOException {
    List<String> logs = fleet();
    Path table = table("table", logs, "--partition-by", "host=(web-0[0-9])");
    String again = dir.resolve("logs/host=" + BAD_HOST + "/access.log").toString();
    Cli.Result rewrite = Cli.run("report", "--table", table.toString(), "--partition-by",
        "host=(web-0[0-9])", again); // that host's partition again, without requirements
    assertThat(rewrite.code()).as(rewrite.err()).isZero();
    Cli.Result r = check(table.toString());
    assertThat(r.code()).as("a gate does not pass on a part of the counts").isEqualTo(1);
    assertThat(r.err()).contains("objectives (slo:) are not counted from a table where some of"
        + " their rows keep no good and bad requests per minute (written without them): Orders");
    assertThat(budgets(r)).contains("\"total\" : 0");
    // the other hosts' partitions still count it
    Cli.Result other = check("--where", "host=web-01", table.toString());
    assertThat(other.err()).doesNotContain("are not counted");
    assertThat(number(budgets(other), "total")).isEqualTo(orders.get("web-01")[0]);
  }

  /** Real traffic of imooc.com (lihaogm/spark-analyse-log, commit 7940b10): 5xx, 499 and slow. */
  private static final Path IMOOC = Path.of(
      "/work/shared/corpus/access/lihaogm_spark-analyse-log/10000_access.log");
  private static final String IMOOC_FORMAT = "$remote_addr - $remote_user [$time_local]"
      + " \"$request\" $status $body_bytes_sent \"$host\" \"$http_referer\" $request_body"
      + " \"$http_user_agent\" \"$http_x_forwarded_for\" $upstream_addr $upstream_status"
      + " $upstream_response_time $request_time";

  @Test
  void aRealLogsTableJudgesItsObjectiveAsTheLog() throws IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(IMOOC), IMOOC + " not in the corpus");
    Path requirements = requirements("""
        version: 1
        operations:
          - name: Media
            request: POST /course/ajaxmediauser/
            category: slow
            slo: { under: 100ms, errors: [5xx, 499], target: 99%, window: 7d }
        """);
    Path table = dir.resolve("imooc");
    Cli.Result write = Cli.run("report", "--log-format", IMOOC_FORMAT, "--requirements",
        requirements.toString(), "--interval", "1m", "--table", table.toString(),
        IMOOC.toString());
    assertThat(write.code()).as(write.err()).isZero();
    Cli.Result logs = Cli.run("check", "--format", "json", "--log-format", IMOOC_FORMAT,
        "--requirements", requirements.toString(), IMOOC.toString());
    Cli.Result rows = Cli.run("check", "--format", "json", "--requirements",
        requirements.toString(), table.toString());
    assertThat(rows.code()).as(rows.err()).isEqualTo(logs.code()).isEqualTo(1);
    assertThat(budgets(rows)).isEqualTo(budgets(logs));
    long total = 0;
    long bad = 0;
    for (String line : Files.readAllLines(IMOOC)) { // the request, status and last field
      int open = line.indexOf('"');
      int close = line.indexOf("\" ", open + 1);
      String[] request = line.substring(open + 1, close).split(" ");
      if (request.length > 1 && request[0].equals("POST")
          && request[1].equals("/course/ajaxmediauser/")) {
        String status = line.substring(close + 2).split(" ")[0];
        double seconds = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
        total++;
        bad += seconds > 0.1 || status.startsWith("5") || status.equals("499") ? 1 : 0;
      }
    }
    assertThat(number(budgets(rows), "total")).isEqualTo(total).isEqualTo(746);
    assertThat(number(budgets(rows), "bad")).isEqualTo(bad).isPositive();
  }
}
