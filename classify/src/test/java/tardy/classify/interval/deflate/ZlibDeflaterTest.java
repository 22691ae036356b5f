package tardy.classify.interval.deflate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

/**
 * {@link ZlibDeflater} writes exactly the bytes of {@code java.util.zip.Deflater} at
 * BEST_COMPRESSION (the platform's zlib) for inputs of every shape: interval histograms' encodings,
 * random bytes (stored blocks), very short inputs (fixed-code blocks), runs, repeated patterns,
 * skewed alphabets (blocks with codes of their own, left to zlib), every length around the
 * bound of those deflated in Java, and matches of every length and distance they hold: the
 * proof that zlib chooses the fixed code holds on all of them. Rounds: {@code -Dtardy.fuzz.rounds=N} (short in the default
 * build, a million histograms and 200,000 other inputs under -Pbench).
 */
class ZlibDeflaterTest {

  /** Inputs of every shape (some up to 16 KB): 2,000 in the build, 200,000 under -Pbench. */
  static final int ROUNDS = 10 * Integer.getInteger("tardy.fuzz.rounds", 200);
  /** Histogram-shaped inputs, the cheap ones: 10,000 in the build, a million under -Pbench. */
  static final int HISTOGRAM_ROUNDS = 50 * Integer.getInteger("tardy.fuzz.rounds", 200);

  private final ZlibDeflater ours = new ZlibDeflater();
  private final Deflater zlib = new Deflater(Deflater.BEST_COMPRESSION);

  @Test
  void everyShapeOfInputDeflatesToZlibsBytes() {
    SplittableRandom random = new SplittableRandom(19);
    for (int round = 0; round < ROUNDS; round++) {
      long seed = random.nextLong();
      byte[] input = Shapes.any(new SplittableRandom(seed), round);
      assertSame(input, "round " + round + " seed " + seed);
    }
  }

  @Test
  void histogramEncodingsDeflateToZlibsBytes() {
    SplittableRandom random = new SplittableRandom(131);
    for (int round = 0; round < HISTOGRAM_ROUNDS; round++) {
      long seed = random.nextLong();
      assertSame(Shapes.histogram(new SplittableRandom(seed)), "seed " + seed);
    }
  }

  @Test
  void theShortestInputsUseTheFixedCodeAsZlibDoes() {
    SplittableRandom random = new SplittableRandom(3);
    assertSame(new byte[0], "empty");
    for (int length = 1; length <= 12; length++) {
      for (int i = 0; i < 300; i++) {
        byte[] input = new byte[length];
        int alphabet = 1 + random.nextInt(i % 3 == 0 ? 2 : 256);
        for (int k = 0; k < length; k++) {
          input[k] = (byte) random.nextInt(alphabet);
        }
        assertSame(input, "length " + length);
      }
    }
  }

  @Test
  void everyLengthUpToTheBoundAndPastIt() {
    SplittableRandom random = new SplittableRandom(5);
    for (int length = 0; length <= 2 * ZlibDeflater.SHORT_INPUT; length++) {
      for (int kind = 0; kind < Shapes.KINDS; kind++) {
        assertSame(Shapes.of(kind, random, length), "length " + length + " kind " + kind);
      }
    }
  }

  /** A match of every length at every distance the short inputs hold. */
  @Test
  void everyMatchOfAShortInput() {
    SplittableRandom random = new SplittableRandom(11);
    int length = ZlibDeflater.SHORT_INPUT;
    for (int distance = 1; distance < length - 3; distance++) {
      for (int matchLength = 3; distance + matchLength <= length; matchLength += 1 + matchLength / 8) {
        byte[] input = Shapes.noRepeats(random, length);
        int from = random.nextInt(length - distance - matchLength + 1);
        System.arraycopy(input, from, input, from + distance, matchLength);
        assertSame(input, "distance " + distance + " length " + matchLength);
      }
    }
  }

  private void assertSame(byte[] input, String what) {
    byte[] expected = zlib(input);
    byte[] actual = ours.deflate(input, input.length, 3);
    assertThat(actual[0] | actual[1] | actual[2]).isZero();
    byte[] stream = Arrays.copyOfRange(actual, 3, actual.length);
    if (!Arrays.equals(stream, expected)) {
      String shown = input.length <= 600 ? HexFormat.of().formatHex(input) : input.length + " bytes";
      assertThat(HexFormat.of().formatHex(stream)).as("%s, input %s", what, shown)
          .isEqualTo(HexFormat.of().formatHex(expected));
    }
  }

  private byte[] zlib(byte[] input) {
    zlib.reset();
    zlib.setInput(input);
    zlib.finish();
    ByteBuffer out = ByteBuffer.allocate(input.length + 64);
    while (!zlib.finished()) {
      zlib.deflate(out);
    }
    return Arrays.copyOf(out.array(), out.position());
  }
}
