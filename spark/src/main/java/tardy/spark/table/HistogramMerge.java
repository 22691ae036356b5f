package tardy.spark.table;

import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.expressions.Aggregator;

/**
 * {@code tardy_merge(hdr)}: adds the histograms of a group of rows, each in HdrHistogram's
 * compressed encoding, into one, encoded the same way. Adding histograms loses nothing, so a
 * roll-up by any columns has the exact counts reading all the logs at once gives. Nulls are
 * skipped; no rows give an empty histogram.
 */
public final class HistogramMerge extends Aggregator<byte[], Histogram, byte[]> {

  private static final long serialVersionUID = 1L;

  /** HdrHistogram's precision in every tardy histogram. */
  private static final int DIGITS = 3;

  @Override
  public Histogram zero() {
    return new Histogram(DIGITS); // resizes to whatever values come
  }

  @Override
  public Histogram reduce(Histogram sum, byte[] hdr) {
    if (hdr != null) {
      sum.add(decode(hdr));
    }
    return sum;
  }

  @Override
  public Histogram merge(Histogram a, Histogram b) {
    a.add(b);
    return a;
  }

  @Override
  public byte[] finish(Histogram sum) {
    return encode(sum);
  }

  @Override
  public Encoder<Histogram> bufferEncoder() {
    return Encoders.javaSerialization(Histogram.class);
  }

  @Override
  public Encoder<byte[]> outputEncoder() {
    return Encoders.BINARY();
  }

  /** HdrHistogram's compressed encoding of {@code h}. */
  static byte[] encode(Histogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    return bytes;
  }

  /** The histogram of an encoding; a damaged one is the caller's error, said so. */
  static Histogram decode(byte[] hdr) {
    try {
      Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(hdr), 0);
      h.setAutoResize(true);
      return h;
    } catch (DataFormatException | RuntimeException e) {
      throw new IllegalArgumentException("not an HdrHistogram in its compressed encoding", e);
    }
  }
}
