package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Error budgets and every replayed burn-rate alert of {@code check} against a computation of its
 * own over the raw lines of a four-day access log whose latency and errors degrade in known hours:
 * events read with a plain split, kept one by one with their times (no per-minute counts), and
 * each window counted by searching the sorted times, the threshold compared in exact integers.
 */
class ErrorBudgetReplayTest {

  private static final long START = OffsetDateTime.parse("2026-10-01T00:00:00Z").toEpochSecond();
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);
  private static final int DAYS = 4;

  @TempDir
  Path dir;

  /**
   * Four days, 3 to 7 checkouts a minute. Known degradations: day 1 09:00-09:50, 35 % over
   * 300 ms; day 2 12:00-18:00, 9 % over; day 3 02:00-04:40 no requests (a gap); day 4 from
   * 23:20, 25 % answered 502; everywhere else 0.4 % slow and 0.1 % 5xx.
   */
  private static String log(long seed) {
    Random rnd = new Random(seed);
    StringBuilder b = new StringBuilder();
    for (int minute = 0; minute < DAYS * 1440; minute++) {
      int day = minute / 1440;
      int m = minute % 1440;
      if (day == 2 && m >= 120 && m < 280) {
        continue;
      }
      double slow = day == 0 && m >= 540 && m < 590 ? 0.35 : day == 1 && m >= 720 && m < 1080 ? 0.09 : 0.004;
      double errors = day == 3 && m >= 1400 ? 0.25 : 0.001;
      int n = 3 + rnd.nextInt(5);
      for (int i = 0; i < n; i++) {
        long t = START + minute * 60L + rnd.nextInt(60);
        String stamp = STAMP.format(java.time.Instant.ofEpochSecond(t).atOffset(java.time.ZoneOffset.UTC));
        int ms = rnd.nextDouble() < slow ? 301 + rnd.nextInt(700) : 10 + rnd.nextInt(291);
        int status = rnd.nextDouble() < errors ? 502 : 200;
        b.append("10.0.0.").append(1 + i).append(" - - [").append(stamp).append("] \"POST /api/checkout HTTP/1.1\" ")
            .append(status).append(" 99 \"-\" \"load\" ").append(ms / 1000).append('.')
            .append(String.format(Locale.ROOT, "%03d", ms % 1000)).append('\n');
        if (i == 0) {
          b.append("10.0.0.9 - - [").append(stamp).append("] \"GET /health HTTP/1.1\" 200 2 \"-\" \"probe\" 0.001\n");
        }
      }
    }
    return b.toString();
  }

  /** One checkout as read from its line: epoch ms, and whether it missed the objective. */
  private record Event(long millis, boolean bad) {}

  /** The lines, read without tardy: time in brackets, request in quotes, status, last field. */
  private static List<Event> events(String log, List<Long> allTimes) {
    List<Event> events = new ArrayList<>();
    for (String line : log.split("\n")) {
      String stamp = line.substring(line.indexOf('[') + 1, line.indexOf(']'));
      long millis = OffsetDateTime.parse(stamp, STAMP).toInstant().toEpochMilli();
      allTimes.add(millis);
      String[] afterRequest = line.substring(line.indexOf('"', line.indexOf('"') + 1) + 2).split(" ");
      if (!line.contains("\"POST /api/checkout ")) {
        continue;
      }
      int status = Integer.parseInt(afterRequest[0]);
      String[] fields = line.split(" ");
      BigDecimal seconds = new BigDecimal(fields[fields.length - 1]);
      boolean bad = seconds.compareTo(new BigDecimal("0.300")) > 0 || status >= 500;
      events.add(new Event(millis, bad));
    }
    events.sort((a, b) -> Long.compare(a.millis(), b.millis()));
    return events;
  }

  /** An alert span as the independent replay finds it: fired and cleared (-1: firing) in ms. */
  private record Span(String alert, long fired, long cleared) {}

  private static final long MIN = 60_000;
  private static final long[][] WORKBOOK = { // long, short minutes; burn × 10
      {60, 5, 144}, {360, 30, 60}, {1440, 120, 30}, {4320, 360, 10}};
  private static final String[] LABELS =
      {"1h/5m ×14.4 page", "6h/30m ×6 page", "1d/2h ×3 ticket", "3d/6h ×1 ticket"};

  /**
   * At each minute's end T from the first checkout's minute to the last line's, the events with a
   * time in [T − window, T): fires while both windows have bad/total > burn × 1 %, i.e. bad × 1000
   * > burn×10 × total.
   */
  private static List<Span> replay(List<Event> events, long firstMinute, long lastMinute) {
    long[] times = events.stream().mapToLong(Event::millis).toArray();
    long[] badBefore = new long[events.size() + 1];
    for (int i = 0; i < events.size(); i++) {
      badBefore[i + 1] = badBefore[i] + (events.get(i).bad() ? 1 : 0);
    }
    List<Span> spans = new ArrayList<>();
    for (int a = 0; a < WORKBOOK.length; a++) {
      long fired = -1;
      for (long m = firstMinute; m <= lastMinute; m++) {
        long end = (m + 1) * MIN;
        boolean firing = true;
        for (int w = 0; w < 2; w++) {
          int from = lowerBound(times, end - WORKBOOK[a][w] * MIN);
          int to = lowerBound(times, end);
          long total = to - from;
          long bad = badBefore[to] - badBefore[from];
          firing &= total > 0 && bad * 1000 > WORKBOOK[a][2] * total;
        }
        if (firing && fired < 0) {
          fired = end;
        } else if (!firing && fired >= 0) {
          spans.add(new Span(LABELS[a], fired, end));
          fired = -1;
        }
      }
      if (fired >= 0) {
        spans.add(new Span(LABELS[a], fired, -1));
      }
    }
    return spans;
  }

  private static int lowerBound(long[] sorted, long key) {
    int i = Arrays.binarySearch(sorted, key);
    if (i < 0) {
      return -i - 1;
    }
    while (i > 0 && sorted[i - 1] == key) {
      i--;
    }
    return i;
  }

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  @Test
  @SuppressWarnings("unchecked")
  void budgetsAndEveryAlertMatchAnIndependentReplayOfTheRawEvents() throws IOException {
    String text = log(32);
    Path log = write("access.log", text);
    Path req = write("req.yaml", "version: 1\noperations:\n  - name: Checkout\n"
        + "    request: POST /api/checkout\n    category: slow\n"
        + "    slo: { under: 300ms, errors: [5xx], target: 99%, window: 30d, budget_floor: 20% }\n");
    Cli.Result r = Cli.run("check", "--format", "json", "--threads", "1", "--requirements",
        req.toString(), log.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(r.out());
    Map<String, Object> budget = ((List<Map<String, Object>>) doc.get("error_budgets")).get(0);

    List<Long> allTimes = new ArrayList<>();
    List<Event> events = events(text, allTimes);
    long lastMinute = Math.floorDiv(allTimes.stream().mapToLong(Long::longValue).max().getAsLong(), MIN);
    long firstMinute = Math.floorDiv(events.get(0).millis(), MIN);
    long bad = events.stream().filter(Event::bad).count();
    assertThat(budget.get("total")).isEqualTo((long) events.size());
    assertThat(budget.get("bad")).isEqualTo(bad);
    assertThat(budget.get("good")).isEqualTo(events.size() - bad);
    assertThat(budget.get("end_ms")).isEqualTo((lastMinute + 1) * MIN);
    assertThat(budget.get("covered_ms")).isEqualTo((lastMinute - firstMinute + 1) * MIN);
    assertThat(budget.get("covers_window")).isEqualTo(false);
    double allowed = events.size() * 0.01;
    assertThat((Double) budget.get("allowed_bad")).isCloseTo(allowed, org.assertj.core.data.Offset.offset(1e-9));
    assertThat((Double) budget.get("spent_share")).isCloseTo(bad / allowed, org.assertj.core.data.Offset.offset(1e-12));
    assertThat((Double) budget.get("left_share")).isCloseTo(1 - bad / allowed, org.assertj.core.data.Offset.offset(1e-12));

    List<Span> expected = replay(events, firstMinute, lastMinute);
    List<Span> actual = new ArrayList<>();
    for (Map<String, Object> a : (List<Map<String, Object>>) budget.get("alerts")) {
      long longMs = (Long) a.get("long_ms");
      int i = longMs == 3_600_000L ? 0 : longMs == 21_600_000L ? 1 : longMs == 86_400_000L ? 2 : 3;
      actual.add(new Span(LABELS[i], (Long) a.get("fired_ms"),
          a.containsKey("cleared_ms") ? (Long) a.get("cleared_ms") : -1));
    }
    assertThat(actual).isEqualTo(expected);

    // the known degradations are what fired: the fast burn of day 1, the slow one of day 2,
    // and the 5xx at the end, still firing, which fails the gate with the floor
    long day = 86_400_000L;
    long t0 = START * 1000;
    assertThat(expected).anyMatch(s -> s.alert().startsWith("1h/5m") && s.fired() > t0 + 9 * 3_600_000L
        && s.cleared() < t0 + 11 * 3_600_000L && s.cleared() > 0);
    assertThat(expected).anyMatch(s -> s.alert().startsWith("6h/30m") && s.fired() > t0 + day + 12 * 3_600_000L
        && s.fired() < t0 + day + 19 * 3_600_000L);
    assertThat(expected).anyMatch(s -> s.alert().startsWith("1h/5m") && s.cleared() == -1);
    assertThat(expected.stream().filter(s -> s.alert().startsWith("1h/5m")).count()).isEqualTo(2);
    assertThat((List<String>) budget.get("failures"))
        .anyMatch(f -> f.startsWith("fast-burn alert 1h/5m ×14.4 page firing"));
    List<Map<String, Object>> gaps = (List<Map<String, Object>>) budget.get("gaps");
    assertThat(gaps).hasSize(1);
    assertThat(gaps.get(0).get("from_ms")).isEqualTo(t0 + 2 * day + 2 * 3_600_000L);
    assertThat(gaps.get(0).get("to_ms")).isEqualTo(t0 + 2 * day + 280 * MIN);

    Cli.Result threads = Cli.run("check", "--format", "json", "--threads", "3", "--requirements",
        req.toString(), log.toString());
    assertThat(threads.out()).isEqualTo(r.out());
  }

  /**
   * The CSV's budget row and alert rows, the HTML page's shaded spans and {@code report
   * --requirements} show what the independent replay finds, and the report exits 0 where the gate
   * fails.
   */
  @Test
  void csvHtmlAndTheJudgedReportShowTheIndependentReplay() throws IOException {
    String text = log(32);
    Path log = write("access.log", text);
    Path req = write("req.yaml", "version: 1\noperations:\n  - name: Checkout\n"
        + "    request: POST /api/checkout\n    category: slow\n"
        + "    slo: { under: 300ms, errors: [5xx], target: 99%, window: 30d, budget_floor: 20% }\n");
    List<Long> allTimes = new ArrayList<>();
    List<Event> events = events(text, allTimes);
    long lastMinute = Math.floorDiv(allTimes.stream().mapToLong(Long::longValue).max().getAsLong(), MIN);
    long firstMinute = Math.floorDiv(events.get(0).millis(), MIN);
    List<Span> expected = replay(events, firstMinute, lastMinute);
    long bad = events.stream().filter(Event::bad).count();

    Cli.Result csv = Cli.run("check", "--format", "csv", "--requirements", req.toString(),
        log.toString());
    assertThat(csv.code()).as(csv.err()).isEqualTo(1);
    List<org.apache.commons.csv.CSVRecord> rows = org.apache.commons.csv.CSVFormat.DEFAULT.builder()
        .setHeader().get().parse(new java.io.StringReader(csv.out())).getRecords();
    List<org.apache.commons.csv.CSVRecord> budgetRows =
        rows.stream().filter(r -> r.get("slo_row").equals("budget")).toList();
    assertThat(budgetRows).hasSize(1);
    org.apache.commons.csv.CSVRecord b = budgetRows.get(0);
    assertThat(b.get("key")).isEqualTo("Checkout");
    assertThat(b.get("verdict")).isEqualTo("fail");
    assertThat(Long.parseLong(b.get("total"))).isEqualTo(events.size());
    assertThat(Long.parseLong(b.get("bad"))).isEqualTo(bad);
    assertThat(Long.parseLong(b.get("good"))).isEqualTo(events.size() - bad);
    assertThat(Long.parseLong(b.get("end_ms"))).isEqualTo((lastMinute + 1) * MIN);
    assertThat(Double.parseDouble(b.get("left_share")))
        .isCloseTo(1 - bad / (events.size() * 0.01), org.assertj.core.data.Offset.offset(1e-12));
    List<Span> csvSpans = new ArrayList<>();
    for (org.apache.commons.csv.CSVRecord r : rows) {
      if (r.get("slo_row").equals("alert")) {
        assertThat(r.get("key")).isEqualTo("Checkout");
        csvSpans.add(new Span(r.get("alert"), Long.parseLong(r.get("fired_ms")),
            r.get("cleared_ms").isEmpty() ? -1 : Long.parseLong(r.get("cleared_ms"))));
      }
    }
    assertThat(csvSpans).isEqualTo(expected);
    assertThat(rows.stream().filter(r -> r.get("slo_row").isEmpty()))
        .allMatch(r -> r.get("alert").isEmpty() && r.get("total").isEmpty())
        .anyMatch(r -> r.get("key").equals("Checkout") && r.get("family").equals("request"));

    Cli.Result html = Cli.run("check", "--format", "html", "--requirements", req.toString(),
        log.toString());
    assertThat(html.code()).isEqualTo(1);
    String page = html.out();
    assertThat(page).contains("<h2>Error budgets</h2>");
    for (Span span : expected) { // each replayed span shaded once, its words in its title
      String title = "alert " + span.alert() + ": " + minute(span.fired()) + " → ";
      assertThat(page.split(java.util.regex.Pattern.quote("<title>" + title), -1))
          .as(title).hasSize(2);
    }
    assertThat(page.split("<rect class=\"alert ", -1)).hasSize(expected.size() + 1);

    Cli.Result report = Cli.run("report", "--format", "json", "--requirements", req.toString(),
        log.toString());
    Cli.Result check = Cli.run("check", "--format", "json", "--requirements", req.toString(),
        log.toString());
    assertThat(report.code()).as(report.err()).isZero();
    assertThat(check.code()).isEqualTo(1);
    assertThat(report.out()).isEqualTo(check.out());
    assertThat(report.err()).isEqualTo(check.err()).startsWith("FAIL");
  }

  /**
   * {@code check --follow} says each alert's start and end on stderr, one line each with its time,
   * in time order: the independent replay's spans; {@code report --requirements --follow} says the
   * same and exits 0.
   */
  @Test
  void aLiveCheckSaysEachAlertsStartAndEndAsTheIndependentReplayHasThem() throws IOException {
    String text = log(32);
    Path req = write("req.yaml", "version: 1\noperations:\n  - name: Checkout\n"
        + "    request: POST /api/checkout\n    category: slow\n"
        + "    slo: { under: 300ms, errors: [5xx], target: 99%, window: 30d, budget_floor: 20% }\n");
    List<Long> allTimes = new ArrayList<>();
    List<Event> events = events(text, allTimes);
    long lastMinute = Math.floorDiv(allTimes.stream().mapToLong(Long::longValue).max().getAsLong(), MIN);
    List<Span> expected = replay(events, Math.floorDiv(events.get(0).millis(), MIN), lastMinute);
    List<String> lines = new ArrayList<>();
    for (Span span : expected) {
      lines.add(span.fired() + " ALERT FIRED: Checkout " + span.alert() + " at "
          + minute(span.fired()) + " UTC");
      if (span.cleared() >= 0) {
        lines.add(span.cleared() + " ALERT CLEARED: Checkout " + span.alert() + " at "
            + minute(span.cleared()) + " UTC (fired ");
      }
    }
    lines.sort(java.util.Comparator.comparingLong(l -> Long.parseLong(l.substring(0, l.indexOf(' ')))));
    List<String> want = lines.stream().map(l -> l.substring(l.indexOf(' ') + 1)).toList();

    byte[] in = text.getBytes(StandardCharsets.UTF_8);
    Cli.Result r = Cli.run(in, "check", "--follow", "-", "--requirements", req.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    List<String> said = r.err().lines().filter(l -> l.startsWith("ALERT ")).toList();
    assertThat(said).hasSameSizeAs(want);
    for (int i = 0; i < want.size(); i++) {
      assertThat(said.get(i)).startsWith(want.get(i));
    }
    Cli.Result report = Cli.run(in, "report", "--follow", "-", "--requirements", req.toString());
    assertThat(report.code()).as(report.err()).isZero();
    assertThat(report.err().lines().filter(l -> l.startsWith("ALERT ")).toList()).isEqualTo(said);
    // each JSON line: the budget since the start, its burn rates, the alerts said with it
    String lastLine = r.out().lines().reduce((a, b) -> b).orElseThrow();
    assertThat(lastLine).contains("\"burn_rates\":[{\"requirement\":\"Checkout\",\"alert\":\"1h/5m ×14.4 page\"")
        .contains("\"alert_changes\":[");
  }

  private static String minute(long millis) {
    return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
        .format(java.time.Instant.ofEpochMilli(millis).atOffset(java.time.ZoneOffset.UTC));
  }

  @Test
  @SuppressWarnings("unchecked")
  void theWindowHoldsOnlyItsLastMinutesAndChangedAlertsChangeTheResult() throws IOException {
    String text = log(7);
    Path log = write("access.log", text);
    Path req = write("req.yaml", "version: 1\noperations:\n  - name: Checkout\n"
        + "    request: POST /api/checkout\n    category: slow\n"
        + "    slo:\n      under: 300ms\n      target: 99.5%\n      window: 2d\n"
        + "      alerts: [ { long: 2h, short: 10m, burn: 10, severity: page } ]\n");
    Cli.Result r = Cli.run("check", "--format", "json", "--requirements", req.toString(),
        log.toString());
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(r.out());
    Map<String, Object> budget = ((List<Map<String, Object>>) doc.get("error_budgets")).get(0);
    List<Long> allTimes = new ArrayList<>();
    List<Event> all = events(text, allTimes);
    long end = (Math.floorDiv(allTimes.stream().mapToLong(Long::longValue).max().getAsLong(), MIN) + 1) * MIN;
    long windowStart = end - 2 * 86_400_000L;
    // latency only: a 502 under 300 ms is good here
    long total = 0;
    long bad = 0;
    for (String line : text.split("\n")) {
      if (!line.contains("POST /api/checkout")) {
        continue;
      }
      long millis = OffsetDateTime.parse(line.substring(line.indexOf('[') + 1, line.indexOf(']')), STAMP)
          .toInstant().toEpochMilli();
      if (millis >= windowStart && millis < end) {
        total++;
        String[] f = line.split(" ");
        bad += new BigDecimal(f[f.length - 1]).compareTo(new BigDecimal("0.3")) > 0 ? 1 : 0;
      }
    }
    assertThat(all.size()).isGreaterThan((int) total);
    assertThat(budget.get("total")).isEqualTo(total);
    assertThat(budget.get("bad")).isEqualTo(bad);
    assertThat(budget.get("covers_window")).isEqualTo(true);
    List<Map<String, Object>> alerts = (List<Map<String, Object>>) budget.get("alerts");
    assertThat(alerts).isNotEmpty().allMatch(a -> a.get("long_ms").equals(7_200_000L));
  }

  @Test
  void theGuidesExampleIsWhatTheSampleGives() throws IOException {
    Path root = Path.of("..").toAbsolutePath().normalize();
    String readme = Files.readString(root.resolve("docs/guide/requirements.md"));
    String command = "$ bin/tardy check samples/slo/checkout-3d.log.gz --requirements"
        + " samples/slo/requirements.yaml\n…\n";
    int from = readme.indexOf(command);
    assertThat(from).isPositive();
    String shown = readme.substring(from + command.length(), readme.indexOf("\n…\n```", from));
    Cli.Result r = Cli.run("check", root.resolve("samples/slo/checkout-3d.log.gz").toString(),
        "--requirements", root.resolve("samples/slo/requirements.yaml").toString());
    assertThat(r.code()).isEqualTo(1);
    String out = r.out();
    int start = out.indexOf("Error budgets");
    assertThat(out.substring(start, out.indexOf("\n\n", start))).isEqualTo(shown);
  }
}
