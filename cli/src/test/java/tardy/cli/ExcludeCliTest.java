package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * --exclude-*: what they leave out is the lines that a plain read of the log says match, every
 * one counted in the accounting with its reason, and the report's counts drop by as many.
 */
class ExcludeCliTest {

  private static final Path SHOP = Path.of("..").toAbsolutePath().normalize()
      .resolve("samples/shop-access.log");

  /** Lines whose status field (after the quoted request) is {@code status}. */
  private static long linesWithStatus(String status) throws IOException {
    return Files.readAllLines(SHOP).stream().filter(l -> {
      int close = l.indexOf("\" ", l.indexOf('"') + 1);
      return close > 0 && l.substring(close + 2).startsWith(status + " ");
    }).count();
  }

  /** Lines whose request's path (before any query) starts with {@code prefix}. */
  private static long linesWithPathPrefix(String method, String prefix) throws IOException {
    return Files.readAllLines(SHOP).stream().filter(l -> {
      int open = l.indexOf('"');
      String[] request = l.substring(open + 1, l.indexOf('"', open + 1)).split(" ");
      return request.length > 1 && (method == null || request[0].equals(method))
          && request[1].split("\\?")[0].startsWith(prefix);
    }).count();
  }

  @SuppressWarnings("unchecked")
  private static long totalCount(Map<String, Object> doc) {
    return ((Number) ((List<Map<String, Object>>) doc.get("totals")).get(0).get("count")).longValue();
  }

  @Test
  void aStatusLeftOutIsCountedWithItsReason() throws IOException {
    long expected = linesWithStatus("404");
    assertThat(expected).isPositive();
    long all = totalCount(Cli.json("report", SHOP.toString(), "--format", "json"));
    Map<String, Object> doc = Cli.json("report", SHOP.toString(), "--format", "json",
        "--exclude-status", "404");
    assertThat(totalCount(doc)).isEqualTo(all - expected);
    Cli.Result table = Cli.run("report", SHOP.toString(), "--exclude-status", "404");
    assertThat(table.out()).contains("ignored   excluded by --exclude-status 404: " + expected + " (lines")
        .contains("Requests left out on purpose (--exclude-status 404): " + expected + " lines");
  }

  @Test
  @SuppressWarnings("unchecked")
  void pathsAndMethodsAreLeftOutByTheirOwnReasons() throws IOException {
    String path = Files.readAllLines(SHOP).stream().map(l -> l.split("\"")[1].split(" ")[1])
        .filter(p -> p.chars().filter(c -> c == '/').count() >= 1).findFirst().orElseThrow();
    String prefix = path.substring(0, path.indexOf('/', 1) > 0 ? path.indexOf('/', 1) + 1 : path.length());
    long byPath = linesWithPathPrefix(null, prefix);
    long posts = linesWithPathPrefix("POST", "/");
    long both = linesWithPathPrefix("POST", prefix);
    Cli.Result r = Cli.run("report", SHOP.toString(), "--exclude-method", "post",
        "--exclude-path", prefix + "**", "--format", "json");
    assertThat(r.code()).isZero();
    long all = totalCount(Cli.json("report", SHOP.toString(), "--format", "json"));
    // a line matching both is counted once, under the method (the first test that matches)
    assertThat(totalCount((Map<String, Object>) JsonLines.document(r.out())))
        .isEqualTo(all - posts - (byPath - both));
    Cli.Result table = Cli.run("report", SHOP.toString(), "--exclude-method", "POST",
        "--exclude-path", prefix + "**");
    if (posts > 0) {
      assertThat(table.out()).contains("excluded by --exclude-method POST: " + String.format(
          java.util.Locale.ROOT, "%,d", posts));
    }
  }

  @Test
  void badValuesAreUsageErrorsBeforeAnyRead() {
    assertThat(Cli.run("report", SHOP.toString(), "--exclude-status", "abc").code()).isEqualTo(2);
    assertThat(Cli.run("report", SHOP.toString(), "--exclude-status", "700").code()).isEqualTo(2);
    assertThat(Cli.run("report", SHOP.toString(), "--exclude-path", "ws").code()).isEqualTo(2);
    assertThat(Cli.run("report", SHOP.toString(), "--exclude-method", "GE T").code()).isEqualTo(2);
  }

  @Test
  void withoutThemTheOutputIsAsBefore() {
    Cli.Result plain = Cli.run("report", SHOP.toString());
    assertThat(plain.out()).doesNotContain("excluded by").doesNotContain("left out on purpose");
  }
}
