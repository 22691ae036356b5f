package tardy.classify.interval;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A live interval's histogram encodes to HdrHistogram's own bytes for the same values, whether it
 * holds them as sorted indices or went past {@link IntervalHistogram#SMALL} into pages, and however
 * they came together (recorded, with a count, added from another, decoded and recorded into).
 */
class IntervalHistogramTest {

  @Test
  void bytesAreHdrHistogramsAcrossEverySizeAndWayOfRecording() {
    SplittableRandom random = new SplittableRandom(23);
    int[] sizes = {0, 1, 2, 5, 47, 48, 49, 200, 1_023, 1_024, 1_025, 3_000};
    for (int round = 0; round < 2_000; round++) {
      int values = round < sizes.length * 4 ? sizes[round % sizes.length]
          : random.nextInt(random.nextBoolean() ? 60 : 1_500);
      long scale = 1L << random.nextInt(1, 50);
      IntervalHistogram ours = new IntervalHistogram();
      IntervalHistogram other = new IntervalHistogram();
      Histogram theirs = new Histogram(3);
      theirs.setAutoResize(true);
      for (int i = 0; i < values; i++) {
        long v = random.nextInt(4) == 0 ? scale / 2 : random.nextLong(scale); // some repeats
        long count = round % 9 == 0 && i % 5 == 0 ? 1 + random.nextLong(100) : 1;
        (round % 3 == 0 && i % 2 == 1 ? other : ours).record(v, count);
        theirs.recordValueWithCount(v, count);
      }
      if (round % 6 == 0) { // the later one as a merge or a late event finds it: decoded
        other = HistogramEncoder.encode(other).decodeLive();
      }
      ours.add(other);
      EncodedHistogram encoded = HistogramEncoder.encode(ours);
      assertThat(hex(encoded)).as("round %d, %d values", round, values).isEqualTo(hex(theirs));
      assertThat(encoded.maxValue()).isEqualTo(theirs.getMaxValue());
      assertThat(encoded.totalCount()).isEqualTo(ours.totalCount()).isEqualTo(theirs.getTotalCount());
      assertThat(ours.toHdrHistogram()).isEqualTo(theirs);
      assertThat(hex(HistogramEncoder.encode(ours))).as("encoded again").isEqualTo(hex(theirs));
    }
  }

  /** One-value histograms share an earlier encoding: the same bytes as deflating them afresh. */
  @Test
  void repeatedSingleValuesEncodeAsIfEachWereNew() {
    SplittableRandom random = new SplittableRandom(29);
    long[] values = new long[40];
    Arrays.setAll(values, i -> random.nextLong(1L << random.nextInt(1, 40)));
    for (int round = 0; round < 2_000; round++) {
      long v = values[random.nextInt(values.length)];
      long count = 1 + random.nextInt(3);
      IntervalHistogram ours = new IntervalHistogram();
      ours.record(v, count);
      Histogram theirs = new Histogram(3);
      theirs.setAutoResize(true);
      theirs.recordValueWithCount(v, count);
      EncodedHistogram encoded = HistogramEncoder.encode(ours);
      assertThat(hex(encoded)).as("%d x %d", count, v).isEqualTo(hex(theirs));
      assertThat(encoded.totalCount()).isEqualTo(count);
      assertThat(encoded.maxValue()).isEqualTo(theirs.getMaxValue());
    }
  }

  @Test
  void negativeValuesAreRefusedAndChangeNothing() {
    IntervalHistogram h = new IntervalHistogram();
    h.record(5_000);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> h.record(-1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(h.totalCount()).isEqualTo(1);
  }

  /** What HdrHistogram's log writer encodes an interval histogram into. */
  private static String hex(AbstractHistogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_COMPRESSION);
    return HexFormat.of().formatHex(Arrays.copyOf(buffer.array(), length));
  }

  private static String hex(EncodedHistogram e) {
    byte[] b64 = new byte[e.base64Length()];
    int n = e.base64(b64);
    return HexFormat.of().formatHex(java.util.Base64.getDecoder().decode(Arrays.copyOf(b64, n)));
  }
}
