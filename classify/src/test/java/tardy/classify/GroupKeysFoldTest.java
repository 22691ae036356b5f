package tardy.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Folding digit runs before the raw-key cache must never change the default grouping. */
class GroupKeysFoldTest {

  private static String folded(String path) {
    byte[] b = ("GET " + path + " HTTP/1.1").getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[b.length + 40]; // a UUID may be cut into the zero UUID's length
    int end = GroupKeys.foldDigitRuns(b, 4, b.length - 9, out, 2);
    return new String(out, 2, end - 2, StandardCharsets.UTF_8);
  }

  @Test
  void foldsStandaloneDigitRunsOnly() {
    assertThat(folded("/product/123221")).isEqualTo("/product/0");
    assertThat(folded("/product/123/reviews/99")).isEqualTo("/product/0/reviews/0");
    assertThat(folded("/img/929670.pdf")).isEqualTo("/img/0.pdf");
    assertThat(folded("/v2/x")).isEqualTo("/v2/x");
    assertThat(folded("/200x200/a")).isEqualTo("/200x200/a");
    assertThat(folded("/blog/12-how")).isEqualTo("/blog/12-how");
    assertThat(folded("http://h/123")).isEqualTo("http://h/123");
    assertThat(folded("/u/0e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b/orders"))
        .isEqualTo("/u/00000000-0000-0000-0000-000000000000/orders");
    assertThat(folded("/u/0e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b-x"))
        .isEqualTo("/u/0e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b-x");
  }

  @Test
  void theDefaultGroupingCannotTellFoldedFromRaw() {
    List<String> paths = new ArrayList<>(List.of(
        "/", "/product/123221", "/product/12/reviews", "/a/0/b/00/c/007", "/x9/9x/99",
        "/12345678-1234-1234-1234-123456789012", "/12345678-1234-4234-8234-12345678901a/99",
        "/u/0e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b/orders/12", "/h/0123456789abcdef0123/77",
        "/h/0123456789abcdef/1", "/%20123/%2F45", "/\\x2212/%%41/%4", "/a%20/%2", "/12%20/1\\x", "/blog/12-how-to", "/1", "/12", "12", "/a.12.b",
        "/caf\u00e9/12", "http://example.com/product/12", "/redirect?to=http://x/1", "/:12//34",
        "/12://34", "/-12-/34-", "/_12_/3", "/12345678/1234-1234"));
    Random rnd = new Random(7);
    String alphabet = "0123456789abcdefxyz-/._:%?AF\\";
    for (int i = 0; i < 2_000; i++) { // UUIDs with random neighbours and a random damaged byte
      String uuid = new java.util.UUID(rnd.nextLong(), rnd.nextLong()).toString();
      if (rnd.nextBoolean()) {
        int at = rnd.nextInt(36);
        uuid = uuid.substring(0, at) + alphabet.charAt(rnd.nextInt(alphabet.length()))
            + uuid.substring(at + 1);
      }
      paths.add(alphabet.charAt(rnd.nextInt(alphabet.length())) + uuid
          + alphabet.charAt(rnd.nextInt(alphabet.length())) + "/" + rnd.nextInt(1000));
      paths.add("/" + uuid);
    }
    for (int i = 0; i < 20_000; i++) {
      StringBuilder sb = new StringBuilder("/");
      int len = rnd.nextInt(40);
      for (int k = 0; k < len; k++) {
        sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
      }
      paths.add(sb.toString());
    }
    String wordy = "abcdefghxyz/-._/%\\\u00e9\u20ac0123456789"; // long digitless stretches, then a digit
    for (int i = 0; i < 20_000; i++) {
      StringBuilder sb = new StringBuilder("/");
      int len = rnd.nextInt(60);
      for (int k = 0; k < len; k++) {
        sb.append(wordy.charAt(rnd.nextInt(rnd.nextInt(4) == 0 ? wordy.length() : 17)));
      }
      paths.add(sb.toString());
    }
    for (String path : paths) {
      assertThat(PathTemplates.normalize(folded(path)))
          .as(path)
          .isEqualTo(PathTemplates.normalize(path));
    }
  }

  private static final String HARMLESS = "abcXYZ/-._~\u0080\u00ff";

  @Test
  void theWordTestFindsTheFirstDigitOrEscapeByte() {
    Random rnd = new Random(11);
    for (int round = 0; round < 200_000; round++) {
      byte[] word = new byte[Long.BYTES];
      rnd.nextBytes(word);
      if (round % 2 == 0) { // mostly harmless bytes, one chosen byte anywhere
        for (int k = 0; k < word.length; k++) {
          word[k] = (byte) HARMLESS.charAt(rnd.nextInt(HARMLESS.length()));
        }
        word[rnd.nextInt(word.length)] = (byte) rnd.nextInt(256);
      }
      int first = -1;
      for (int k = word.length - 1; k >= 0; k--) {
        byte c = word[k];
        if (c >= '0' && c <= '9' || c == '%' || c == '\\') {
          first = k;
        }
      }
      long packed = java.nio.ByteBuffer.wrap(word).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
      long hits = GroupKeys.digitOrEscapeBytes(packed);
      int found = hits == 0 ? -1 : Long.numberOfTrailingZeros(hits) >>> 3;
      assertThat(found).as(java.util.Arrays.toString(word)).isEqualTo(first);
    }
  }
}
