package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The error status codes per operation, in JSON, the table and CSV, against the codes counted
 * straight from the log's lines (a split on spaces: the field after the request's quote).
 */
class StatusCodesCliTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path SHOP = ROOT.resolve("samples/shop-access.log");
  /** Real traffic of imooc.com (lihaogm/spark-analyse-log, commit 7940b10): 101, 4xx and 502. */
  private static final Path IMOOC = Path.of(
      "/work/shared/corpus/access/lihaogm_spark-analyse-log/10000_access.log");
  private static final String IMOOC_FORMAT = "$remote_addr - $remote_user [$time_local]"
      + " \"$request\" $status $body_bytes_sent \"$host\" \"$http_referer\" $request_body"
      + " \"$http_user_agent\" \"$http_x_forwarded_for\" $upstream_addr $upstream_status"
      + " $upstream_response_time $request_time";

  /** Error codes (400 to 599) of the lines, by code: the field after the quoted request. */
  private static Map<String, Long> countedInTheLog(Path log) throws IOException {
    Map<String, Long> codes = new TreeMap<>();
    for (String line : Files.readAllLines(log)) {
      int close = line.indexOf("\" ", line.indexOf('"') + 1);
      if (close < 0) {
        continue; // a line no format reads: counted malformed by tardy, and here not at all
      }
      String status = line.substring(close + 2).split(" ")[0];
      if (status.matches("[45][0-9][0-9]")) {
        codes.merge(status, 1L, Long::sum);
      }
    }
    return codes;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Long> codesOf(Map<String, Object> group) {
    Map<String, Long> out = new TreeMap<>();
    ((Map<String, Object>) group.get("status_codes"))
        .forEach((code, n) -> out.put(code, ((Number) n).longValue()));
    return out;
  }

  @SuppressWarnings("unchecked")
  private static void totalAndGroupsAgreeWithTheLog(Map<String, Object> doc, Map<String, Long> expected) {
    Map<String, Object> total = ((List<Map<String, Object>>) doc.get("totals")).get(0);
    assertThat(codesOf(total)).isEqualTo(expected);
    Map<String, Long> summed = new TreeMap<>();
    for (Map<String, Object> g : (List<Map<String, Object>>) doc.get("groups")) {
      codesOf(g).forEach((code, n) -> summed.merge(code, n, Long::sum));
      long fourXx = ((Number) ((Map<String, Object>) g.get("status")).get("4xx")).longValue();
      long fiveXx = ((Number) ((Map<String, Object>) g.get("status")).get("5xx")).longValue();
      long codes4 = codesOf(g).entrySet().stream().filter(e -> e.getKey().startsWith("4"))
          .mapToLong(Map.Entry::getValue).sum();
      long codes5 = codesOf(g).entrySet().stream().filter(e -> e.getKey().startsWith("5"))
          .mapToLong(Map.Entry::getValue).sum();
      assertThat(codes4).as(g.get("key") + " 4xx").isEqualTo(fourXx);
      assertThat(codes5).as(g.get("key") + " 5xx").isEqualTo(fiveXx);
    }
    assertThat(summed).isEqualTo(expected);
  }

  @Test
  void theShopSampleCodesAreTheLogsCodes() throws IOException {
    Map<String, Long> expected = countedInTheLog(SHOP);
    assertThat(expected).containsKeys("404", "499", "500", "502", "503", "504");
    totalAndGroupsAgreeWithTheLog(Cli.json("report", SHOP.toString(), "--format", "json"), expected);
    totalAndGroupsAgreeWithTheLog(
        Cli.json("report", SHOP.toString(), "--format", "json", "--threads", "2"), expected);
  }

  @Test
  void aRealLogsCodesAreItsLinesCodes() throws IOException {
    Assumptions.assumeTrue(Files.exists(IMOOC), IMOOC + " not in the corpus");
    Map<String, Long> expected = countedInTheLog(IMOOC);
    assertThat(expected).containsKeys("400", "404", "499", "502");
    totalAndGroupsAgreeWithTheLog(Cli.json("report", IMOOC.toString(), "--format", "json",
        "--log-format", IMOOC_FORMAT), expected);
  }

  @Test
  void theTableNamesTheCodesThatMatterFirst() {
    Cli.Result r = Cli.run("report", SHOP.toString());
    String total = r.out().lines().dropWhile(l -> !l.startsWith("Responses by status"))
        .filter(l -> l.startsWith("(total)")).findFirst().orElseThrow();
    // 499 and the 5xx before 404, which has more answers but says less of what went wrong
    assertThat(total).endsWith("  499:13 502:8 500:3 503:3 +2");
  }

  @Test
  void csvHasEveryCode() throws IOException {
    Cli.Result r = Cli.run("report", SHOP.toString(), "--format", "csv");
    List<String> rows = r.out().lines().toList();
    assertThat(rows.get(0)).endsWith(",error_codes,interval_start_ms");
    Map<String, Long> summed = new TreeMap<>();
    for (String row : rows.subList(1, rows.size())) {
      String[] fields = row.split(",", -1); // the key has no comma in this log
      String last = fields[fields.length - 2];
      for (String entry : last.isEmpty() ? new String[0] : last.split(" ")) {
        String[] codeAndCount = entry.split(":");
        summed.merge(codeAndCount[0], Long.parseLong(codeAndCount[1]), Long::sum);
      }
    }
    assertThat(summed).isEqualTo(countedInTheLog(SHOP));
  }
}
