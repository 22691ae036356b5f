package tardy.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AsciiTest {

  private static long nanos(String s, int unit) {
    byte[] b = s.getBytes(StandardCharsets.US_ASCII);
    return Ascii.parseDecimalNanos(b, 0, b.length, unit);
  }

  @Test
  void secondsWithSevenDecimalsAreExactNanoseconds() {
    assertThat(nanos("0.0024133", Ascii.SECONDS)).isEqualTo(2_413_300L);
    assertThat(nanos("652.538", Ascii.SECONDS)).isEqualTo(652_538_000_000L);
    assertThat(nanos("3", Ascii.SECONDS)).isEqualTo(3_000_000_000L);
    assertThat(nanos("0.000", Ascii.SECONDS)).isZero();
  }

  @Test
  void commaDecimalParsesLikeDot() {
    assertThat(nanos("0,0024133", Ascii.SECONDS)).isEqualTo(nanos("0.0024133", Ascii.SECONDS));
    assertThat(nanos("0,445", Ascii.SECONDS)).isEqualTo(445_000_000L);
  }

  @Test
  void digitsBelowANanosecondRoundHalfUp() {
    assertThat(nanos("0.0000000014", Ascii.SECONDS)).isEqualTo(1L);
    assertThat(nanos("0.0000000015", Ascii.SECONDS)).isEqualTo(2L);
    assertThat(nanos("1.5", Ascii.NANOS)).isEqualTo(2L);
  }

  @Test
  void otherUnits() {
    assertThat(nanos("12.5", Ascii.MILLIS)).isEqualTo(12_500_000L);
    assertThat(nanos("7", Ascii.MICROS)).isEqualTo(7_000L);
    assertThat(nanos("123456", Ascii.NANOS)).isEqualTo(123_456L);
  }

  @Test
  void anythingElseIsInvalidNotAnException() {
    for (String bad : new String[] {"", "-", "-1", "+1", "1e3", "1.2.3", "1,2,3", "1.", ".", " 1",
        "1 ", "abc", "0x10", "1_000", "99999999999999999999"}) {
      assertThat(nanos(bad, Ascii.SECONDS)).as(bad).isEqualTo(Ascii.INVALID);
    }
    assertThat(nanos(".5", Ascii.SECONDS)).isEqualTo(500_000_000L);
  }

  /** Random values printed in every style JVMs and nginx use parse back exactly. */
  @Test
  void randomValuesRoundTripInEveryStyle() {
    Random random = new Random(42);
    for (int i = 0; i < 100_000; i++) {
      long ns = (long) (Math.pow(10, random.nextDouble() * 12)); // 1 ns .. 1000 s
      int decimals = new int[] {3, 6, 7, 9}[random.nextInt(4)];
      BigDecimal seconds = BigDecimal.valueOf(ns).movePointLeft(9).setScale(decimals, RoundingMode.HALF_UP);
      String text = seconds.toPlainString();
      if (random.nextBoolean()) {
        text = text.replace('.', ',');
      }
      long expected = seconds.movePointRight(9).longValueExact();
      assertThat(nanos(text, Ascii.SECONDS)).as(text).isEqualTo(expected);
    }
  }

  @Test
  void unsignedLongRejectsNonDigitsAndOverflow() {
    byte[] b = "12345x".getBytes(StandardCharsets.US_ASCII);
    assertThat(Ascii.parseUnsignedLong(b, 0, 5)).isEqualTo(12345L);
    assertThat(Ascii.parseUnsignedLong(b, 0, 6)).isEqualTo(Ascii.INVALID);
    assertThat(Ascii.parseUnsignedLong(b, 0, 0)).isEqualTo(Ascii.INVALID);
    byte[] big = "9999999999999999999".getBytes(StandardCharsets.US_ASCII);
    assertThat(Ascii.parseUnsignedLong(big, 0, big.length)).isEqualTo(Ascii.INVALID);
  }

  @Test
  void searching() {
    byte[] b = "Total time for which".getBytes(StandardCharsets.US_ASCII);
    assertThat(Ascii.indexOf(b, 0, b.length, Ascii.bytes("time"))).isEqualTo(6);
    assertThat(Ascii.indexOf(b, 7, b.length, Ascii.bytes("time"))).isEqualTo(-1);
    assertThat(Ascii.lastIndexOf(b, 0, b.length, Ascii.bytes("h"))).isEqualTo(19);
    assertThat(Ascii.startsWith(b, 0, b.length, Ascii.bytes("Total"))).isTrue();
    assertThat(Ascii.startsWith(b, 0, 3, Ascii.bytes("Total"))).isFalse();
    assertThat(Ascii.equals(b, 6, 10, Ascii.bytes("time"))).isTrue();
    assertThat(Ascii.regionMatches(b, b.length - 2, Ascii.bytes("which"))).isFalse();
  }

  @Test
  void byteSearchAgreesWithAPlainLoopAtEveryAlignment() {
    Random random = new Random(23);
    for (int round = 0; round < 50_000; round++) {
      byte[] b = new byte[random.nextInt(40)];
      for (int i = 0; i < b.length; i++) {
        b[i] = (byte) random.nextInt(random.nextBoolean() ? 4 : 256);
      }
      byte c = (byte) random.nextInt(random.nextBoolean() ? 4 : 256);
      int from = b.length == 0 ? 0 : random.nextInt(b.length);
      int to = from + random.nextInt(b.length - from + 1);
      int expected = -1;
      for (int i = from; i < to; i++) {
        if (b[i] == c) {
          expected = i;
          break;
        }
      }
      assertThat(Ascii.indexOf(b, from, to, c)).as("%s in %s[%d,%d)", c, java.util.Arrays.toString(b), from, to).isEqualTo(expected);
    }
  }

  /** The raw-key caches compare hashes of keys in lines and in arrays of their own: one value. */
  @Test
  void aHashDependsOnTheBytesNotOnWhatSurroundsThem() {
    Random random = new Random(31);
    for (int round = 0; round < 20_000; round++) {
      byte[] key = new byte[random.nextInt(30)];
      random.nextBytes(key);
      byte[] line = new byte[key.length + random.nextInt(20)];
      random.nextBytes(line);
      int at = random.nextInt(line.length - key.length + 1);
      System.arraycopy(key, 0, line, at, key.length);
      assertThat(Ascii.hash(line, at, at + key.length)).isEqualTo(Ascii.hash(key, 0, key.length));
    }
  }

  @Test
  void needleSearchAgreesWithAPlainLoop() {
    Random random = new Random(29);
    for (int round = 0; round < 50_000; round++) {
      byte[] b = new byte[random.nextInt(40)];
      for (int i = 0; i < b.length; i++) {
        b[i] = (byte) ('a' + random.nextInt(3));
      }
      byte[] needle = new byte[random.nextInt(4)];
      for (int i = 0; i < needle.length; i++) {
        needle[i] = (byte) ('a' + random.nextInt(3));
      }
      int from = b.length == 0 ? 0 : random.nextInt(b.length);
      int to = from + random.nextInt(b.length - from + 1);
      int expected = -1;
      for (int i = from; i + needle.length <= to && expected < 0; i++) {
        if (java.util.Arrays.equals(b, i, i + needle.length, needle, 0, needle.length)) {
          expected = i;
        }
      }
      if (needle.length == 0) {
        expected = from;
      }
      assertThat(Ascii.indexOf(b, from, to, needle)).isEqualTo(expected);
    }
  }

  @Test
  void jsonStringEndAgreesWithAnEscapeByEscapeScan() {
    java.util.Random random = new java.util.Random(5);
    byte[] alphabet = {'a', '"', '\\', 'n', ' '};
    for (int round = 0; round < 20_000; round++) {
      byte[] b = new byte[random.nextInt(40)];
      for (int i = 0; i < b.length; i++) {
        b[i] = alphabet[random.nextInt(alphabet.length)];
      }
      int from = b.length == 0 ? 0 : random.nextInt(b.length);
      int expected = -1;
      for (int i = from; i < b.length; i++) {
        if (b[i] == '\\') {
          i++;
        } else if (b[i] == '"') {
          expected = i;
          break;
        }
      }
      assertThat(Ascii.jsonStringEnd(b, from, b.length)).as(new String(b, java.nio.charset.StandardCharsets.ISO_8859_1) + " from " + from)
          .isEqualTo(expected);
    }
  }
}
