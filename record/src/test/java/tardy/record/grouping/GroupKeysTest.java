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

  /** Ill-formed requests on and beside the lookups where the rare test's branch is taken anyway. */
  @Test
  void illFormedRequestsGetTheirGroupOnTheRareBranchsPeriod() {
    int period = tardy.events.RareBranch.PERIOD;
    for (int n = 1; n <= 3 * period + 2; n++) {
      int fromPeriod = n % period;
      if (fromPeriod == 0 && n / period % 2 == 0 || fromPeriod == 1) { // on the period: both
        String group = keys.request(new RequestEvent().reset(new byte[] {'x'}));
        assertThat(group).as("lookup %d", n).isEqualTo(Grouping.INVALID_REQUEST);
      } else {
        assertThat(request("GET", "/health")).as("lookup %d", n).isEqualTo("GET /health");
      }
    }
    assertThat(resolved).containsExactlyInAnyOrder(Grouping.INVALID_REQUEST, "GET /health");
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

  /**
   * Where templates fold file names by extension and names by their cousins, the recorder folds
   * raw paths into the placeholders' text: every request still gets the group of its path,
   * whichever spelling of it was looked up first.
   */
  @Test
  void foldedFileNamesAndNamesGetTheGroupOfTheirPath() {
    java.util.Map<String, Long> sample = new java.util.LinkedHashMap<>();
    String[] dirs = {"/static/page/article/", "/static/page/search/", "/files/", "/wap/js/"};
    String[] names = {"index", "a", "Report_2019", "x-y-z", "common", "%D8%B9-%D8%B1", "b.min"};
    String[] extensions = {"js", "css", "pdf", "PNG", "tar.gz"};
    for (String dir : dirs) {
      for (String name : names) {
        for (String extension : extensions) {
          sample.merge("GET " + dir + name + "." + extension, 1L, Long::sum);
        }
      }
    }
    for (String category : new String[] {"sports", "food", "travel"}) {
      sample.put("GET /blog/" + category + "/", 20L);
      for (int i = 0; i < 3; i++) {
        String slug = "how-to-pick-" + category + "-" + (char) ('a' + i);
        sample.put("GET /blog/" + category + "/" + slug + "/", 1L);
      }
    }
    SampledGrouping grouping = SampledGrouping.of(GroupingMode.INFER, sample, 100);
    GroupKeys<String> recorder = new GroupKeys<>(grouping, name -> name);
    Random rnd = new Random(5);
    String[] tails = {"js", "css", "pdf", "PNG", "gz", "txt", "", "j", "{name}.js"};
    String[] prefixes = {"/static/page/article/", "/static/page/", "/files/", "/wap/js/",
        "/blog/food/", "/blog/new/", "/x/"};
    for (int i = 0; i < 20_000; i++) {
      String name = names[rnd.nextInt(names.length)] + (rnd.nextBoolean() ? "" : rnd.nextInt(99));
      String tail = tails[rnd.nextInt(tails.length)];
      String path = prefixes[rnd.nextInt(prefixes.length)] + name
          + (tail.isEmpty() ? "/" : tail.startsWith("{") ? "/" + tail : "." + tail);
      String expected = grouping.requestGroup("GET", path);
      String got = requestOf(recorder, path);
      assertThat(got).as(path).isEqualTo(expected);
    }
    assertThat(grouping.requestGroup("GET", "/files/Report_2020.pdf"))
        .isEqualTo("GET /files/{name}.pdf");
    assertThat(grouping.requestGroup("GET", "/blog/food/how-to-pick-a-pear/"))
        .isEqualTo("GET /blog/food/{slug}/");
  }

  /**
   * Where an extension's files fold over a subtree ({@code /static/{path}.png}), the recorder
   * folds any depth of path below into that text, except a heavy file that keeps its row, and
   * leaves what the template would not fold (an address, another extension, a page) as it is.
   */
  @Test
  void filesFoldedOverASubtreeGetTheGroupOfTheirPath() {
    java.util.Map<String, Long> sample = new java.util.LinkedHashMap<>();
    String[] dirs = {"/static/img/", "/static/img/amp/", "/static/img/amp/third-party/",
        "/static/fonts/", "/static/"};
    for (int d = 0; d < dirs.length; d++) {
      sample.put("GET " + dirs[d] + "icon" + d + ".png", 1L);
      sample.put("GET " + dirs[d] + "logo-" + d + ".png", 6L);
    }
    sample.put("GET /static/img/hero.png", 400L); // heavy: its own row
    sample.put("GET /static/app.js", 30L);
    sample.put("GET /about/team", 3L);
    SampledGrouping grouping = SampledGrouping.of(GroupingMode.INFER, sample, 100);
    GroupKeys<String> recorder = new GroupKeys<>(grouping, name -> name);
    Random rnd = new Random(9);
    String[] parts = {"static", "img", "amp", "x", "third-party", "hero.png", "a@b.png",
        "new.png", "p.PNG", "q.js", "{name}.png", "{path}.png", "7", "e8f3a9c2d1b0e4f5a6b7"};
    for (int i = 0; i < 20_000; i++) {
      StringBuilder path = new StringBuilder(rnd.nextInt(4) == 0 ? "" : "/static");
      for (int n = rnd.nextInt(4); n >= 0; n--) {
        path.append('/').append(parts[rnd.nextInt(parts.length)]);
      }
      String expected = grouping.requestGroup("GET", path.toString());
      assertThat(requestOf(recorder, path.toString())).as(path.toString()).isEqualTo(expected);
    }
    assertThat(grouping.requestGroup("GET", "/static/img/amp/new-icon.png"))
        .isEqualTo("GET /static/{path}.png");
    assertThat(grouping.requestGroup("GET", "/static/img/hero.png"))
        .isEqualTo("GET /static/img/hero.png");
  }

  /**
   * A key the inferred grouping folds only by its file name (a build hash) is cached as logged
   * once it comes back, so later requests skip the fold; a name met once (a fresh hash per
   * request) and a path with an id are never cached as logged. Every request keeps its group.
   */
  @Test
  void aRepeatedBuildHashIsCachedAsLoggedAndAFreshOneIsNot() {
    java.util.Map<String, Long> sample = new java.util.LinkedHashMap<>();
    sample.put("GET /static/js/app.3f9a1c2e.js", 50L);
    sample.put("GET /product/17", 10L);
    SampledGrouping grouping = SampledGrouping.of(GroupingMode.INFER, sample, 100);
    List<String> names = new ArrayList<>();
    GroupKeys<String> recorder = new GroupKeys<>(grouping, name -> {
      names.add(name);
      return name;
    });
    String asset = "/static/js/app.b04e77d1.js";
    String expected = grouping.requestGroup("GET", asset);
    assertThat(expected).isNotEqualTo("GET " + asset); // the grouping folds the hash
    for (int i = 0; i < 10; i++) {
      assertThat(requestOf(recorder, asset + (i % 2 == 0 ? "" : "?v=" + i))).isEqualTo(expected);
    }
    assertThat(recorder.cachedAsLogged).isEqualTo(1);
    Random rnd = new Random(13);
    for (int i = 0; i < 2_000; i++) {
      String fresh = String.format(java.util.Locale.ROOT, "/static/js/app.%08x.js", rnd.nextInt());
      assertThat(requestOf(recorder, fresh)).isEqualTo(grouping.requestGroup("GET", fresh));
      String id = "/product/" + (1000 + i % 7);
      assertThat(requestOf(recorder, id)).isEqualTo(grouping.requestGroup("GET", id));
    }
    assertThat(recorder.cachedAsLogged).isEqualTo(1);
    assertThat(names).contains(expected);
  }

  private String requestOf(GroupKeys<String> recorder, String target) {
    byte[] b = ("x \"GET " + target + " HTTP/1.1\" 200").getBytes(StandardCharsets.UTF_8);
    return recorder.request(new RequestEvent().reset(b).request(3, 6, 7, 7 + target.length()));
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
