package tardy.record.grouping;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.events.RequestEvent;

/**
 * The group lookup: a request's "METHOD path" is looked up as the line has it first, then folded;
 * whichever way a key is found, every request gets the group the grouping gives its path.
 */
class GroupKeysTest {

  private final List<String> resolved = new ArrayList<>();
  private final GroupKeys<String> keys = new GroupKeys<>(Grouping.DEFAULT, name -> {
    resolved.add(name);
    return name;
  });

  /** A request as {@code "METHOD target PROTO"} inside a line: method and path side by side. */
  private String request(String method, String target) {
    byte[] b = ("x \"" + method + ' ' + target + " HTTP/1.1\" 200").getBytes(StandardCharsets.UTF_8);
    int methodFrom = 3;
    int targetFrom = methodFrom + method.length() + 1;
    return keys.request(new RequestEvent().reset(b)
        .request(methodFrom, targetFrom - 1, targetFrom, targetFrom + target.length()));
  }

  /** The same from separate fields ({@code $request_method}, {@code $uri}): not side by side. */
  private String fields(String method, String target) {
    byte[] b = (method + " \"x\" " + target).getBytes(StandardCharsets.UTF_8);
    int targetFrom = method.length() + 5;
    return keys.request(new RequestEvent().reset(b)
        .request(0, method.length(), targetFrom, targetFrom + target.length()));
  }

  @Test
  void aPathWithoutIdsIsResolvedOnce() {
    assertThat(request("GET", "/health")).isEqualTo("GET /health");
    assertThat(request("GET", "/health?verbose=1")).isEqualTo("GET /health");
    assertThat(fields("GET", "/health")).isEqualTo("GET /health");
    assertThat(request("POST", "/health")).isEqualTo("POST /health");
    assertThat(resolved).containsExactly("GET /health", "POST /health");
  }

  @Test
  void aRawKeyEqualToAFoldedOneGetsItsGroup() {
    assertThat(request("GET", "/product/123")).isEqualTo("GET /product/{id}");
    assertThat(request("GET", "/product/0")).isEqualTo("GET /product/{id}");
    assertThat(request("GET", "/product/77?x=1")).isEqualTo("GET /product/{id}");
    assertThat(resolved).hasSize(1);
  }

  @Test
  void everyRequestGetsTheGroupOfItsPathWhateverWasLookedUpBefore() {
    Random rnd = new Random(3);
    String[] parts = {"/a", "/0", "/12", "/b2", "/x-1", "/00000000-0000-0000-0000-000000000000",
        "/0e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b", "/%20", "/7%2F8", ".js", "/v1", "/0/0"};
    for (int i = 0; i < 5_000; i++) {
      StringBuilder path = new StringBuilder();
      for (int n = rnd.nextInt(4); n >= 0; n--) {
        path.append(parts[rnd.nextInt(parts.length)]);
      }
      String method = rnd.nextBoolean() ? "GET" : "PUT";
      String expected = Grouping.DEFAULT.requestGroup(method, path.toString());
      String got = rnd.nextBoolean() ? request(method, path.toString()) : fields(method, path.toString());
      assertThat(got).as(path.toString()).isEqualTo(expected);
    }
  }

  /**
   * The same client bytes logged three ways (escape=default, escape=json, escape=none): one name,
   * the one the sample's key ({@link GroupKeys#requestKey}) gives through the grouping, for a
   * grouping that folds ids and one that keeps paths as they are.
   */
  @Test
  void theSampleAndTheRecorderNameARequestAlikeWhateverItsSpelling() {
    Random rnd = new Random(17);
    byte[] alphabet = "/ab7-\\\"%x2\t\001\177".getBytes(StandardCharsets.ISO_8859_1);
    for (Grouping grouping : List.of(Grouping.DEFAULT, tardy.record.grouping.SampledGrouping.of(
        tardy.record.grouping.GroupingMode.RAW, java.util.Map.of(), 0))) {
      GroupKeys<String> recorder = new GroupKeys<>(grouping, name -> name);
      for (int i = 0; i < 20_000; i++) {
        byte[] raw = new byte[1 + rnd.nextInt(16)];
        raw[0] = '/';
        for (int k = 1; k < raw.length; k++) {
          raw[k] = rnd.nextInt(5) == 0 ? (byte) rnd.nextInt(256)
              : alphabet[rnd.nextInt(alphabet.length)];
        }
        String name = null;
        for (int spelling = 0; spelling < 3; spelling++) {
          byte[] target = spelling == 0 ? canonical(raw, true) : spelling == 1 ? json(raw) : raw;
          byte[] line = new byte[4 + target.length];
          System.arraycopy("GET ".getBytes(StandardCharsets.US_ASCII), 0, line, 0, 4);
          System.arraycopy(target, 0, line, 4, target.length);
          RequestEvent e = new RequestEvent().reset(line).request(0, 3, 4, line.length);
          if (spelling == 2) {
            e.asSent();
          }
          String key = GroupKeys.requestKey(e);
          String sampled = grouping.requestGroup("GET",
              GroupKeys.rawKey(grouping, key).substring(4));
          String recorded = recorder.request(e);
          assertThat(recorded).as(key).isEqualTo(sampled);
          assertThat(recorded).as(key).isEqualTo(name == null ? recorded : name);
          name = recorded;
        }
      }
    }
  }

  private static byte[] canonical(byte[] b, boolean asSent) {
    byte[] out = new byte[tardy.events.RequestSpelling.maxCanonicalLength(b.length)];
    int n = tardy.events.RequestSpelling.canonical(b, 0, b.length, out, 0, asSent);
    return java.util.Arrays.copyOf(out, n);
  }

  /** escape=json: a quote, a backslash and control bytes escaped, everything else as it came. */
  private static byte[] json(byte[] raw) {
    StringBuilder s = new StringBuilder();
    for (byte b : raw) {
      int c = b & 0xff;
      s.append(c == '"' || c == '\\' ? "\\" + (char) c
          : c < 0x20 ? String.format(java.util.Locale.ROOT, "\\u%04x", c) : String.valueOf((char) c));
    }
    return s.toString().getBytes(StandardCharsets.ISO_8859_1);
  }
}
