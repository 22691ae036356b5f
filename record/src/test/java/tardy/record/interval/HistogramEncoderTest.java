package tardy.record.interval;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;
import org.junit.jupiter.api.Test;
import tardy.record.histogram.NanosHistogram;

/**
 * The encoding made from a paged histogram is HdrHistogram's own, byte for byte: the same values
 * recorded into a Histogram(3), as tardy's .hlog wrote them before, encode to the same bytes.
 */
class HistogramEncoderTest {

  @Test
  void bytesAreHdrHistogramsForEveryShapeOfValues() {
    SplittableRandom random = new SplittableRandom(7);
    for (int round = 0; round < 3_000; round++) {
      NanosHistogram ours = new NanosHistogram();
      AbstractHistogram theirs = round % 2 == 0 ? new Histogram(3) : new PackedHistogram(3);
      theirs.setAutoResize(true);
      int values = round % 10 == 0 ? 0 : 1 + random.nextInt(round % 7 == 0 ? 5_000 : 20);
      long scale = 1L << random.nextInt(1, 45); // from a few ns to hours
      for (int i = 0; i < values; i++) {
        long v = random.nextLong(scale);
        long count = round % 5 == 0 ? 1 + random.nextLong(1L << random.nextInt(1, 60)) : 1;
        ours.record(v, count);
        theirs.recordValueWithCount(v, count);
      }
      EncodedHistogram encoded = HistogramEncoder.encode(ours);
      assertThat(hex(encoded)).as("round %d", round).isEqualTo(hex(hdr(theirs)));
      assertThat(encoded.maxValue()).isEqualTo(theirs.getMaxValue());
      assertThat(encoded.totalCount()).isEqualTo(theirs.getTotalCount());
      assertThat(encoded.toHistogram()).isEqualTo(theirs);
    }
  }

  @Test
  void zerosAloneAndTheEmptyHistogramEncodeAsHdrHistogramsDo() {
    PackedHistogram empty = new PackedHistogram(3);
    empty.setAutoResize(true);
    assertThat(hex(EncodedHistogram.empty())).isEqualTo(hex(hdr(empty)));
    NanosHistogram zeros = new NanosHistogram();
    zeros.record(0, 4_000);
    empty.recordValueWithCount(0, 4_000);
    assertThat(hex(HistogramEncoder.encode(zeros))).isEqualTo(hex(hdr(empty)));
  }

  /** However the values came together, the bytes depend on the values alone. */
  @Test
  void bytesDoNotDependOnHowTheValuesWereAdded() {
    NanosHistogram a = new NanosHistogram();
    NanosHistogram b = new NanosHistogram();
    a.record(20_000);
    b.record(45_000);
    NanosHistogram sum = new NanosHistogram();
    sum.add(b);
    sum.add(a);
    NanosHistogram direct = new NanosHistogram();
    direct.record(45_000);
    direct.record(20_000);
    assertThat(hex(HistogramEncoder.encode(sum))).isEqualTo(hex(HistogramEncoder.encode(direct)));
    assertThat(hex(HistogramEncoder.encode(HistogramEncoder.encode(sum).decode())))
        .isEqualTo(hex(HistogramEncoder.encode(direct)));
  }

  /** What HdrHistogram's log writer encodes an interval histogram into. */
  private static byte[] hdr(AbstractHistogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_COMPRESSION);
    return Arrays.copyOf(buffer.array(), length);
  }

  private static String hex(EncodedHistogram e) {
    byte[] b64 = new byte[e.base64Length()];
    int n = e.base64(b64);
    return hex(java.util.Base64.getDecoder().decode(Arrays.copyOf(b64, n)));
  }

  private static String hex(byte[] bytes) {
    return java.util.HexFormat.of().formatHex(bytes);
  }
}
