package tardy.formats.fields;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tardy.events.Ascii;

/** nginx's seconds with milliseconds, read at once when short, and its upstream lists. */
class DurationsTest {

  private static long seconds(String text) {
    byte[] b = ("[" + text + "]").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    return Durations.seconds(b, 1, b.length - 1);
  }

  @Test
  void secondsAreExactNanoseconds() {
    assertThat(seconds("0.062")).isEqualTo(62_000_000L);
    assertThat(seconds("9.999")).isEqualTo(9_999_000_000L);
    assertThat(seconds("0.000")).isZero();
    assertThat(seconds("12.345")).isEqualTo(12_345_000_000L);
    assertThat(seconds("60.001")).isEqualTo(60_001_000_000L);
    assertThat(seconds("0.1")).isEqualTo(100_000_000L);
    assertThat(seconds("5")).isEqualTo(Ascii.INVALID); // some other tool's unit: refused
    assertThat(seconds("0,062")).isEqualTo(Ascii.INVALID);
    assertThat(seconds("-.062")).isEqualTo(Ascii.INVALID);
  }

  /** Every five-byte value over digits and the bytes around them: as the general reading says. */
  @Test
  void theShortReadingAgreesWithTheGeneralOne() {
    String alphabet = "0159.,-/: x";
    int n = alphabet.length();
    for (int code = 0; code < n * n * n * n * n; code++) {
      StringBuilder text = new StringBuilder();
      for (int k = 0, c = code; k < 5; k++, c /= n) {
        text.append(alphabet.charAt(c % n));
      }
      byte[] b = text.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
      long general = Ascii.indexOf(b, 0, b.length, (byte) '.') < 0
          ? Ascii.INVALID : Ascii.parseDecimalNanos(b, 0, b.length, Ascii.SECONDS);
      assertThat(seconds(text.toString())).as(text.toString()).isEqualTo(general);
    }
  }

  @Test
  void upstreamListsAreSummedWithTheirParts() {
    Durations d = new Durations();
    byte[] b = "0.001, 0.002 : 0.003".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    assertThat(d.upstream(b, 0, b.length)).isTrue();
    assertThat(d.upstreamNanos).isEqualTo(6_000_000L);
    assertThat(d.upstreamParts).isEqualTo(3);
    byte[] dash = "0.100, -".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    assertThat(d.upstream(dash, 0, dash.length)).isTrue();
    assertThat(d.upstreamNanos).isEqualTo(100_000_000L);
    assertThat(d.upstreamParts).isEqualTo(1);
  }
}
