package tardy.record.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The stopped time per minute: parts added in order give what one pass gives. */
class MinuteShareTest {

  @Test
  void worstMinuteAndCountsByHand() {
    MinuteShare m = new MinuteShare();
    m.record(1_000, false, 1_000_000_000L); // minute 0: 1 s
    m.record(59_000, false, 2_000_000_000L); // minute 0: 3 s in all (5%)
    m.record(61_000, false, 4_000_000_000L); // minute 1: 4 s
    m.record(500, false, 5_000_000_000L); // a restart: minute 0 of the next run, 5 s
    assertEquals(new MinuteShare.Minute(0, false, 5_000_000_000L), m.worst());
    assertEquals(3, m.minutes());
    assertEquals(3, m.minutesOver());
  }

  @Test
  void partsAddUpToOnePass() {
    Random random = new Random(17);
    for (int run = 0; run < 300; run++) {
      List<long[]> pauses = new ArrayList<>();
      long t = random.nextInt(100_000);
      for (int i = random.nextInt(40); i > 0; i--) {
        int step = random.nextInt(10);
        t = step == 0 ? random.nextInt(5_000) // a restart
            : step == 1 ? t - random.nextInt(800) // interleaved lines, a little back
            : t + random.nextInt(50_000);
        pauses.add(new long[] {t, 1 + random.nextInt(6_000) * 1_000_000L});
      }
      MinuteShare whole = fill(pauses, 0, pauses.size());
      for (int cut1 = 0; cut1 <= pauses.size(); cut1++) {
        int cut2 = cut1 + random.nextInt(pauses.size() - cut1 + 1);
        MinuteShare parts = fill(pauses, 0, cut1);
        parts.addLater(fill(pauses, cut1, cut2));
        parts.addLater(fill(pauses, cut2, pauses.size()));
        String at = "run " + run + " cut at " + cut1 + ", " + cut2;
        assertEquals(whole.worst(), parts.worst(), at);
        assertEquals(whole.minutes(), parts.minutes(), at);
        assertEquals(whole.minutesOver(), parts.minutesOver(), at);
      }
    }
  }

  private static MinuteShare fill(List<long[]> pauses, int from, int to) {
    MinuteShare m = new MinuteShare();
    for (long[] p : pauses.subList(from, to)) {
      m.record(p[0], false, p[1]);
    }
    return m;
  }
}
