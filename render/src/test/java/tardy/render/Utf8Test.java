package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Text written a slice at a time is the bytes of the text written at once. */
class Utf8Test {

  @Test
  void slicesMakeTheSameBytesWhereverASurrogatePairFalls() throws IOException {
    for (int at = Utf8.SLICE - 3; at <= Utf8.SLICE + 2; at++) {
      StringBuilder text = new StringBuilder("a".repeat(at)).append("\uD83D\uDE00 é ✓ ");
      text.append("b".repeat(Utf8.SLICE * 2 + 7));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Utf8.write(text, out);
      assertThat(out.toByteArray()).as("pair at %d", at)
          .isEqualTo(text.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void nothingIsNoBytes() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Utf8.write("", out);
    assertThat(out.size()).isZero();
  }
}
