package tardy.record.interval;


import java.util.Arrays;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import tardy.record.histogram.NanosHistogram;

/**
 * Writes a {@link NanosHistogram} in HdrHistogram's compressed encoding (V2, deflated at the level
 * its log writer uses) straight from its pages: no HdrHistogram in between, and one Deflater and
 * one buffer per thread for every histogram, where HdrHistogram's encoder walks every index and
 * allocates a Deflater and a full-size buffer each time. {@code HistogramEncoderTest} holds the
 * bytes equal to HdrHistogram's own.
 */
final class HistogramEncoder implements NanosHistogram.Counts {

  private static final int COOKIE = 0x1c849313; // HdrHistogram's V2 encoding, 8-byte word size
  private static final int COMPRESSED_COOKIE = 0x1c849314;
  private static final int HEADER = 40;
  private static final int SIGNIFICANT_DIGITS = 3;
  /** What HdrHistogram's histogram log compresses with. */
  private static final int LEVEL = Deflater.BEST_COMPRESSION;

  private static final ThreadLocal<HistogramEncoder> PER_THREAD =
      ThreadLocal.withInitial(HistogramEncoder::new);

  /**
   * Payloads this short (a histogram of one value: a rare operation's interval) fit a long with
   * their length. They come back often (12 % of a long safepoint log's histograms repeat one),
   * and a payload determines its whole encoding (header, maximum, count), so a repeat shares the
   * earlier, immutable encoding instead of deflating again.
   */
  private static final int SHORT_PAYLOAD = 7;
  /**
   * Slots for short encodings per thread, each keeping the latest payload that hashed to it: a
   * lookup without boxing the key, and nothing to clear when full (about 2 MiB at most).
   */
  private static final int SHORT_SLOT_BITS = 14;
  private static final int SHORT_SLOTS = 1 << SHORT_SLOT_BITS;

  private final Deflater deflater = new Deflater(LEVEL);
  private final IntervalHistogram.Sorter sorter = new IntervalHistogram.Sorter();
  private final long[] shortKeys = new long[SHORT_SLOTS]; // 0: empty (a key holds its length)
  private final EncodedHistogram[] shortOnes = new EncodedHistogram[SHORT_SLOTS];
  private byte[] raw = new byte[4096];
  private byte[] packed = new byte[4096];
  private int position;
  private int previousIndex;

  private HistogramEncoder() {}

  /** The histogram's encoding, on this thread's encoder. */
  static EncodedHistogram encode(NanosHistogram h) {
    return encode(IntervalHistogram.of(h));
  }

  /** A live interval histogram's encoding, on this thread's encoder. */
  static EncodedHistogram encode(IntervalHistogram h) {
    return PER_THREAD.get().encodeHere(h);
  }

  private EncodedHistogram encodeHere(IntervalHistogram h) {
    position = HEADER;
    previousIndex = -1;
    h.forEachCount(this, sorter);
    long totalCount = h.totalCount();
    long max = 0;
    if (previousIndex < 0) {
      putZigZag(0); // an empty histogram: the one count at index 0
    } else {
      max = NanosHistogram.highestEquivalentValue(NanosHistogram.valueFromIndex(previousIndex));
    }
    int payload = position - HEADER;
    long shortKey = payload <= SHORT_PAYLOAD ? shortKey(payload) : 0;
    int slot = slot(shortKey);
    if (shortKey != 0 && shortKeys[slot] == shortKey) {
      return shortOnes[slot];
    }
    putInt(raw, 0, COOKIE);
    putInt(raw, 4, payload);
    putInt(raw, 8, 0); // normalizing index offset
    putInt(raw, 12, SIGNIFICANT_DIGITS);
    putLong(raw, 16, 1); // lowest discernible value
    putLong(raw, 24, highestTrackableValue(max));
    putLong(raw, 32, Double.doubleToLongBits(1.0)); // integer to double conversion ratio
    byte[] bytes = deflate(position);
    EncodedHistogram encoded = new EncodedHistogram(bytes, max, totalCount);
    if (shortKey != 0) {
      shortKeys[slot] = shortKey;
      shortOnes[slot] = encoded;
    }
    return encoded;
  }

  /** The slot of a short payload's key: its top bits after a multiplicative mix. */
  private static int slot(long shortKey) {
    return (int) ((shortKey * 0x9E3779B97F4A7C15L) >>> (64 - SHORT_SLOT_BITS));
  }

