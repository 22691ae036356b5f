package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tardy.events.Corpus;

/**
 * Without {@code --tz}, times are printed in the zone the logs' own timestamps carry when they all
 * carry one offset; in UTC, said once on stderr, when they carry several; in UTC, as before, when
 * they carry none or +0000.
 */
class LoggedZoneCliTest {

  private static final String NOTE =
      "tardy: times in UTC: the logs carry offsets +01:00 and +02:00; choose one with --tz";

  private static final DateTimeFormatter TIME_LOCAL =
      DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);

  /**
   * {@code count} requests, one every {@code stepSeconds} from {@code first}, each stamped as
   * nginx's $time_local writes it in {@code zone} (its summer time followed).
   */
  private static Path log(Path file, Instant first, int count, int stepSeconds, ZoneId zone)
      throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = 0; i < count; i++) {
        Instant t = first.plusSeconds((long) i * stepSeconds);
        w.write("10.0.0.1 - - [" + TIME_LOCAL.format(t.atZone(zone)) + "] \"GET /a/" + (i % 7)
            + " HTTP/1.1\" 200 5 \"-\" \"t\" 0.0" + (10 + i % 80) + "\n");
      }
    }
    return file;
  }

  @Test
  void aRealLogInPlus0200PrintsTheTimesItsLinesSay() throws IOException {
    Path log = SeznamLog.path();
    List<String> times = SeznamLog.localTimes();
    Cli.Result r = Cli.run("report", log.toString(), "--log-format", SeznamLog.FORMAT);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("Requests: 2020-04-24 " + times.get(0) + " to "
        + times.get(times.size() - 1) + " +02:00 (").doesNotContain("UTC");
    assertThat(r.err()).doesNotContain("times in");
    // the same as asking for that offset; --tz UTC gives today's output back
    assertThat(Cli.run("report", log.toString(), "--log-format", SeznamLog.FORMAT, "--tz", "+02:00").out())
        .isEqualTo(r.out());
    Cli.Result utc = Cli.run("report", log.toString(), "--log-format", SeznamLog.FORMAT, "--tz", "UTC");
    assertThat(utc.out()).isNotEqualTo(r.out()).contains(" UTC (");
  }

  @Test
  void aUnifiedJvmLogPrintsItsDecoratorsOffset() throws IOException {
    Path log = Corpus.require("jvm").resolve("krzysztofslusarski_jug2020-profiling-1/safepoint.log");
    String first = Files.readAllLines(log).get(0);
    assertThat(first).startsWith("[2019-11-16T01:29:03.746+0100]");
    Cli.Result r = Cli.run("report", log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("2019-11-16 01:29:03.746").contains(" +01:00 (")
        .doesNotContain("UTC");
  }

  /**
   * JDK 6 to 8 print {@code -XX:+PrintGCDateStamps} with the JVM's offset: the first interval is
   * the minute of the first datestamp as the JVM wrote it, read here with a plain pattern.
   */
  @ParameterizedTest
  @CsvSource({
      "nekop_gclogs/java8/cms-gc.log, +09:00",
      "chewiebug_GCViewer/src/test/resources/openjdk/"
          + "SampleSun1_7_0CMS_PrintTenuringDistributionPromotionFailure.txt, -05:00"})
  void aJdk8LogPrintsItsDateStampsOffset(String name, String offset) throws IOException {
    Path log = Corpus.require("jvm").resolve(name);
    Matcher first = Pattern.compile("(\\d{4}-\\d\\d-\\d\\d)T(\\d\\d:\\d\\d):\\d\\d\\.\\d{3}"
        + Pattern.quote(offset.replace(":", ""))).matcher(Files.readString(log));
    assertThat(first.find()).isTrue();
    Cli.Result r = Cli.run("report", log.toString(), "--interval", "1m");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("from (" + offset + ")")
        .contains("\n" + first.group(1) + " " + first.group(2) + ":00 ").doesNotContain("UTC");
    assertThat(r.err()).doesNotContain("times in");
    assertThat(Cli.run("report", log.toString(), "--interval", "1m", "--tz", offset).out())
        .isEqualTo(r.out());
  }

  @Test
  void aLogInPlus0000IsPrintedAsBeforeInUtc(@TempDir Path dir) throws IOException {
    Path log = log(dir.resolve("utc.log"), Instant.parse("2026-11-01T10:00:00Z"), 50, 7,
        ZoneOffset.UTC);
    Cli.Result r = Cli.run("report", log.toString(), "--interval", "1m");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("Requests: 2026-11-01 10:00:00 to 10:05:43 UTC (")
        .contains("from (UTC)");
    assertThat(r.err()).doesNotContain("times in");
    assertThat(Cli.run("report", log.toString(), "--interval", "1m", "--tz", "UTC").out())
        .isEqualTo(r.out());
  }

  @Test
  void aLogAcrossAChangeToSummerTimeFallsBackToUtcAndSaysSoOnceWhateverTheThreads(
      @TempDir Path dir) throws IOException {
    // Europe/Paris turns from +01:00 to +02:00 at 01:00 UTC on 29 March 2026; 9 MB of lines,
    // the change in the middle: with 3 threads no part sees both offsets
    Instant first = Instant.parse("2026-03-29T01:00:00Z").minusSeconds(55_000);
    Path log = log(dir.resolve("paris.log"), first, 110_000, 1, ZoneId.of("Europe/Paris"));
    assertThat(Files.size(log)).isGreaterThan(8L << 20);
    Cli.Result one = Cli.run("report", log.toString(), "--threads", "1");
    Cli.Result three = Cli.run("report", log.toString(), "--threads", "3");
    for (Cli.Result r : List.of(one, three)) {
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(r.err().lines().filter(l -> l.contains("times in")).toList())
          .containsExactly(NOTE);
      assertThat(r.out()).contains("Requests: 2026-03-28 09:43:20 to 2026-03-29 16:16:39 UTC (");
    }
    assertThat(three.out()).isEqualTo(one.out());
    Cli.Result utc = Cli.run("report", log.toString(), "--threads", "3", "--tz", "UTC");
    assertThat(utc.out()).isEqualTo(one.out());
    assertThat(utc.err()).doesNotContain("times in");
  }

  @Test
  void twoLogsOfTwoZonesFallBackToUtcWhateverTheThreads(@TempDir Path dir) throws IOException {
    Instant first = Instant.parse("2026-11-01T10:00:00Z");
    Path berlin = log(dir.resolve("berlin.log"), first, 40, 3, ZoneOffset.ofHours(1));
    Path athens = log(dir.resolve("athens.log"), first, 40, 3, ZoneOffset.ofHours(2));
    for (String threads : new String[] {"1", "3"}) {
      Cli.Result r = Cli.run("report", berlin.toString(), athens.toString(), "--threads", threads);
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(r.err().lines().filter(l -> l.contains("times in")).toList())
          .containsExactly(NOTE);
      assertThat(r.out()).contains("Requests: 2026-11-01 10:00:00 to 10:01:57 UTC (");
      // each alone is in its own zone: 10:00 UTC is 11:00 in Berlin
      assertThat(Cli.run("report", berlin.toString(), "--threads", threads).out())
          .contains("Requests: 2026-11-01 11:00:00 to 11:01:57 +01:00 (");
    }
  }

  @Test
  void theHlogStartTimeCommentIsInTheLogsZone(@TempDir Path dir) throws IOException {
    Path in = log(dir.resolve("a.log"), Instant.parse("2026-11-01T10:00:00Z"), 30, 2,
        ZoneOffset.ofHours(2));
    Path own = dir.resolve("own.hlog");
    Path utc = dir.resolve("utc.hlog");
    Cli.Result r = Cli.run("hlog", in.toString(), "-o", own.toString(), "--family", "request");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Cli.run("hlog", in.toString(), "-o", utc.toString(), "--family", "request",
        "--tz", "UTC").code()).isZero();
    assertThat(Files.readString(own)).contains("Sun Nov 01 12:00:00 +02:00 2026");
    assertThat(Files.readString(utc)).contains("Sun Nov 01 10:00:00 UTC 2026");
  }

  @Test
  void aSavedResultKeepsTheLogsZone(@TempDir Path dir) throws IOException {
    Path in = log(dir.resolve("a.log"), Instant.parse("2026-11-01T10:00:00Z"), 30, 2,
        ZoneOffset.ofHours(2));
    Path saved = dir.resolve("a.tardy");
    Cli.Result read = Cli.run("report", in.toString(), "--save", saved.toString());
    assertThat(read.code()).as(read.err()).isZero();
    Cli.Result again = Cli.run("report", saved.toString());
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(again.out()).contains("Requests: 2026-11-01 12:00:00 to 12:00:58 +02:00 (");
  }
}
