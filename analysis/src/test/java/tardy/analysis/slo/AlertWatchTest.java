package tardy.analysis.slo;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.BitSet;
import org.junit.jupiter.api.Test;
import tardy.events.RequestEvent;
import tardy.analysis.requirements.BurnAlert;
import tardy.analysis.requirements.Requirement;
import tardy.analysis.requirements.Slo;
import tardy.record.objective.MinuteCounts;
import tardy.record.objective.ObjectiveCounts;
import tardy.record.objective.Objective;

/**
 * Alerts said as a log grows: a minute is judged once a later one begins, each start and end is
 * said once, and at the end what was said is the batch replay's spans.
 */
class AlertWatchTest {

  private static final long MIN = 60_000;
  private static final long T0 = 1_790_000_000_000L / MIN * MIN;

  private static final Slo SLO = new Slo(300_000_000L, List.of(), new BigDecimal("99"),
      30L * 1440 * MIN, null, List.of(new BurnAlert(10 * MIN, 2 * MIN, BigDecimal.TEN, true)));
  private static final Requirement CHECKOUT =
      new Requirement("Checkout", null, "slow", List.of(), 0, false, Optional.of(SLO));

  /** Minute m: 10 requests, all bad in minutes 20-24, 40-41 and from 58, else none. */
  private static boolean bad(int m, int i) {
    return m >= 20 && m < 25 || m >= 40 && m < 42 || m >= 58;
  }

  @Test
  void eachChangeIsSaidOnceWhenItsMinuteIsSettledAndAllAddUpToTheBatchReplay() {
    // bad: slower than 300 ms, as the objective says
    ObjectiveCounts counts = new ObjectiveCounts(g -> new Objective(300_000_000L, new BitSet()));
    RequestEvent e = new RequestEvent().reset(new byte[0]);
    MinuteCounts all = new MinuteCounts();
    AlertWatch watch = new AlertWatch();
    List<AlertWatch.Change> said = new ArrayList<>();
    for (int m = 0; m < 60; m++) {
      for (int i = 0; i < 10; i++) {
        long t = T0 + m * MIN + i * 1000;
        all.record(t, bad(m, i));
        counts.request("Checkout", e.status(200).latencyNanos(bad(m, i) ? 400_000_000L
            : 20_000_000L).wallMillis(t));
        List<AlertWatch.Change> now = watch.next(List.of(CHECKOUT), counts, t, false);
        for (AlertWatch.Change c : now) { // judged only once the minute after it began
          assertThat(c.atMillis()).isLessThanOrEqualTo(T0 + m * MIN);
          assertThat(i).as("said at the first line of the next minute").isZero();
        }
        said.addAll(now);
      }
    }
    said.addAll(watch.next(List.of(CHECKOUT), counts, T0 + 59 * MIN + 9000, true));
    ErrorBudget batch = ErrorBudgets.of(CHECKOUT, SLO, all, Optional.of(T0 + 59 * MIN + 9000));
    List<AlertSpan> spans = batch.alerts();
    assertThat(spans).hasSize(3);
    assertThat(spans.get(2).firingAtEnd()).isTrue(); // said only once the log ended
    List<AlertWatch.Change> expected = new ArrayList<>();
    for (AlertSpan s : spans) {
      expected.add(new AlertWatch.Change("Checkout", s, true));
      if (!s.firingAtEnd()) {
        expected.add(new AlertWatch.Change("Checkout", s, false));
      }
    }
    expected.sort(java.util.Comparator.comparingLong(AlertWatch.Change::atMillis));
    assertThat(said.stream().map(c -> c.fired() + " " + c.atMillis()).toList())
        .isEqualTo(expected.stream().map(c -> c.fired() + " " + c.atMillis()).toList());
    // the first burst: at the end of minute 20 the long window holds 10 % bad, not over 10 %;
    // at the end of minute 21, 20 %: it fires then, said at minute 22's first line; it clears
    // once the short window (minutes 25-26) holds no bad request
    assertThat(said.get(0).fired()).isTrue();
    assertThat(said.get(0).atMillis()).isEqualTo(T0 + 22 * MIN);
    assertThat(said.get(1).fired()).isFalse();
    assertThat(said.get(1).atMillis()).isEqualTo(T0 + 27 * MIN);
  }

}
