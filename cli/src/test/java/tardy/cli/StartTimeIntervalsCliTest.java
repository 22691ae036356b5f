package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Corpus;
import tardy.render.hdr.HlogReader;

/**
 * A JVM log with uptime only, placed with {@code --start-time}: the report's intervals are on the
 * wall clock (start plus uptime), aligned as a dated log's, in every format, and as .hlog's.
 */
class StartTimeIntervalsCliTest {

  /** A real unified safepoint log with uptime only: 1,318 pauses over 11 s. */
  private static Path log() {
    return Corpus.require("jvm").resolve("kcpeppe_integrating_vertx/logs/safepoint.log");
  }

  private static final Pattern STOPPED = Pattern.compile(
      "^\\[(\\d+)\\.(\\d{3})s\\].*Total time for which application threads were stopped: ([0-9.]+) seconds");

  /** Per interval start (epoch ms), {count, max ns}: the log's lines read with a regex, sorted. */
  private static Map<Long, long[]> expected(Path log, long startMillis, long intervalMillis)
      throws Exception {
    Map<Long, long[]> byStart = new TreeMap<>();
    for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
      Matcher m = STOPPED.matcher(line);
      if (m.find()) {
        long wall = startMillis + Long.parseLong(m.group(1)) * 1000 + Long.parseLong(m.group(2));
        long nanos = new BigDecimal(m.group(3)).movePointRight(9).longValueExact();
        long[] v = byStart.computeIfAbsent(Math.floorDiv(wall, intervalMillis) * intervalMillis,
            k -> new long[2]);
        v[0]++;
        v[1] = Math.max(v[1], nanos);
      }
    }
    return byStart;
  }

  /** The (total) rows per interval of the CSV: start, {count, max ns}. */
  private static Map<Long, long[]> csvIntervals(String csv) {
    Map<Long, long[]> byStart = new TreeMap<>();
    for (String row : csv.split("\n")) {
      String[] f = row.split(",", -1);
      if (f[0].equals("(total)") && !f[f.length - 1].isEmpty()) {
        byStart.put(Long.parseLong(f[f.length - 1]),
            new long[] {Long.parseLong(f[4]), Long.parseLong(f[11])});
      }
    }
    return byStart;
  }

  @Test
  void uptimeOnlyPausesFallInTheWallClockIntervalsOfTheirStartPlusUptime() throws Exception {
    Path log = log();
    String start = "2020-01-01T00:00:00.300Z"; // not on a second: shifts pauses across intervals
    long startMillis = Instant.parse(start).toEpochMilli();
    Map<Long, long[]> want = expected(log, startMillis, 1000);
    assertThat(want).hasSizeGreaterThan(10);
    assertThat(want.values().stream().mapToLong(v -> v[0]).sum()).isEqualTo(1318);

    Cli.Result csv = Cli.run("report", "--format", "csv", "--interval", "1s", "--start-time",
        start, log.toString());
    assertThat(csv.code()).as(csv.err()).isZero();
    Map<Long, long[]> got = csvIntervals(csv.out());
    assertThat(got.keySet()).containsExactlyElementsOf(want.keySet());
    want.forEach((at, v) -> assertThat(got.get(at)).as("interval at %d", at).containsExactly(v));

    Cli.Result json = Cli.run("report", "--format", "json", "--interval", "1s", "--start-time",
        start, log.toString());
    assertThat(json.code()).as(json.err()).isZero();
    assertThat(json.out()).doesNotContain("no wall-clock time")
        .contains("\"first_ms\" : " + (startMillis + 90)); // the first line's uptime: 0.090 s
    want.forEach((at, v) -> assertThat(json.out())
        .contains("\"start_ms\" : " + at + ",\n" + "      \"count\" : " + v[0]));

    Cli.Result table = Cli.run("report", "--interval", "1s", "--start-time", start,
        log.toString());
    assertThat(table.out()).contains("(total) per 1s")
        .contains("2020-01-01 00:00:00  ").contains("2020-01-01 00:00:11  ")
        .doesNotContain("no wall-clock time");
  }

  @Test
  void withAStartOnTheIntervalTheReportsIntervalsAreTheHlogs(@TempDir Path dir) throws Exception {
    Path log = log();
    String start = "2020-01-01T00:00:00Z";
    Path hlog = dir.resolve("sp.hlog");
    Cli.Result wrote = Cli.run("hlog", "--interval", "1s", "--start-time", start, "-o",
        hlog.toString(), log.toString());
    assertThat(wrote.code()).as(wrote.err()).isZero();
    Map<Long, long[]> fromHlog = new TreeMap<>();
    for (HlogReader.Line l : HlogReader.read(hlog).tagged(null)) {
      Histogram h = (Histogram) l.histogram();
      fromHlog.put(l.startMillis(), new long[] {h.getTotalCount(), h.getMaxValue()});
    }
    Cli.Result csv = Cli.run("report", "--format", "csv", "--interval", "1s", "--start-time",
        start, log.toString());
    Map<Long, long[]> got = csvIntervals(csv.out());
    assertThat(got.keySet()).containsExactlyElementsOf(fromHlog.keySet());
    got.forEach((at, v) -> assertThat(v[0]).isEqualTo(fromHlog.get(at)[0]));
  }
}
