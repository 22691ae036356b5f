package tardy.record.grouping;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PathTemplatesTest {

  /**
   * The word-at-a-time UUID test against a byte-by-byte one: every byte of a UUID (upper and
   * lower case) replaced by each of the 256 values, read at an offset inside a larger array.
   */
  @Test
  void theUuidTestAgreesWithOneByteAtATime() {
    java.util.Random rnd = new java.util.Random(5);
    int checked = 0;
    for (int round = 0; round < 40; round++) {
      String uuid = new java.util.UUID(rnd.nextLong(), rnd.nextLong()).toString();
      byte[] b = ("/u/" + (round % 2 == 0 ? uuid : uuid.toUpperCase(java.util.Locale.ROOT)))
          .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
      assertThat(PathTemplates.isUuid(b, 3)).isTrue();
      for (int k = 0; k < 36; k++) {
        byte was = b[3 + k];
        for (int v = 0; v < 256; v++) {
          b[3 + k] = (byte) v;
          assertThat(PathTemplates.isUuid(b, 3)).as("byte %d = %d in %s", k, v, uuid)
              .isEqualTo(isUuidByteByByte(b, 3));
          checked++;
        }
        b[3 + k] = was;
      }
    }
    assertThat(checked).isEqualTo(40 * 36 * 256);
  }

  private static boolean isUuidByteByByte(byte[] b, int from) {
    for (int k = 0; k < 36; k++) {
      int c = b[from + k] & 0xff;
      boolean dash = k == 8 || k == 13 || k == 18 || k == 23;
      boolean hex = c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
      if (dash ? c != '-' : !hex) {
        return false;
      }
    }
    return true;
  }

  @Test
  void digitSegmentsBecomeIds() {
    assertThat(PathTemplates.normalize("/product/123221")).isEqualTo("/product/{id}");
    assertThat(PathTemplates.normalize("/product/128759")).isEqualTo("/product/{id}");
    assertThat(PathTemplates.normalize("/u/7/orders/99")).isEqualTo("/u/{id}/orders/{id}");
  }

  @Test
  void digitsInsideASegmentFoldWhenTheyStandAlone() {
    assertThat(PathTemplates.normalize("/invoice/929670.pdf")).isEqualTo("/invoice/{id}.pdf");
    assertThat(PathTemplates.normalize("/item/product-12")).isEqualTo("/item/product-{id}");
    assertThat(PathTemplates.normalize("/api/v2/users")).isEqualTo("/api/v2/users");
    assertThat(PathTemplates.normalize("/image/60844/productModel/200x200"))
        .isEqualTo("/image/{id}/productModel/200x200");
  }

  @Test
  void uuidsAndLongHex() {
    assertThat(PathTemplates.normalize("/order/3f2b8c1e-9d4a-4e7b-8a6f-0c1d2e3f4a5b/items"))
        .isEqualTo("/order/{uuid}/items");
    assertThat(PathTemplates.normalize("/api/v1/ppchit/rule/5d1f5b3c8e4a2b0012345678"))
        .isEqualTo("/api/v1/ppchit/rule/{hex}");
    assertThat(PathTemplates.normalize("/commit/abc1234")).isEqualTo("/commit/abc1234");
    assertThat(PathTemplates.normalize("/static/deadbeefdeadbeef")).isEqualTo("/static/deadbeefdeadbeef");
  }

  @Test
  void absoluteFormTargetsAreGroupedByPath() {
    assertThat(PathTemplates.normalize("http://example.com:8080/product/5")).isEqualTo("/product/{id}");
    assertThat(PathTemplates.normalize("https://example.com")).isEqualTo("/");
  }

  @Test
  void oddTargetsPassThrough() {
    assertThat(PathTemplates.normalize("")).isEmpty();
    assertThat(PathTemplates.normalize("*")).isEqualTo("*");
    assertThat(PathTemplates.normalize("foo/bar")).isEqualTo("foo/bar");
    assertThat(PathTemplates.normalize("/a%20b/\\x22")).isEqualTo("/a%20b/\\x22");
  }

  /** normalize reads escapes in text, the hot path in bytes: one rule, written twice. */
  @Test
  void theTextAndTheBytesAgreeOnEveryEscape() {
    java.util.Random rnd = new java.util.Random(29);
    String alphabet = "%\\x0aF9g";
    for (int i = 0; i < 100_000; i++) {
      StringBuilder sb = new StringBuilder();
      for (int k = rnd.nextInt(7); k >= 0; k--) {
        sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
      }
      String text = sb.toString();
      byte[] b = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      for (int at = 0; at < b.length; at++) {
        assertThat(PathTemplates.escapeLength(text, at)).as("%s at %d", text, at)
            .isEqualTo(PathTemplates.escapeLength(b, at, b.length));
      }
    }
  }

  @Test
  void whatTheBytesOfASegmentTellIsWhatNormalizeMakesOfIt() {
    java.util.List<String> segments = new java.util.ArrayList<>(java.util.List.of("", "a", "12",
        "0", "product", "red-chair-12", "0e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b",
        "abcdefab-abcd-abcd-abcd-abcdefabcdef", "x-0e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b",
        "0e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2bx", "0123456789abcdef", "0123456789abcdeg",
        "abcdefabcdefabcdef", "%41", "%4", "a%2012", "\\x2212", "{id}", "caf\u00e9", "b41,c665",
        "collection-running-shoes-summer-edition", "smart%20tv", "x.12", "12.js"));
    java.util.Random rnd = new java.util.Random(5);
    String alphabet = "0123456789abcdefxyzABF-._~%\\{}+,@\u00e9";
    for (int i = 0; i < 50_000; i++) {
      StringBuilder sb = new StringBuilder();
      int len = rnd.nextInt(45);
      for (int k = 0; k < len; k++) {
        sb.append(alphabet.charAt(rnd.nextInt(rnd.nextInt(3) == 0 ? alphabet.length() : 10)));
      }
      segments.add(sb.toString());
      String uuid = new java.util.UUID(rnd.nextLong(), rnd.nextLong()).toString();
      segments.add(sb.substring(0, sb.length() / 2) + uuid + sb.substring(sb.length() / 2));
    }
    int unchanged = 0;
    for (String segment : segments) {
      byte[] b = segment.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      byte[] n = PathTemplates.normalizedSegment(b, 0, b.length);
      if (n == PathTemplates.UNCHANGED) {
        unchanged++;
        assertThat(PathTemplates.normalize("/" + segment)).as(segment).isEqualTo("/" + segment);
      } else if (n != null) {
        assertThat(PathTemplates.normalize("/" + segment)).as(segment)
            .isEqualTo("/" + new String(n, java.nio.charset.StandardCharsets.UTF_8));
      }
    }
    assertThat(unchanged).as("segments the bytes tell").isGreaterThan(1_000);
    for (String clear : new String[] {"product", "red-chair", "b41,c665", "smart%20tv",
        "collection-running-shoes-summer-edition", "annabag25", ""}) {
      byte[] b = clear.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      assertThat(PathTemplates.normalizedSegment(b, 0, b.length)).as(clear)
          .isSameAs(PathTemplates.UNCHANGED);
    }
    byte[] id = "0".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(new String(PathTemplates.normalizedSegment(id, 0, 1),
        java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("{id}");
  }
}
