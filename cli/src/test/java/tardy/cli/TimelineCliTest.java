package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Requests and JVM pauses on one clock, through the whole CLI, on the logs of samples/timeline. */
class TimelineCliTest {

  private static final Path DIR = Path.of("..", "samples", "timeline");
  private static final String G1_ACCESS = DIR.resolve("g1-time/access-msec.log").toString();
  private static final String G1_JVM = DIR.resolve("g1-time/jvm.log").toString();

  @Test
  void aFailedRequirementNamesThePausesItsSlowRequestsMet(@TempDir Path dir) throws IOException {
    Path sla = Files.writeString(dir.resolve("sla.yaml"), "operations:\n  - name: Item page\n"
        + "    request: GET /api/item/{id}\n    category: instant\n    budgets: { p99: 150ms }\n"
        + "unmatched: { category: attention }\n");
    Cli.Result json = Cli.run("check", "--requirements", sla.toString(), "--format", "json",
        G1_ACCESS, G1_JVM);
    assertThat(json.code()).isEqualTo(ExitCodes.BUDGET_FAILED);
    Matcher item = Pattern.compile("\"key\" : \"Item page\",\\s*\"count\" : 1200,\\s*"
        + "\"overlapped\" : (\\d+),\\s*\"slow_ns\" : 100000000,\\s*\"slow_from\" : \"budget\",\\s*"
        + "\"slow\" : (\\d+),\\s*\"slow_overlapped\" : (\\d+)").matcher(json.out());
    assertThat(item.find()).as(json.out()).isTrue();
    assertThat(Long.parseLong(item.group(3))).isPositive();
    // both families on the timeline, every GC pause of this log inside its safepoint's stop
    List<String> log = Files.readAllLines(Path.of(G1_JVM));
    long safepoints = log.stream().filter(l -> l.contains("Safepoint \"")).count();
    long gcPauses = log.stream().filter(l -> l.matches(".*GC\\(\\d+\\) Pause .* [0-9.]+ms")).count();
    assertThat(json.out()).contains("\"pauses\" : " + (safepoints + gcPauses) + ",\n    \"stops\" : "
        + safepoints + ",", "\"family\" : \"gc-pause\"", "\"family\" : \"safepoint\"");

    Cli.Result table = Cli.run("check", "--requirements", sla.toString(), G1_ACCESS, G1_JVM);
    assertThat(table.code()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(table.out()).contains("Requests during JVM pauses",
        "FAIL Item page: " + item.group(3) + " of " + item.group(2)
            + " requests over 100ms overlapped JVM pauses: G1Collect");
  }

  @Test
  void uptimeOnlyPausesWaitForTheStartTime() throws IOException {
    String access = DIR.resolve("parallel-uptime/access-msec.log").toString();
    String jvm = DIR.resolve("parallel-uptime/jvm.log").toString();
    Cli.Result without = Cli.run("report", access, jvm);
    assertThat(without.code()).isEqualTo(ExitCodes.OK);
    assertThat(without.out()).contains("pauses have JVM uptime only and are not on the timeline:"
        + " give the JVM's start with --start-time.");
    // where uptime 0 was, from the same safepoints logged with wall-clock time
    String first = Files.readAllLines(DIR.resolve("parallel-uptime/anchor.log")).get(0);
    java.time.Instant wall = java.time.OffsetDateTime.parse(first.substring(1, 29),
        java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ")).toInstant();
    long uptimeMillis = Math.round(Double.parseDouble(first.substring(31, first.indexOf("s]"))) * 1000);
    String start = wall.minusMillis(uptimeMillis).toString();
    Cli.Result with = Cli.run("report", "--start-time", start, access, jvm);
    assertThat(with.code()).isEqualTo(ExitCodes.OK);
    assertThat(with.out()).contains("Requests during JVM pauses").doesNotContain("are not on the timeline");
    long uptimeOnly = Files.readAllLines(Path.of(jvm)).stream()
        .filter(l -> l.contains("Safepoint \"") || l.matches(".*GC\\(\\d+\\) Pause .* [0-9.]+ms")).count();
    assertThat(with.out().replace("\n  ", " ")).contains(uptimeOnly
        + " pauses with uptime only were placed with --start-time " + start + " as uptime 0.");
    Cli.Result bad = Cli.run("report", "--start-time", "yesterday", access, jvm);
    assertThat(bad.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(bad.err()).startsWith("tardy: --start-time: 'yesterday' is not an ISO-8601 time");
  }

  /** The sample's three operations each get a timeline. */
  private static final int TIMELINES = 3;

  @Test
  void theHtmlPageDrawsThePausesAsBands(@TempDir Path dir) throws IOException {
    Path page = dir.resolve("r.html");
    Cli.Result r = Cli.run("report", "--format", "html", "--output", page.toString(), G1_ACCESS,
        G1_JVM);
    assertThat(r.code()).isEqualTo(ExitCodes.OK);
    String html = Files.readString(page);
    assertThat(html).contains("<h2>Requests during JVM pauses</h2>",
        "GET /api/item/{id} over time", "max (dashed red), p99 (blue) and p50 (grey)");
    for (String line : new String[] {"p50", "p99", "p100"}) {
      assertThat(html.split("<path class=\"line " + line + "\"", -1)).hasSize(1 + TIMELINES);
    }
    // both families on each timeline: every safepoint line and every GC pause line of the log
    List<String> log = Files.readAllLines(Path.of(G1_JVM));
    long safepoints = log.stream().filter(l -> l.contains("Safepoint \"")).count();
    long gcPauses = log.stream().filter(l -> l.matches(".*GC\\(\\d+\\) Pause .* [0-9.]+ms")).count();
    assertThat(gcPauses).isGreaterThan(40);
    assertThat(html.split("<rect class=\"pause safepoint\"", -1)).hasSize(1 + (int) (TIMELINES * safepoints));
    assertThat(html.split("<rect class=\"pause gc-pause", -1)).hasSize(1 + (int) (TIMELINES * gcPauses));
    // this log's GC pauses all lie inside a safepoint: each drawn as its stop's part, not a stop
    assertThat(html).contains("41 GC pauses lie inside a safepoint");
    assertThat(html.split("<rect class=\"pause gc-pause part\"", -1)).hasSize(1 + (int) (TIMELINES * gcPauses));
    // each interval says what it holds on hover, its percentiles among it
    // in the JVM log's own zone, its decorators' -0500 (the access log's $msec carries none)
    assertThat(Pattern.compile("<title>2026-11-2\\dT[0-9:]+-05:00: \\d+ requests?, p50 [^,]+, p99 [^,]+,"
        + " max [^<]+</title>").matcher(html).results().count()).isGreaterThan(TIMELINES * 10L);
  }

  @Test
  void aLogWithUptimeOnlyIsPlacedByItsOwnStampedLinesAndSaysHow(@TempDir Path dir) throws IOException {
    // JDK 6 CMS: GC events with uptime only, concurrent phases with a datestamp too
    Path log = tardy.events.Corpus.require("jvm").resolve(
        "microsoft_gctoolkit-testdata/gctoolkit-gclogs/preunified/cms/parnew/details/1073_1.log");
    Path access = Files.writeString(dir.resolve("access.log"),
        "127.0.0.1 - - [20/Apr/2010:18:50:11 +0100] \"GET /a HTTP/1.1\" 200 5 \"-\" \"x\" 0.002\n");
    Cli.Result table = Cli.run("report", "--width", "400", access.toString(), log.toString());
    assertThat(table.code()).isEqualTo(ExitCodes.OK);
    assertThat(table.out()).contains("3,987 pauses of " + log + " with uptime only were placed by"
        + " the log's own lines that give both a date and the uptime: 106 lines, the first (line 102)"
        + " 2010-04-20T18:50:11.324+01:00 at uptime 401.421s, so uptime 0 was"
        + " 2010-04-20T18:43:29.903+01:00." // the access log's own zone, as the line says it
        + " The two clocks drifted 888ms apart").doesNotContain("are not on the timeline");
    Cli.Result json = Cli.run("report", "--format", "json", access.toString(), log.toString());
    assertThat(json.out().replaceAll("\\s+", "")).contains("\"uptime_placed\":{\"start_time_pauses\":0,"
        + "\"by_log_lines\":[{\"source\":\"" + log + "\",\"pauses\":3987,\"lines\":106,\"first_line\":102,"
        + "\"first_wall_ms\":1271785811324,\"first_uptime_ms\":401421,\"drift_ms\":888}]}");
  }
}