  /** The payload's bytes and its length in one long: never 0, the length is at least 1. */
  private long shortKey(int payload) {
    long key = payload;
    for (int i = 0; i < payload; i++) {
      key = (key << 8) | (raw[HEADER + i] & 0xFF);
    }
    return key;
  }

  /**
   * The highest trackable value an auto-resizing HdrHistogram reaches by recording these values:
   * its first 2,048 counts need no resize (it stays at 2), past them it covers up to the next
   * power of two. A function of the maximum alone, so the bytes do not depend on how the values
   * came together (recorded, added, in parts).
   */
  static long highestTrackableValue(long max) {
    if (max < 2048) {
      return 2;
    }
    long top = Long.highestOneBit(max);
    return top >= (1L << 62) ? Long.MAX_VALUE : (top << 1) - 1;
  }

  /** HdrHistogram's payload: counts in ZigZag LEB128, a run of zero counts as its negated length. */
  @Override
  public void at(int index, long count) {
    int zeros = index - previousIndex - 1;
    if (zeros == 1) {
      putZigZag(0);
    } else if (zeros > 1) {
      putZigZag(-zeros);
    }
    putZigZag(count);
    previousIndex = index;
  }

  /** HdrHistogram's ZigZag LEB128-64b9B: 7 bits a byte, the ninth byte whole. */
  private void putZigZag(long value) {
    if (raw.length - position < 9) {
      raw = Arrays.copyOf(raw, raw.length * 2);
    }
    long v = (value << 1) ^ (value >> 63);
    for (int i = 0; i < 8; i++) {
      if ((v >>> 7) == 0) {
        raw[position++] = (byte) v;
        return;
      }
      raw[position++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    raw[position++] = (byte) v;
  }

  /** The header and payload deflated as zlib does at HdrHistogram's level, after the 8-byte prefix. */
  private byte[] deflate(int length) {
    deflater.reset();
    deflater.setInput(raw, 0, length);
    deflater.finish();
    int at = 8;
    while (!deflater.finished()) {
      if (at == packed.length) {
        packed = Arrays.copyOf(packed, packed.length * 2);
      }
      at += deflater.deflate(packed, at, packed.length - at);
    }
    putInt(packed, 0, COMPRESSED_COOKIE);
    putInt(packed, 4, at - 8);
    return Arrays.copyOf(packed, at);
  }

  /**
   * Reads the counts of an encoding this encoder wrote into {@code into}, without the dense
   * HdrHistogram its own decoder makes (a range's worth of buckets, walked one by one).
   *
   * @return false, having read nothing, for a layout this encoder does not write
   */
  static boolean decodeInto(byte[] encoded, IntervalHistogram into) {
    if (encoded.length < 8 || getInt(encoded, 0) != COMPRESSED_COOKIE) {
      return false;
    }
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(encoded, 8, encoded.length - 8);
      byte[] header = new byte[HEADER];
      if (!inflateFully(inflater, header) || getInt(header, 0) != COOKIE
          || getInt(header, 8) != 0 || getInt(header, 4) < 0) {
        return false;
      }
      byte[] payload = new byte[getInt(header, 4)];
      if (!inflateFully(inflater, payload)) {
        return false;
      }
      int index = 0;
      for (int at = 0; at < payload.length; ) {
        long v = 0;
        int shift = 0;
        long b;
        do { // ZigZag LEB128-64b9B, as putZigZag writes it
          b = payload[at++] & 0xFF;
          v |= shift == 56 ? b << 56 : (b & 0x7F) << shift;
          shift += 7;
        } while (shift < 63 && (b & 0x80) != 0 && at < payload.length);
        long count = (v >>> 1) ^ -(v & 1);
        if (count < 0) {
          index += (int) -count;
        } else {
          into.add(index++, count);
        }
      }
      return true;
    } catch (java.util.zip.DataFormatException e) {
      return false;
    } finally {
      inflater.end();
    }
  }

  private static boolean inflateFully(Inflater inflater, byte[] into)
      throws java.util.zip.DataFormatException {
    int at = 0;
    while (at < into.length) {
      int n = inflater.inflate(into, at, into.length - at);
      if (n == 0 && (inflater.finished() || inflater.needsInput() || inflater.needsDictionary())) {
        return false;
      }
      at += n;
    }
    return true;
  }

  private static int getInt(byte[] b, int at) {
    return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8
        | (b[at + 3] & 0xFF);
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  private static void putLong(byte[] b, int at, long v) {
    putInt(b, at, (int) (v >>> 32));
    putInt(b, at + 4, (int) v);
  }
}
