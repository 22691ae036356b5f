package tardy.record.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import tardy.events.Ascii;
import org.junit.jupiter.api.Test;

/** The flags a pause's kind names, and the same flags for a kind read again. */
class KindFlagsTest {

  private static final String[] KINDS = {
    "Pause Young (Normal) (G1 Evacuation Pause)", "Pause Young (Mixed) (G1 Evacuation Pause)",
    "Pause Full (System.gc())", "Full GC (Ergonomics)", "Pause Young (Concurrent Start) (G1"
        + " Humongous Allocation)", "Pause Mark Start", "Pause Init Mark (unload classes)",
    "Pause Young (Normal) (G1 Evacuation Pause) (Evacuation Failure)", "GC (Allocation Failure)"
        + " promotion failed", "GC (Allocation Failure) concurrent mode failure",
    "Pause Remark", "Pause Cleanup", "y: Pause Relocate Start", "Pause Degenerated GC (Mark)",
    "Pause Young (Prepare Mixed) (G1 Evacuation Pause) to-space exhausted", "",
  };

  private static int of(KindFlags flags, String kind) {
    byte[] b = ("  " + kind + " 3.4ms").getBytes(StandardCharsets.US_ASCII);
    return flags.of(b, 2, 2 + kind.length(), Ascii.hash(b, 2, 2 + kind.length()));
  }

  @Test
  void theWordsOfEachKind() {
    KindFlags flags = new KindFlags();
    assertThat(of(flags, KINDS[0])).isZero();
    assertThat(of(flags, KINDS[1])).isEqualTo(HeapSeries.MIXED);
    assertThat(of(flags, KINDS[2])).isEqualTo(HeapSeries.FULL);
    assertThat(of(flags, KINDS[3])).isEqualTo(HeapSeries.FULL);
    assertThat(of(flags, KINDS[4])).isEqualTo(HeapSeries.HUMONGOUS);
    assertThat(of(flags, KINDS[5])).isEqualTo(HeapSeries.PAUSELESS);
    assertThat(of(flags, KINDS[6])).isEqualTo(HeapSeries.PAUSELESS);
    assertThat(of(flags, KINDS[7])).isEqualTo(HeapSeries.EVACUATION_FAILED);
    assertThat(of(flags, KINDS[8])).isEqualTo(HeapSeries.PROMOTION_FAILED);
    assertThat(of(flags, KINDS[9])).isEqualTo(HeapSeries.CONCURRENT_MODE_FAILURE);
    assertThat(of(flags, KINDS[14])).isEqualTo(HeapSeries.EVACUATION_FAILED);
    assertThat(of(flags, KINDS[15])).isZero();
  }

  /** Many kinds in any order: a kind read again gives what it gave first. */
  @Test
  void aKindReadAgainGivesItsFlags() {
    int[] alone = new int[KINDS.length];
    for (int k = 0; k < KINDS.length; k++) {
      alone[k] = of(new KindFlags(), KINDS[k]);
    }
    KindFlags flags = new KindFlags();
    Random random = new Random(36);
    for (int i = 0; i < 10_000; i++) {
      int k = random.nextInt(random.nextBoolean() ? 4 : KINDS.length);
      assertThat(of(flags, KINDS[k])).as(KINDS[k]).isEqualTo(alone[k]);
    }
  }
}
