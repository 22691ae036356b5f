package tardy.record.interval;

import tardy.record.wire.Wire;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import tardy.record.histogram.NanosHistogram;

/**
 * An interval histogram in HdrHistogram's compressed encoding: byte for byte what HdrHistogram
 * writes for a {@code Histogram(3)} that recorded the same values, so an .hlog line is its Base64
 * and its maximum. Tens of bytes; immutable.
 */
public final class EncodedHistogram {

  /** The encoding of these counts, made on this thread's encoder. */
  public static EncodedHistogram of(NanosHistogram h) {
    return HistogramEncoder.encode(h);
  }

  /** No values: what an interval without events is written as. */
  public static EncodedHistogram empty() {
    return Empty.VALUE;
  }

  private static final class Empty {
    static final EncodedHistogram VALUE = HistogramEncoder.encode(new NanosHistogram());
  }

  private final byte[] bytes;
  private final long maxValue;
  private final long totalCount;

  EncodedHistogram(byte[] bytes, long maxValue, long totalCount) {
    this.bytes = bytes;
    this.maxValue = maxValue;
    this.totalCount = totalCount;
  }

  /** The largest value's highest equivalent (HdrHistogram's {@code getMaxValue}), 0 when empty. */
  public long maxValue() {
    return maxValue;
  }

  public long totalCount() {
    return totalCount;
  }

  /** A copy of the encoding: HdrHistogram's compressed form, as a table stores it. */
  public byte[] bytes() {
    return bytes.clone();
  }

  /** Bytes of the encoding. */
  public int length() {
    return bytes.length;
  }

  /** Characters of its Base64. */
  public int base64Length() {
    return 4 * ((bytes.length + 2) / 3);
  }

  /** Writes its Base64 (with padding, as HdrHistogram's log) into {@code into}; the length. */
  public int base64(byte[] into) {
    return Base64.getEncoder().encode(bytes, into);
  }

  /** The counts again, to record into or add to. */
  NanosHistogram decode() {
    NanosHistogram h = new NanosHistogram();
    h.add(toHistogram());
    return h;
  }

  /** The counts again, as a live interval's histogram (a late event's, a merge's). */
  IntervalHistogram decodeLive() {
    IntervalHistogram h = new IntervalHistogram();
    return HistogramEncoder.decodeInto(bytes, h) ? h : IntervalHistogram.of(decode());
  }

  /** As an HdrHistogram (dense), for readers that need its API. */
  public AbstractHistogram toHistogram() {
    try {
      Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
      h.setAutoResize(true);
      return h;
    } catch (DataFormatException e) {
      throw new IllegalStateException("an interval histogram that does not decode", e);
    }
  }

  void write(java.io.DataOutput out) throws java.io.IOException {
    out.writeLong(maxValue);
    out.writeLong(totalCount);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  /** What {@link #write} wrote; the bytes are checked by decoding them once. */
  static EncodedHistogram read(java.io.DataInput in) throws java.io.IOException {
    long max = in.readLong();
    long total = in.readLong();
    byte[] bytes = new byte[Wire.count(in)];
    in.readFully(bytes);
    EncodedHistogram e = new EncodedHistogram(bytes, max, total);
    try {
      AbstractHistogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
      if (h.getTotalCount() != total || h.getMaxValue() != max) {
        throw new java.io.IOException("an interval histogram that does not match its counts");
      }
    } catch (DataFormatException | RuntimeException ex) {
      throw new java.io.IOException("a damaged interval histogram", ex);
    }
    return e;
  }
}
