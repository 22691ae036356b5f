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
 * skewed alphabets (deep codes cut to their limits), lengths across the whole range, and the
 * edges of each of zlib's rules. Rounds: {@code -Dtardy.fuzz.rounds=N} (short in the default
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
    int[] lengths = {ZlibDeflater.MAX_INPUT - 1, ZlibDeflater.MAX_INPUT, ZlibDeflater.MAX_INPUT + 1,
        40_000};
    for (int length : lengths) {
      for (int kind = 0; kind < Shapes.KINDS; kind++) {
        assertSame(Shapes.of(kind, random, length), "length " + length + " kind " + kind);
      }
    }
    for (int length = 0; length <= ZlibDeflater.MAX_INPUT; length += 1 + random.nextInt(400)) {
      assertSame(Shapes.of(length % Shapes.KINDS, random, length), "length " + length);
    }
  }

  /** Matches of three at distances around zlib's 4,096 cut-off, and runs around 258. */
  @Test
  void theEdgesOfZlibsRules() {
    SplittableRandom random = new SplittableRandom(11);
    for (int distance = 4_090; distance <= 4_100; distance++) {
      for (int matchLength = 3; matchLength <= 5; matchLength++) {
        byte[] input = Shapes.noRepeats(random, distance + 40);
        System.arraycopy(input, 10, input, 10 + distance, matchLength);
        assertSame(input, "distance " + distance + " length " + matchLength);
      }
    }
    for (int run = 250; run <= 270; run++) {
      for (int tail = 0; tail < 5; tail++) {
        byte[] input = new byte[run + tail + 3];
        Arrays.fill(input, 1, 1 + run, (byte) 'a');
        assertSame(input, "run " + run + " tail " + tail);
      }
    }
    // a byte most positions share: hash chains past 4,096 entries, cut where zlib cuts them
    for (int i = 0; i < 4; i++) {
      byte[] input = new byte[8_000 + 1_000 * i];
      for (int k = 0; k < input.length; k++) {
        input[k] = (byte) (random.nextInt(10) == 0 ? 'b' : 'a');
      }
      assertSame(input, "long chains " + i);
    }
  }

  /** Skewed counts without matches: the code-length code needs zlib's length-limit repair. */
  @Test
  void deepCodesAreCutAsZlibCutsThem() {
    SplittableRandom random = new SplittableRandom(23);
    for (int i = 0; i < ROUNDS / 20; i++) {
      assertSame(Shapes.comb(random, 2_000 + random.nextInt(14_000)), "comb " + i);
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
