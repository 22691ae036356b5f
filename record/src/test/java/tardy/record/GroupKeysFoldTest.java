package tardy.record;

import tardy.record.grouping.GroupKeys;
import tardy.record.grouping.Grouping;
import tardy.record.grouping.PathTemplates;

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
    assertThat(folded("/blog/12-how")).isEqualTo("/blog/0-how");
    assertThat(folded("/d/2023-01-15/x-12")).isEqualTo("/d/0-0-0/x-0");
    assertThat(folded("/d/a-12b-12")).isEqualTo("/d/a-12b-0");
    assertThat(folded("/u/12345678-1234-1234-1234-12345678901x/12-34"))
        .isEqualTo("/u/12345678-1234-1234-1234-12345678901x/0-0");
    assertThat(folded("http://h/123")).isEqualTo("http://h/123");
    assertThat(folded("/x/12/a:b/34:56")).isEqualTo("/x/0/a:b/0:0");
    assertThat(folded("/x/12/a:/b/34:/56")).isEqualTo("/x/0/a:/b/0:/0");
    assertThat(folded("/x/12/go/http://h/3")).isEqualTo("/x/12/go/http://h/3"); // folds undone
    assertThat(folded("/x/12/a:/")).isEqualTo("/x/0/a:/");
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
        "/12://34", "/-12-/34-", "/_12_/3", "/12345678/1234-1234", "/blog/12-how-to",
        "/d/2023-01-15", "/x-12345678-1234-1234-1234-123456789012", "/1234-12345678-1234-1234-1234-123456789012",
        "/a-1234-1234-12-1234-123456789012", "/12-34-56-78-90-12-34-56-78-90", "/%2012-34",
        "/\\x2012-34-\\x20", "/12345678-1234-1234-1234-1234567890ab-12"));
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

  /** The raw key of an inferring grouping: ids folded, then what the grouping folds itself. */
  private static String folded(Grouping grouping, String path) {
    String key = GroupKeys.rawKey(grouping, "GET " + path);
    return key.substring(4);
  }

  private static Grouping inferred() {
    java.util.Map<String, Long> sample = new java.util.LinkedHashMap<>();
    for (int i = 0; i < 40; i++) { // hashed builds, ids, slugs and a few words, as a sample has
      sample.merge("GET /static/js/app." + Integer.toHexString(0x10000000 + i * 7919) + ".js", 3L,
          Long::sum);
      sample.merge("GET /assets/index-B" + Integer.toString(i * 104729, 36) + "Zq.js", 1L,
          Long::sum);
      sample.merge("GET /static/js/app.1234567" + i % 10 + ".js", 1L, Long::sum);
      sample.merge("GET /img/" + i * 31 + ".jpg", 2L, Long::sum);
      sample.merge("GET /product/" + i + "/red-chair-" + Integer.toString(i, 36), 1L, Long::sum);
      sample.merge("GET /api/v1/" + List.of("users", "cart", "orders").get(i % 3), 5L, Long::sum);
      sample.merge("GET /u/anna" + Integer.toString(i * 7919, 36) + "/followers", 1L, Long::sum);
      sample.merge("GET /u/anna" + Integer.toString(i * 7919, 36), 1L, Long::sum);
      sample.merge("GET /filter/b" + i * 13 + ",c" + i * 7, 1L, Long::sum);
      sample.merge("GET /m/search/" + List.of("smart", "tv", "phone+case").get(i % 3)
          + Integer.toString(i, 36), 1L, Long::sum);
      sample.merge("GET /en/product/" + i + "/blue-lamp-" + Integer.toString(i * 31, 36), 1L,
          Long::sum);
    }
    sample.merge("GET /m/search/laptop", 60L, Long::sum);
    return tardy.record.grouping.SampledGrouping.of(tardy.record.grouping.GroupingMode.INFER,
        sample, 100);
  }

  @Test
  void buildHashesOfEveryBuildShareOneRawKey() {
    Grouping g = inferred();
    assertThat(folded(g, "/static/js/app.3f9a1c7e.js"))
        .isEqualTo(folded(g, "/static/js/app.0badcafe.js"))
        .isEqualTo("/static/js/app.{hash}.js");
    assertThat(folded(g, "/assets/index-BkP3xZ9q.js")).isEqualTo("/assets/index-{hash}.js");
    assertThat(folded(g, "/js/main.3f9a1c7e5b2d4a6c8e0f.chunk.js"))
        .isEqualTo("/js/main.{hex}.chunk.js");
    assertThat(folded(g, "/api/v1/users/42")).isEqualTo("/api/v1/users/0");
    assertThat(folded(g, "/u/bob77/followers")).isEqualTo(folded(g, "/u/annabag25/followers"))
        .isEqualTo("/u/{*}/followers");
    assertThat(folded(g, "/product/42/blue-lamp-x")).isEqualTo("/product/0/{slug}");
    assertThat(folded(g, "/filter/p65,b1")).isEqualTo("/filter/{*}");
    assertThat(folded(g, "/m/search/laptop")).as("a heavy word stays").isEqualTo("/m/search/laptop");
    assertThat(folded(g, "/u/x/followers")).as("no longer than the placeholder")
        .isEqualTo("/u/x/followers");
    assertThat(folded(Grouping.DEFAULT, "/static/js/app.3f9a1c7e.js"))
        .as("the id rules alone keep hashes").isEqualTo("/static/js/app.3f9a1c7e.js");
  }

  @Test
  void theInferredGroupingCannotTellFoldedFromRaw() {
    Grouping g = inferred();
    List<String> paths = new ArrayList<>(List.of("/static/js/app.3f9a1c7e.js",
        "/static/js/app.12345678.js", "/static/js/app.0.js", "/assets/index-BkP3xZ9q.js",
        "/a/0e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b.png", "/a/abcdefab-abcd-abcd-abcd-abcdefabcdef.png",
        "/a/x~abcdefab-abcd-abcd-abcd-abcdefabcdef.png", "http://h/static/js/app.3f9a1c7e.js",
        "/r/http://h/app.3f9a1c7e.js", "/a://app.3f9a1c7e.js", "static/app.3f9a1c7e.js",
        "/ab://h/x/app.3f9a1c7e.js", "/abcdef://h/app.3f9a1c7e.js", "/abcdefgh://h/app.3f9a1c7e.js",
        "/a://h", "/a:///app.3f9a1c7e.js", "/.3f9a1c7e.js", "/3f9a1c7e.js", "/3f9a1c7e.js.",
        "/x/app.3f9a1c7e.abcdef", "/x/app.3f9a1c7e.a.js",
        "/x/%41bcdef12.js", "/x/abcdef12%2Ejs", "/x/\\x41bcdef12.js", "/x/.3f9a1c7e.js",
        "/x/3f9a1c7e.", "/x/3f9a1c7e.toolong", "/x/3f9a1c7e.j5", "/x/3f9a1c7e.5j",
        "/x/{hash}.js", "/x/app.3F9A1C7E.js", "/x/app.3F9a1c7e.js", "/x/a_3f9a1c7e-b.min.js",
        "/x/abcdefabcdefabcd.js", "/x/0123456789abcdef0123.js", "/x/caf\u00e9.3f9a1c7e.js"));
    Random rnd = new Random(13);
    String[] parts = {"app", "main", "index", "chunk", "min", "3f9a1c7e", "BkP3xZ9q", "0badcafe",
        "12345678", "0123456789abcdef01", "abcdefabcdefabcdef", "ABCdefGH", "a1B2c3D4", "%41bc",
        "\\x2e", "{id}", "x", "", "0e0a1b2c", "3d4e", "4f50", "7c8d9e0f1a2b", "\u00e9\u00e9"};
    String[] glue = {".", "-", "_", ".", "~", "/", "%2E", ":"};
    String[] ext = {"js", "css", "woff2", "map", "toolong", "5", "", "JS", "j-s"};
    String[] words = {"u", "product", "en", "filter", "m", "search", "api", "v1", "users", "cart",
        "followers", "laptop", "annabag25", "0", "42", "blue-lamp-x", "b1,c2", "{*}", "{slug}",
        "{id}", "phone+case", "%41bc", "x", "", "0e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b",
        "0123456789abcdef0123", "app.3f9a1c7e.js", "abc-12", "a.b", "caf\u00e9"};
    for (int i = 0; i < 50_000; i++) { // paths through the templates and off them
      StringBuilder sb = new StringBuilder(rnd.nextInt(30) == 0 ? "http://h" : "");
      int n = 1 + rnd.nextInt(5);
      for (int k = 0; k < n; k++) {
        sb.append('/').append(words[rnd.nextInt(words.length)]);
      }
      paths.add(sb.toString());
    }
    for (int i = 0; i < 50_000; i++) {
      StringBuilder sb = new StringBuilder(rnd.nextInt(10) == 0 ? "" : "/static");
      sb.append(rnd.nextInt(20) == 0 ? "://h/" : "/");
      int n = rnd.nextInt(6);
      for (int k = 0; k < n; k++) {
        sb.append(parts[rnd.nextInt(parts.length)]);
        if (k < n - 1) {
          sb.append(glue[rnd.nextInt(glue.length)]);
        }
      }
      sb.append('.').append(ext[rnd.nextInt(ext.length)]);
      paths.add(sb.toString());
    }
    for (String path : paths) {
      assertThat(g.requestGroup("GET", folded(g, path)))
          .as(path)
          .isEqualTo(g.requestGroup("GET", path));
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
        if (c >= '0' && c <= '9' || c == '%' || c == '\\' || c == ':') {
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
