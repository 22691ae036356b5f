package tardy.record.wire;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * The shapes every encoded part of a result is made of beyond plain numbers: strings, group
 * names, counts and histograms (in HdrHistogram's compressed encoding).
 */
public final class Wire {

  private Wire() {}

  /** A group name, or null for an event of the untagged series only. */
  public static void writeGroup(DataOutput out, String group) throws IOException {
    out.writeBoolean(group != null);
    if (group != null) {
      writeString(out, group);
    }
  }

  public static String readGroup(DataInput in) throws IOException {
    return in.readBoolean() ? readString(in) : null;
  }

  /** A count of what follows; a negative one is damage. */
  public static int count(DataInput in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      throw new IOException("a negative count");
    }
    return n;
  }

  /** A string of any length (writeUTF stops at 64 KiB; a group name may be a long path). */
  public static void writeString(DataOutput out, String s) throws IOException {
    byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    out.writeInt(utf8.length);
    out.write(utf8);
  }

  public static String readString(DataInput in) throws IOException {
    int length = in.readInt();
    if (length < 0) {
      throw new IOException("a negative string length");
    }
    byte[] utf8 = new byte[length];
    in.readFully(utf8);
    return new String(utf8, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** A histogram in HdrHistogram's compressed encoding; null as an empty record. */
  public static void writeHistogram(AbstractHistogram h, DataOutput out) throws IOException {
    if (h == null) {
      out.writeInt(-1);
      return;
    }
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer);
    out.writeInt(length);
    out.write(buffer.array(), 0, length);
  }

  /**
   * What {@link #writeHistogram} wrote; null for null. Every reader adds it to a NanosHistogram
   * at once and drops it, so it is decoded into a plain array of counts: a packed histogram's
   * every lookup walks its index, which made adding the parts' results a third of a Spark job's
   * CPU.
   */
  public static AbstractHistogram readHistogram(DataInput in) throws IOException {
    int length = in.readInt();
    if (length < 0) {
      return null;
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    try {
      AbstractHistogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
      h.setAutoResize(true);
      return h;
    } catch (DataFormatException e) {
      throw new IOException("a damaged histogram", e);
    }
  }
}
