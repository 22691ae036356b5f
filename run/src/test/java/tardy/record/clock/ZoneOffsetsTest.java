package tardy.record.clock;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The distinct offsets add to one answer however the run was cut, and travel as bytes. */
class ZoneOffsetsTest {

  @Test
  void partsAddToTheSetOfAllWhateverTheCutsAndTheOrder() {
    Random random = new Random(37);
    // 20 distinct offsets in quarter hours, each told many times, in a shuffled order
    List<Integer> told = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      told.add((random.nextInt(20) - 10) * 900);
    }
    int[] lowest = told.stream().distinct().sorted().limit(ZoneOffsets.KEPT)
        .mapToInt(Integer::intValue).toArray();
    for (int parts = 1; parts <= 7; parts++) {
      Collections.shuffle(told, random);
      ZoneOffsets whole = new ZoneOffsets();
      int per = told.size() / parts + 1;
      for (int p = 0; p < parts; p++) {
        ZoneOffsets part = new ZoneOffsets();
        told.subList(Math.min(p * per, told.size()), Math.min((p + 1) * per, told.size()))
            .forEach(part::record);
        whole.add(part);
      }
      assertThat(whole.seconds()).as("%d parts", parts).containsExactly(lowest);
      assertThat(whole.more()).isTrue();
    }
  }

  @Test
  void oneOffsetToldAgainAndAgainIsOne() {
    ZoneOffsets one = new ZoneOffsets();
    IntStream.range(0, 5).forEach(i -> one.record(7200));
    ZoneOffsets other = new ZoneOffsets();
    other.record(7200);
    one.add(other);
    assertThat(one.seconds()).containsExactly(7200);
    assertThat(one.more()).isFalse();
  }

  @Test
  void writtenAndReadBackItIsTheSame() throws IOException {
    ZoneOffsets offsets = new ZoneOffsets();
    offsets.record(7200);
    offsets.record(3600);
    offsets.record(-12_600);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    offsets.write(new DataOutputStream(bytes));
    ZoneOffsets back = new ZoneOffsets();
    back.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    assertThat(back.seconds()).containsExactly(-12_600, 3600, 7200);
    assertThat(back.more()).isFalse();
  }
}
