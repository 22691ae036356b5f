package tardy.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A UTF-16 head is told apart from text, from a copytruncate hole and from a recording. */
class Utf16HeadTest {

  private static final String LINE = "127.0.0.1 - - [22/Nov/2026:22:41:48 +0000] \"GET / HTTP/1.1\""
      + " 200 3 \"-\" \"-\" 0.001\n";

  @Test
  void eitherByteOrderWithOrWithoutItsMarkIsUtf16() {
    for (Charset c : new Charset[] {StandardCharsets.UTF_16, StandardCharsets.UTF_16LE,
        StandardCharsets.UTF_16BE}) {
      byte[] b = LINE.getBytes(c); // UTF_16 writes big-endian with its mark
      assertThat(Sample.isUtf16(b, b.length)).as(c.name()).isTrue();
    }
    byte[] markOnly = {(byte) 0xFF, (byte) 0xFE};
    assertThat(Sample.isUtf16(markOnly, 2)).isTrue();
  }

  @Test
  void textAHoleOfNulsAndARecordingAreNot() {
    byte[] utf8 = LINE.getBytes(StandardCharsets.UTF_8);
    assertThat(Sample.isUtf16(utf8, utf8.length)).isFalse();
    byte[] hole = new byte[64];
    assertThat(Sample.isUtf16(hole, hole.length)).isFalse();
    byte[] holeThenText = new byte[64];
    System.arraycopy(utf8, 0, holeThenText, 40, 24);
    assertThat(Sample.isUtf16(holeThenText, holeThenText.length)).isFalse();
    byte[] jfr = {'F', 'L', 'R', 0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};
    assertThat(Sample.isUtf16(jfr, jfr.length)).isFalse();
    byte[] shortHead = "a\0b\0".getBytes(StandardCharsets.ISO_8859_1);
    assertThat(Sample.isUtf16(shortHead, shortHead.length)).as("too short to tell").isFalse();
  }
}
