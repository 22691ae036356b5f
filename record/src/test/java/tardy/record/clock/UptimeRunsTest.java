package tardy.record.clock;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class UptimeRunsTest {

  static UptimeRuns of(List<Long> uptimes) {
    UptimeRuns runs = new UptimeRuns();
    uptimes.forEach(runs::record);
    return runs;
  }

  @Test
  void oneRunCoversFirstToLast() {
    UptimeRuns runs = of(List.of(1_000L, 5_000L, 11_000L));
    assertThat(runs.runs()).isEqualTo(1);
    assertThat(runs.coveredMillis()).isEqualTo(10_000);
  }

  @Test
  void aRestartAddsTheNewRunInsteadOfMeasuringAgainstTheOld() {
    // run 1: 100 s .. 200 s; restart; run 2: 0.5 s .. 30.5 s; restart; run 3: 1 s .. 2 s
    UptimeRuns runs = of(List.of(100_000L, 200_000L, 500L, 30_500L, 1_000L, 2_000L));
    assertThat(runs.runs()).isEqualTo(3);
    assertThat(runs.coveredMillis()).isEqualTo(100_000 + 30_000 + 1_000);
  }

  @Test
  void smallStepsBackAreJitterNotRestarts() {
    UptimeRuns runs = of(List.of(5_000L, 4_500L, 6_000L));
    assertThat(runs.runs()).isEqualTo(1);
    assertThat(runs.coveredMillis()).isEqualTo(1_000);
  }

  @Test
  void onlyAStepBackOfMoreThanASecondIsARestart() {
    assertThat(UptimeRuns.isRestart(10_500, 10_499)).isFalse();
    assertThat(UptimeRuns.isRestart(10_500, 9_500)).isFalse();
    assertThat(UptimeRuns.isRestart(10_500, 9_499)).isTrue();
    assertThat(UptimeRuns.isRestart(10_500, 20_000)).isFalse();
  }

  /** Cut anywhere, into any number of parts, the parts add up to one pass. */
  @Test
  void partsAddUpToOnePass() {
    Random random = new Random(4);
    for (int round = 0; round < 5_000; round++) {
      List<Long> uptimes = new ArrayList<>();
      long t = random.nextInt(10_000);
      for (int i = 0, n = random.nextInt(30); i < n; i++) {
        t = random.nextInt(8) == 0 ? random.nextInt(3_000) : t + random.nextInt(5_000);
        uptimes.add(t);
      }
      UptimeRuns whole = of(uptimes);
      UptimeRuns merged = new UptimeRuns();
      int from = 0;
      while (from < uptimes.size()) {
        int to = from + 1 + random.nextInt(uptimes.size() - from);
        merged.addLater(of(uptimes.subList(from, to)));
        from = to;
      }
      assertThat(merged.runs()).as(uptimes.toString()).isEqualTo(whole.runs());
      assertThat(merged.coveredMillis()).as(uptimes.toString()).isEqualTo(whole.coveredMillis());
    }
  }
}
