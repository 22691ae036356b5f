package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --tz}: every time a person reads is in the zone asked for, with the offset in force at
 * that instant (summer time followed); without it, as before, in UTC.
 */
class ZoneCliTest {

  /**
   * Requests every 10 s from 00:59:00 to 01:00:50 UTC on 29 March 2026, the last Sunday of March:
   * Central European Time turns to summer time at 01:00 UTC, so 01:59:50 +01:00 is followed by
   * 03:00:00 +02:00 in Europe/Paris.
   */
  private static byte[] acrossSpringForward() {
    return IntStream.range(0, 12).mapToObj(i -> String.format(java.util.Locale.ROOT,
        "10.0.0.1 - - [29/Mar/2026:%02d:%02d:%02d +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"t\" 0.%03d\n",
        i < 6 ? 0 : 1, i < 6 ? 59 : 0, i % 6 * 10, 10 + i)).collect(Collectors.joining())
        .getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void anHtmlPageInAZoneSaysEveryTimeThereWithItsOffset() {
    Cli.Result r = Cli.run(acrossSpringForward(), "report", "-", "--tz", "Europe/Paris",
        "--interval", "10s", "--format", "html");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).doesNotContain("UTC");
    org.jsoup.nodes.Document page = org.jsoup.Jsoup.parse(r.out());
    assertThat(page.text()).doesNotContain("UTC")
        .contains("2026-03-29 01:59:00 +01:00 to 03:00:50 +02:00");
    // the interval chart: its caption, ticks on both sides of the change, hovers with offsets
    assertThat(page.select("svg text").eachText())
        .anyMatch(t -> t.startsWith("Europe/Paris +01:00 to +02:00, 2026-03-29"))
        .anyMatch(t -> t.endsWith("+01:00") && t.startsWith("01:59"))
        .anyMatch(t -> t.endsWith("+02:00") && t.startsWith("03:00"));
    assertThat(page.select("rect.interval title").eachText())
        .anyMatch(t -> t.startsWith("2026-03-29 01:59:50 +01:00:"))
        .anyMatch(t -> t.startsWith("2026-03-29 03:00:00 +02:00:"));
  }

  @Test
  void theSpanSaysEachEndWithItsOwnOffsetAcrossSummerTime() {
    Cli.Result r = Cli.run(acrossSpringForward(), "report", "-", "--tz", "Europe/Paris");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains(
        "Requests: 2026-03-29 01:59:00 +01:00 to 03:00:50 +02:00 (111s)");
    Cli.Result utc = Cli.run(acrossSpringForward(), "report", "-");
    assertThat(utc.out()).contains("Requests: 2026-03-29 00:59:00 to 01:00:50 UTC (111s)");
    assertThat(Cli.run(acrossSpringForward(), "report", "-", "--tz", "UTC").out())
        .isEqualTo(utc.out());
  }

  @Test
  void intervalRowsAreLocalTimesUnderTheZonesName() {
    Cli.Result r = Cli.run(acrossSpringForward(), "report", "-", "--tz", "Europe/Paris",
        "--interval", "30s");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("from (Europe/Paris)")
        // 00:59:30 UTC is 01:59:30 CET; 01:00:00 UTC, 30 s later, is 03:00:00 CEST
        .contains("2026-03-29 01:59:30").contains("2026-03-29 03:00:00")
        .doesNotContain("from (UTC)").doesNotContain("02:00:00");
  }

  @Test
  void aRealLogInItsOwnZoneShowsTheTimesItsLinesSay() throws IOException {
    Path log = SeznamLog.path();
    // the earliest and latest local times as the lines write them (+0200, all on one day)
    List<String> times = SeznamLog.localTimes();
    Cli.Result r = Cli.run("report", log.toString(), "--tz", "+02:00", "--log-format", SeznamLog.FORMAT);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("Requests: 2020-04-24 " + times.get(0) + " to "
        + times.get(times.size() - 1) + " +02:00 (");
    // the region whose summer time that was says the same instants the same way
    assertThat(Cli.run("report", log.toString(), "--tz", "Europe/Prague", "--log-format", SeznamLog.FORMAT).out())
        .isEqualTo(r.out());
  }

  @Test
  void theHlogStartTimeCommentIsInTheZone(@TempDir Path dir) throws IOException {
    Path in = Files.write(dir.resolve("a.log"), acrossSpringForward());
    Path utc = dir.resolve("utc.hlog");
    Path paris = dir.resolve("paris.hlog");
    assertThat(Cli.run("hlog", in.toString(), "-o", utc.toString(), "--family", "request").code()).isZero();
    Cli.Result r = Cli.run("hlog", in.toString(), "-o", paris.toString(), "--family", "request",
        "--tz", "Europe/Paris");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.readString(utc)).contains("Sun Mar 29 00:59:00 UTC 2026");
    assertThat(Files.readString(paris)).contains("Sun Mar 29 01:59:00 CET 2026");
    // only the comment differs: the intervals are the same numbers
    assertThat(Files.readAllLines(paris).stream().filter(l -> !l.startsWith("#")).toList())
        .isEqualTo(Files.readAllLines(utc).stream().filter(l -> !l.startsWith("#")).toList());
  }

  @Test
  void csvAndJsonCarryEpochNumbersAndDoNotChange() {
    for (String format : new String[] {"json", "csv"}) {
      Cli.Result utc = Cli.run(acrossSpringForward(), "report", "-", "--format", format,
          "--interval", "30s");
      Cli.Result paris = Cli.run(acrossSpringForward(), "report", "-", "--format", format,
          "--interval", "30s", "--tz", "Europe/Paris");
      assertThat(paris.code()).as(paris.err()).isZero();
      assertThat(paris.out()).as(format).isEqualTo(utc.out()).isNotEmpty();
    }
  }

  @Test
  void aZoneThatIsNoneIsAUsageErrorBeforeAnyRead() {
    Cli.Result r = Cli.run("report", "no-such.log", "--tz", "Mars/Olympus");
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).startsWith("tardy: --tz: 'Mars/Olympus' is not a time zone");
  }
}
