package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Lines that give the wall clock and the uptime together, and lines that only look like it. */
class ClockAnchorTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // unified logging: time (or utctime, timemillis) beside uptime (or uptimemillis)
      "[2026-11-23T16:38:01.813-0500][1.418s][info][gc] GC(0) Pause Young (Normal) 6M->3M(128M) 48.556ms"
          + "| 2026-11-23T16:38:01.813-05:00 | 1418",
      "[2026-11-23T21:38:01.813+0000][1418ms] Safepoint \"Cleanup\", Total: 13000 ns"
          + "| 2026-11-23T21:38:01.813Z | 1418",
      // JDK 6-8: a datestamp and an uptime before an event's bracket
      "2016-12-29T15:29:01.404+0100: 4.364: [GC [PSYoungGen: 90240K->15018K(105280K)] 0.0334340 secs]"
          + "| 2016-12-29T15:29:01.404+01:00 | 4364",
      "CMS: abort preclean due to time 2010-04-20T18:50:11.324+0100: 401.421: [CMS-concurrent-abortable-preclean: 3.945/5.020 secs]"
          + "| 2010-04-20T18:50:11.324+01:00 | 401421",
      // a concurrent phase stamped inside an uptime-only pause: its own pair, not the pause's uptime
      "19027.501: [Full GC 19027.501: [CMS2010-04-21T00:00:37.413+0100: 19027.970: [CMS-concurrent-mark: 1.489/1.626 secs]"
          + "| 2010-04-21T00:00:37.413+01:00 | 19027970",
      "2016-12-29T15:29:01.404+0100: 4.364: Total time for which application threads were stopped: 0.0002270 seconds"
          + "| 2016-12-29T15:29:01.404+01:00 | 4364"})
  void aLineWithBothTimesIsAnAnchor(String line, String wall, long uptimeMillis) {
    ClockAnchor anchor = new ClockAnchor();
    byte[] b = line.getBytes(StandardCharsets.US_ASCII);
    assertThat(anchor.read(b, 0, b.length)).isTrue();
    assertThat(anchor.wallMillis()).isEqualTo(OffsetDateTime.parse(wall).toInstant().toEpochMilli());
    assertThat(anchor.uptimeMillis()).isEqualTo(uptimeMillis);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "[1.418s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(128M) 48.556ms",
      "[2026-11-23T16:38:01.813-0500][info][gc] GC(0) Pause Young (Normal) 6M->3M(128M) 48.556ms",
      "69.603: [GC 69.603: [ParNew: 209792K->8391K(235968K), 0.0168412 secs] 0.0169706 secs]",
      "2016-10-18 01:50:54 GC log file created /path/to/gc.log",
      "2016-12-29T15:29:01.404+0100: [GC (Allocation Failure) 0.0334340 secs]",
      "Total time for which application threads were stopped: 0.0002270 seconds"})
  void aLineWithOneTimeOrNoneIsNot(String line) {
    byte[] b = line.getBytes(StandardCharsets.US_ASCII);
    assertThat(new ClockAnchor().read(b, 0, b.length)).isFalse();
  }
}
