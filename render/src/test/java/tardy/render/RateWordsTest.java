package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.analysis.RateOverTime;
import tardy.analysis.RateOverTime.Slice;

/** The rate line and its strip of marks, read as a person reads them. */
class RateWordsTest {

  // 2026-03-29 00:30 UTC, 30 minutes before Paris moves to summer time
  private static final long T = 1_774_744_200_000L;
  private static final long M = 60_000;

  private static RateOverTime fourSlices() {
    // 10-minute slices: 600 requests (1/s), none, 600, the last 5 minutes of 3,000 (10/s)
    return new RateOverTime(10 * M, List.of(new Slice(T, 10 * M, 600),
        new Slice(T + 10 * M, 10 * M, 0), new Slice(T + 20 * M, 10 * M, 600),
        new Slice(T + 30 * M, 5 * M, 3000)));
  }

  @Test
  void theLineSaysTheMedianLeastAndMostWithWhen() {
    assertThat(RateWords.line(fourSlices())).isEqualTo(
        "Rate per 10m: median 1/s, least 0/s at 00:40:00, most 10/s at 01:00:00 UTC.");
  }

  @Test
  void theStripIsPlainAsciiFromNoneToTheBusiest() {
    String strip = RateWords.strip(fourSlices());
    // 1/s of 10/s is level 0.9 of 9, rounded up to 1: "."
    assertThat(strip).isEqualTo("[._.@] _ none, @ 10/s");
    assertThat(strip.chars()).allMatch(c -> c >= 0x20 && c < 0x7f);
  }

  @Test
  void aZoneWhoseOffsetChangesSaysEachTimesOffset() {
    // the least slice starts at 01:40 in winter time, the most at 03:00 after the change
    PrintedZone.Scope paris = PrintedZone.use(ZoneId.of("Europe/Paris"));
    try {
      assertThat(RateWords.line(fourSlices())).isEqualTo("Rate per 10m: median 1/s, least 0/s"
          + " at 01:40:00 +01:00, most 10/s at 03:00:00 +02:00.");
    } finally {
      paris.close();
    }
  }

  @Test
  void widthsAreSaidAsPeopleSayThem() {
    assertThat(List.of(RateWords.width(2_000), RateWords.width(600_000),
        RateWords.width(7_200_000), RateWords.width(172_800_000)))
        .containsExactly("2s", "10m", "2h", "2d");
  }
}
