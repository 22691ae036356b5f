package tardy.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The canonical spelling against nginx's own escapings, written here from nginx's source
 * (ngx_http_log_escape for escape=default, ngx_escape_json for escape=json), on random bytes: a
 * request spelled by any of them is spelled back as escape=default spells it, and decodes to the
 * client's bytes.
 */
class RequestSpellingTest {

  /** escape=default: {@code "}, {@code \}, bytes below 0x20 and from 0x7F as {@code \xHH}. */
  static byte[] escapeDefault(byte[] raw) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte b : raw) {
      int c = b & 0xff;
      if (c < 0x20 || c == '"' || c == '\\' || c >= 0x7f) {
        out.writeBytes(String.format(Locale.ROOT, "\\x%02X", c).getBytes(StandardCharsets.US_ASCII));
      } else {
        out.write(c);
      }
    }
    return out.toByteArray();
  }

  /** escape=json: {@code \"}, {@code \\}, {@code \n \r \t \b \f}, other controls as code points. */
  static byte[] escapeJson(byte[] raw) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte b : raw) {
      int c = b & 0xff;
      String s = switch (c) {
        case '"' -> "\\\"";
        case '\\' -> "\\\\";
        case '\n' -> "\\n";
        case '\r' -> "\\r";
        case '\t' -> "\\t";
        case '\b' -> "\\b";
        case '\f' -> "\\f";
        default -> c < 0x20 ? String.format(Locale.ROOT, "\\u%04x", c) : null;
      };
      if (s == null) {
        out.write(c); // bytes from 0x7F as they came
      } else {
        out.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
      }
    }
    return out.toByteArray();
  }

  private static String canonical(byte[] logged) {
    return canonical(logged, false);
  }

  private static String canonical(byte[] logged, boolean asSent) {
    byte[] out = new byte[RequestSpelling.maxCanonicalLength(logged.length)];
    int n = RequestSpelling.canonical(logged, 0, logged.length, out, 0, asSent);
    return new String(out, 0, n, StandardCharsets.ISO_8859_1);
  }

  private static String latin1(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  /** Client bytes: mostly a path's, with quotes, backslashes, controls, UTF-8 and Latin-1. */
  private static byte[] request(Random rnd) {
    byte[] alphabet = "/ab09xX\\\"%?-u\t\n\001\177".getBytes(StandardCharsets.ISO_8859_1);
    byte[] b = new byte[rnd.nextInt(24)];
    for (int i = 0; i < b.length; i++) {
      b[i] = rnd.nextInt(4) == 0 ? (byte) rnd.nextInt(256) : alphabet[rnd.nextInt(alphabet.length)];
    }
    return b;
  }

  @Test
  void everyEscapingOfTheSameBytesIsSpelledAsEscapeDefaultSpellsThem() {
    Random rnd = new Random(19);
    for (int run = 0; run < 200_000; run++) {
      byte[] raw = request(rnd);
      byte[] def = escapeDefault(raw);
      byte[] json = escapeJson(raw);
      String what = latin1(raw);
      assertThat(canonical(def)).as(what).isEqualTo(latin1(def));
      assertThat(canonical(json)).as(what).isEqualTo(latin1(def));
      assertThat(canonical(raw, true)).as(what).isEqualTo(latin1(def)); // escape=none
      assertThat(RequestSpelling.isCanonical(def, 0, def.length, false)).as(what).isTrue();
      assertThat(RequestSpelling.isCanonical(json, 0, json.length, false)).as(what)
          .isEqualTo(java.util.Arrays.equals(json, def));
      assertThat(RequestSpelling.isCanonical(raw, 0, raw.length, true)).as(what)
          .isEqualTo(java.util.Arrays.equals(raw, def));
      assertThat(RequestSpelling.decode(latin1(def)))
          .isEqualTo(new String(raw, StandardCharsets.UTF_8));
      if (what.indexOf('\\') < 0) { // without a backslash, raw bytes read alike either way
        assertThat(canonical(raw)).as(what).isEqualTo(latin1(def));
      }
    }
  }

  /** Whatever the bytes, the spelling is canonical and spelling it again changes nothing. */
  @Test
  void anyBytesSpellCanonicallyOnceAndForAll() {
    Random rnd = new Random(23);
    for (int run = 0; run < 200_000; run++) {
      byte[] any = request(rnd);
      byte[] once = canonical(any).getBytes(StandardCharsets.ISO_8859_1);
      assertThat(RequestSpelling.isCanonical(once, 0, once.length, false)).as(latin1(any)).isTrue();
      assertThat(canonical(once)).as(latin1(any)).isEqualTo(latin1(once));
      for (boolean asSent : new boolean[] {false, true}) {
        assertThat(RequestSpelling.isCanonical(any, 0, any.length, asSent)).as(latin1(any))
            .isEqualTo(canonical(any, asSent).equals(latin1(any)));
      }
    }
  }

  @Test
  void jsonEscapesOtherProducersWrite() {
    assertThat(canonical("/caf\\u00e9".getBytes(StandardCharsets.US_ASCII))).isEqualTo("/caf\\xC3\\xA9");
    assertThat(canonical("/\\ud83d\\ude00".getBytes(StandardCharsets.US_ASCII)))
        .isEqualTo("/\\xF0\\x9F\\x98\\x80");
    assertThat(canonical("/\\ud83d".getBytes(StandardCharsets.US_ASCII))).isEqualTo("/\\xEF\\xBF\\xBD");
    assertThat(canonical("/a\\/b\\u0041".getBytes(StandardCharsets.US_ASCII))).isEqualTo("/a/bA");
    assertThat(canonical("/end\\".getBytes(StandardCharsets.US_ASCII))).isEqualTo("/end\\x5C");
  }

  @Test
  void decodingGivesWhatTheClientSent() {
    assertThat(RequestSpelling.decode("/caf\\xC3\\xA9")).isEqualTo("/café");
    assertThat(RequestSpelling.decode("/a\\x22b")).isEqualTo("/a\"b");
    assertThat(RequestSpelling.decode("/a\\xZZ")).isEqualTo("/a\\xZZ");
    assertThat(RequestSpelling.decode("/a\\x4")).isEqualTo("/a\\x4");
    assertThat(RequestSpelling.decode("/plain")).isEqualTo("/plain");
  }
}
