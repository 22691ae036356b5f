package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * An --interval page over a long log stays small: a report keeps at most 1,000 intervals (the
 * recorder's bound, ReportIntervals.MAX_INTERVALS), so a chart has at most 1,000 points per line
 * and as many hover boxes, about 200 KB, and an interval too fine for the log is refused with a
 * note rather than drawn.
 */
class IntervalPageSizeTest {

  /** One request a second per operation for {@code seconds} seconds, 20 ms each. */
  private static byte[] seconds(int seconds, int operations) {
    StringBuilder log = new StringBuilder();
    for (int s = 0; s < seconds; s++) {
      for (int op = 0; op < operations; op++) {
        log.append(String.format(Locale.ROOT, "10.0.0.1 - - [22/Nov/2026:%02d:%02d:%02d +0000]"
            + " \"GET /op%d HTTP/1.1\" 200 5 \"-\" \"t\" 0.0%02d%n", s / 3600, s / 60 % 60, s % 60,
            op, 10 + (s * 7 + op) % 90));
      }
    }
    return log.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aThousandIntervalsOfTwelveOperationsMakeAPageUnderAMegabyte() {
    Cli.Result r = Cli.run(seconds(1_000, 12), "report", "-", "--interval", "1s", "--format",
        "html");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().length()).as("the page's size").isLessThan(1_000_000);
    Document d = Jsoup.parse(r.out());
    assertThat(d.select("svg[aria-label*='per 1s']")).hasSizeGreaterThanOrEqualTo(2);
    for (Element svg : d.select("svg[aria-label*='per 1s']")) {
      for (Element line : svg.select("polyline")) {
        assertThat(line.attr("points").split(" ")).hasSize(1_000);
      }
      assertThat(svg.select("rect.interval")).hasSize(1_000);
    }
  }

  @Test
  void tenThousandIntervalsAreRefusedWithANoteNotDrawn() {
    Cli.Result r = Cli.run(seconds(10_000, 1), "report", "-", "--interval", "1s", "--format",
        "html");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().length()).isLessThan(50_000);
    Document d = Jsoup.parse(r.out());
    assertThat(d.select("svg[aria-label*='per 1s']")).isEmpty();
    assertThat(d.text()).contains("--interval 1s is too fine for this log: its events fall in"
        + " more than 1,000 intervals of it, so none is shown; choose a longer interval.");
  }
}
