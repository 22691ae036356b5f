package tardy.render.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.analysis.Analysis;
import tardy.render.LiveFrame;
import tardy.render.Samples;
import tardy.render.Sort;

/** The full-screen view of --follow fits the terminal and shows the window's numbers. */
class LiveScreenTest {

  private static final long SECOND = 1_000_000_000L;

  /** The shop's log as the window (covering 10 s of a 5 m window) and the whole run. */
  private static LiveFrame shop() {
    Analysis a = Samples.analysis("shop-access.log");
    return new LiveFrame("access.log", 75 * SECOND, 10 * SECOND, 300 * SECOND, 2 * SECOND, 1,
        false, a, a, List.of());
  }

  @Test
  void theHeaderSaysTheRateAndTheStatusMixOfTheWindow() {
    List<String> lines = LiveScreen.lines(shop(), Sort.COUNT, 120, 30);
    Analysis a = shop().window();
    long requests = a.totals().get(0).count();
    long[] status = a.totals().get(0).statusClasses();
    assertThat(lines.get(0)).isEqualTo("tardy --follow access.log  1m15s  rotated 1×");
    assertThat(lines.get(1)).startsWith(String.format(java.util.Locale.ROOT,
        "window 10s of 5m00s: %.1f req/s  2xx %.1f%%", requests / 10.0, 100.0 * status[2] / requests));
  }

  @Test
  void aChangeOfVerdictIsSaidOnTheRefreshItHappens() {
    LiveFrame f = shop();
    var budget = new tardy.analysis.BudgetResult("90", 100_000_000, 990_000_000, 10, 401,
        tardy.analysis.Verdict.FAIL);
    LiveFrame changed = new LiveFrame(f.input(), f.elapsedNanos(), f.windowNanos(),
        f.windowLimitNanos(), f.refreshNanos(), f.restarts(), false, f.window(), f.sinceStart(),
        List.of(new tardy.analysis.VerdictChanges.Change("Browse products", "p90",
            tardy.analysis.Verdict.PASS, tardy.analysis.Verdict.FAIL, budget, 404),
            new tardy.analysis.VerdictChanges.Change("Search", "p90", null,
                tardy.analysis.Verdict.PASS, budget, 10)));
    assertThat(LiveScreen.lines(changed, Sort.COUNT, 120, 30).get(2))
        .isEqualTo("changed: FAIL Browse products p90 (was pass) and 1 more");
    assertThat(LiveScreen.lines(f, Sort.COUNT, 120, 30).get(2)).isEmpty();
  }

  @Test
  void rowsFollowTheSortAndFitTheTerminal() {
    for (int width : new int[] {40, 80, 120, 200}) {
      for (int height : new int[] {6, 12, 40}) {
        List<String> lines = LiveScreen.lines(shop(), Sort.COUNT, width, height);
        assertThat(lines).hasSizeLessThanOrEqualTo(height);
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(width));
      }
    }
    List<String> byCount = LiveScreen.lines(shop(), Sort.COUNT, 120, 40);
    Analysis a = shop().window();
    String busiest = a.groups().stream().max((x, y) -> Long.compare(x.count(), y.count()))
        .orElseThrow().key();
    assertThat(byCount.get(4)).startsWith(busiest);
    List<String> byP99 = LiveScreen.lines(shop(), Sort.P99, 120, 40);
    String slowest = a.groups().stream()
        .max((x, y) -> Long.compare(x.latency().at("99"), y.latency().at("99"))).orElseThrow().key();
    assertThat(byP99.get(4)).startsWith(slowest);
    assertThat(byP99.get(byP99.size() - 1)).contains("sort: p99");
    assertThat(byCount.get(3)).contains("│", "all");
    assertThat(LiveScreen.lines(shop(), Sort.COUNT, 60, 40).get(3)).doesNotContain("all");
  }
}
