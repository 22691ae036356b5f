package tardy.render.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import tardy.render.PrintedZone;
import tardy.render.Samples;

/**
 * An HTML page in {@code --tz}: the axes' ticks at round times of that zone's clock, each time
 * with its offset where it changes (summer time), and no time on the page said in UTC. Expected
 * times are worked out with java.time's calendar, not taken from the code's output.
 */
class ZonedPageTest {

  private static final ZoneId PARIS = ZoneId.of("Europe/Paris");

  private static long at(String local, ZoneId zone) {
    return LocalDateTime.parse(local).atZone(zone).toInstant().toEpochMilli();
  }

  @Test
  void ticksAcrossTheChangeToSummerTimeAreRoundOnTheLocalClockWithTheirOffset() {
    // 01:25 CET to 03:35 CEST on 2026-03-29: 70 minutes, ticks every 10 minutes
    long from = at("2026-03-29T01:25:00", PARIS);
    long to = at("2026-03-29T03:35:00", PARIS);
    PrintedZone.Scope paris = PrintedZone.use(PARIS);
    try {
      List<TimeAxis.Tick> ticks = TimeAxis.ticks(from, to, true);
      assertThat(ticks).extracting(TimeAxis.Tick::label).containsExactly("01:30 +01:00",
          "01:40 +01:00", "01:50 +01:00", "03:00 +02:00", "03:10 +02:00", "03:20 +02:00",
          "03:30 +02:00");
      for (TimeAxis.Tick t : ticks) {
        assertThat(Instant.ofEpochMilli(t.millis()).atZone(PARIS).getMinute() % 10).isZero();
      }
      assertThat(TimeAxis.caption(from, to, true))
          .isEqualTo("Europe/Paris +01:00 to +02:00, 2026-03-29");
    } finally {
      paris.close();
    }
  }

  @Test
  void aHalfHourZonesHourTicksFallOnItsWholeHours() {
    ZoneId kolkata = ZoneId.of("Asia/Kolkata");
    long from = at("2026-11-22T09:10:00", kolkata);
    long to = at("2026-11-22T14:50:00", kolkata);
    PrintedZone.Scope india = PrintedZone.use(kolkata);
    try {
      assertThat(TimeAxis.ticks(from, to, true)).extracting(TimeAxis.Tick::label)
          .containsExactly("10:00", "11:00", "12:00", "13:00", "14:00");
      assertThat(TimeAxis.caption(from, to, true)).isEqualTo("Asia/Kolkata +05:30, 2026-11-22");
    } finally {
      india.close();
    }
    // in UTC, as before: whole hours of UTC
    assertThat(TimeAxis.ticks(from, to, true)).extracting(TimeAxis.Tick::label)
        .containsExactly("04:00", "05:00", "06:00", "07:00", "08:00", "09:00");
    assertThat(TimeAxis.caption(from, to, true)).isEqualTo("UTC, 2026-11-22");
  }

  @Test
  void aPageInAZoneSaysNoTimeInUtc() throws IOException {
    String utc = HtmlStructureTest.render(Samples.analysis("shop-access.log"));
    assertThat(utc).contains("10:00:00 to 10:16:36 UTC");
    PrintedZone.Scope paris = PrintedZone.use(PARIS);
    try {
      Document page = Jsoup.parse(HtmlStructureTest.render(Samples.analysis("shop-access.log")));
      assertThat(page.text()).contains("2013-12-04 11:00:00 to 11:16:36 +01:00")
          .doesNotContain("UTC");
      assertThat(page.select("title").text()).doesNotContain("UTC");
    } finally {
      paris.close();
    }
  }
}
