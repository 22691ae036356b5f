package tardy.analysis.slo;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.analysis.requirements.BurnAlert;
import tardy.analysis.requirements.Requirement;
import tardy.analysis.requirements.Slo;
import tardy.record.objective.MinuteCounts;

/**
 * The budget left over time and the burn rates now, against sums over the raw events kept one by
 * one (no running sums): each point is the window ending at its minute, exactly.
 */
class BudgetHistoryTest {

  private static final long MIN = 60_000;
  private static final long T0 = 1_790_000_000_000L / MIN * MIN;

  /** One event: epoch ms and whether it was bad. */
  private record Event(long millis, boolean bad) {}

  /** Three days with a gap and a bad hour; events at random seconds. */
  private static List<Event> events(long seed) {
    Random rnd = new Random(seed);
    List<Event> events = new ArrayList<>();
    for (int m = 0; m < 3 * 1440; m++) {
      if (m >= 1500 && m < 1700) {
        continue; // a gap
      }
      double badShare = m >= 600 && m < 660 ? 0.3 : 0.005;
      for (int i = rnd.nextInt(6); i > 0; i--) {
        events.add(new Event(T0 + m * MIN + rnd.nextInt(60_000), rnd.nextDouble() < badShare));
      }
    }
    return events;
  }

  private static Slo slo(long windowMinutes) {
    return new Slo(300_000_000L, List.of(), new BigDecimal("99.5"), windowMinutes * MIN, null,
        BurnAlert.WORKBOOK);
  }

  /** Events and bad events with a time in [from, to). */
  private static long[] count(List<Event> events, long from, long to) {
    long[] c = new long[2];
    for (Event e : events) {
      if (e.millis() >= from && e.millis() < to) {
        c[0]++;
        c[1] += e.bad() ? 1 : 0;
      }
    }
    return c;
  }

  @Test
  void everyPointIsTheBudgetLeftOverTheWindowEndingAtItsMinute() {
    List<Event> events = events(5);
    MinuteCounts counts = new MinuteCounts();
    events.forEach(e -> counts.record(e.millis(), e.bad()));
    long last = events.stream().mapToLong(Event::millis).max().getAsLong();
    Slo slo = slo(1440); // a day: early points see less than the window, later ones all of it
    ErrorBudget b = ErrorBudgets.of(new Requirement("Checkout", null, "slow", List.of(), 0, false),
        slo, counts, Optional.of(last));
    List<BudgetHistory.Point> points = BudgetHistory.of(b, counts, 100);
    assertThat(points.size()).isBetween(100, 101);
    long first = events.stream().mapToLong(Event::millis).min().getAsLong() / MIN * MIN;
    assertThat(points.get(0).endMillis()).isEqualTo(first + MIN);
    assertThat(points.get(points.size() - 1).endMillis()).isEqualTo(b.endMillis());
    int empty = 0;
    for (BudgetHistory.Point p : points) {
      long[] c = count(events, p.endMillis() - 1440 * MIN, p.endMillis());
      if (c[0] == 0) {
        assertThat(p.left()).isNaN();
        empty++;
      } else {
        assertThat(p.left()).as("at %d", p.endMillis())
            .isCloseTo(1 - c[1] / (0.005 * c[0]), org.assertj.core.data.Offset.offset(1e-9));
      }
    }
    assertThat(empty).isZero(); // a day's window always holds events here, the gap included
    // the last point is the budget's own figure
    assertThat(points.get(points.size() - 1).left())
        .isCloseTo(b.left(), org.assertj.core.data.Offset.offset(1e-12));
    // the bad hour spends: the lowest point lies after it began
    BudgetHistory.Point lowest = points.stream()
        .min(java.util.Comparator.comparingDouble(BudgetHistory.Point::left)).orElseThrow();
    assertThat(lowest.endMillis()).isGreaterThan(T0 + 600 * MIN);
  }

  @Test
  void aWindowWithoutEventsHasNoPoint() {
    List<Event> events = events(9);
    MinuteCounts counts = new MinuteCounts();
    events.forEach(e -> counts.record(e.millis(), e.bad()));
    long last = events.stream().mapToLong(Event::millis).max().getAsLong();
    ErrorBudget b = ErrorBudgets.of(new Requirement("Checkout", null, "slow", List.of(), 0, false),
        slo(30), counts, Optional.of(last));
    List<BudgetHistory.Point> points = BudgetHistory.of(b, counts, 5000); // every minute
    assertThat(points).hasSize((int) ((b.endMillis() - points.get(0).endMillis()) / MIN + 1));
    long empty = 0;
    for (BudgetHistory.Point p : points) { // no events in the 30 minutes: no budget, no point
      boolean none = count(events, p.endMillis() - 30 * MIN, p.endMillis())[0] == 0;
      assertThat(Double.isNaN(p.left())).as("at %d", p.endMillis()).isEqualTo(none);
      empty += none ? 1 : 0;
    }
    assertThat(empty).isGreaterThanOrEqualTo(170); // the 200-minute gap less the window
  }

  @Test
  void burnRatesNowAreEachWindowsBadShareOverTheShareAllowed() {
    List<Event> events = events(11);
    MinuteCounts counts = new MinuteCounts();
    events.forEach(e -> counts.record(e.millis(), e.bad()));
    long last = events.stream().mapToLong(Event::millis).max().getAsLong();
    ErrorBudget b = ErrorBudgets.of(new Requirement("Checkout", null, "slow", List.of(), 0, false),
        slo(30 * 1440), counts, Optional.of(last));
    List<BurnRates.Now> now = BurnRates.of(b, counts);
    assertThat(now).hasSize(4);
    for (BurnRates.Now n : now) {
      long[] l = count(events, b.endMillis() - n.alert().longMillis(), b.endMillis());
      long[] s = count(events, b.endMillis() - n.alert().shortMillis(), b.endMillis());
      assertThat(n.longBurn()).isCloseTo((double) l[1] / l[0] / 0.005,
          org.assertj.core.data.Offset.offset(1e-9));
      assertThat(n.shortBurn()).isCloseTo(s[0] == 0 ? 0 : (double) s[1] / s[0] / 0.005,
          org.assertj.core.data.Offset.offset(1e-9));
      assertThat(n.firing()).isEqualTo(b.alerts().stream()
          .anyMatch(a -> a.alert().equals(n.alert()) && a.firingAtEnd()));
    }
  }
}
