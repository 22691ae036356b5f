package tardy.record.interval;


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

  /**
   * A merge or a late event reads an encoding back from its payload: every count, a count of
   * any size (nine bytes of LEB128), zero runs, HdrHistogram's own encoding as well as tardy's.
   */
  @Test
  void encodingsReadBackToTheSameCounts() {
    SplittableRandom random = new SplittableRandom(31);
    for (int round = 0; round < 2_000; round++) {
      Histogram theirs = new Histogram(3);
      theirs.setAutoResize(true);
      IntervalHistogram ours = new IntervalHistogram();
      for (int i = random.nextInt(round % 4 == 0 ? 2_000 : 30); i > 0; i--) {
        long v = random.nextLong(1L << random.nextInt(1, 62));
        long count = round % 3 == 0 ? 1 + random.nextLong(1L << random.nextInt(1, 60)) : 1;
        theirs.recordValueWithCount(v, count);
        ours.record(v, count);
      }
      EncodedHistogram encoded = HistogramEncoder.encode(ours);
      IntervalHistogram again = encoded.decodeLive();
      assertThat(again.totalCount()).isEqualTo(theirs.getTotalCount());
      assertThat(again.toHdrHistogram()).as("round %d", round).isEqualTo(theirs);
      assertThat(hex(HistogramEncoder.encode(again))).isEqualTo(hex(theirs));
      byte[] hdrs = HexFormat.of().parseHex(hex(theirs));
      IntervalHistogram fromHdr = new IntervalHistogram();
      assertThat(HistogramEncoder.decodeInto(hdrs, fromHdr)).isTrue();
      assertThat(fromHdr.toHdrHistogram()).isEqualTo(theirs);
    }
    IntervalHistogram untouched = new IntervalHistogram();
    assertThat(HistogramEncoder.decodeInto(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, untouched))
        .isFalse();
    assertThat(untouched.totalCount()).isZero();
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
