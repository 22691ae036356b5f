package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Corpus;

/**
 * The upstream (backend) time's count is the requests that had an upstream time, the samples
 * behind its percentiles, in the table, the HTML page and JSON ({@code upstream_count}); the
 * group's {@code count} stays its requests. Before, the upstream table showed the requests:
 * {@code HEAD /} of imooc.com's log 4,696, for one sample behind its percentiles.
 */
class UpstreamCountTest {

  @TempDir Path dir;

  /** The count column of the key's row in the table's "Upstream (backend) time" section. */
  private static long tableCount(String table, String key) {
    String section = table.substring(table.indexOf("Upstream (backend) time\n"));
    section = section.substring(0, section.indexOf("\n\n"));
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(key) + " +([0-9,]+) ").matcher(section);
    assertThat(m.find()).as(section).isTrue();
    return Long.parseLong(m.group(1).replace(",", ""));
  }

  /** The count cell of the key's row in the page's upstream table. */
  private static long htmlCount(String html, String key) {
    String table = html.substring(html.indexOf("<table class=\"sortable\" id=\"upstream\">"));
    table = table.substring(0, table.indexOf("</table>"));
    Matcher m = Pattern.compile(">" + Pattern.quote(key) + "</t[dh]><td data-v=\"(\\d+)\"")
        .matcher(table);
    assertThat(m.find()).as(table).isTrue();
    return Long.parseLong(m.group(1));
  }

  /** A group's "count" and "upstream_count" in the JSON report. */
  private static long[] jsonCounts(String json, String key) {
    Matcher m = Pattern.compile("\"key\" : \"" + Pattern.quote(key)
        + "\",\\s*\"family\" : \"request\",\\s*\"count\" : (\\d+),[^{}]*(?:\\{[^{}]*\\}[^{}]*)*?"
        + "\"upstream_count\" : (\\d+)").matcher(json);
    assertThat(m.find()).as(json).isTrue();
    return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
  }

  private void assertCounts(List<String> args, String key, long requests, long withUpstream)
      throws IOException {
    String[] table = args.toArray(String[]::new);
    Cli.Result t = Cli.run(table);
    assertThat(t.code()).as(t.err()).isZero();
    assertThat(tableCount(t.out(), key)).isEqualTo(withUpstream);
    Path page = dir.resolve("r.html");
    List<String> html = new java.util.ArrayList<>(args);
    html.addAll(List.of("--format", "html", "--output", page.toString()));
    assertThat(Cli.run(html.toArray(String[]::new)).code()).isZero();
    assertThat(htmlCount(Files.readString(page, StandardCharsets.UTF_8), key))
        .isEqualTo(withUpstream);
    List<String> json = new java.util.ArrayList<>(args);
    json.addAll(List.of("--format", "json"));
    Cli.Result j = Cli.run(json.toArray(String[]::new));
    assertThat(jsonCounts(j.out(), key)).containsExactly(requests, withUpstream);
  }

  /** Three requests of one operation, two of them with an upstream time. */
  @Test
  void aRequestWithoutAnUpstreamTimeIsNotCounted() throws IOException {
    String head = "10.0.0.1 - - [24/Nov/2026:03:08:1";
    Path log = Files.writeString(dir.resolve("access.log"),
        head + "5 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"curl\" 0.012 0.010\n"
            + head + "6 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"curl\" 0.025 0.020\n"
            + head + "7 +0000] \"GET /a HTTP/1.1\" 301 0 \"-\" \"curl\" 0.001 -\n");
    assertCounts(List.of("report", "--log-format", "combined-upstream", log.toString()), "GET /a",
        3, 2);
  }

  /**
   * imooc.com's real log (10,000 requests, 4,696 of them {@code HEAD /} health checks answered
   * by nginx itself): the upstream time, the last field but one, is "-" on all but one of them.
   */
  @Test
  void theHealthChecksOfARealLog() throws IOException {
    Path log = Corpus.require("access").resolve("lihaogm_spark-analyse-log/10000_access.log");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(log), log + " not in the corpus");
    long heads = 0;
    long headsWithUpstream = 0;
    long withUpstream = 0;
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    for (String line : lines) {
      String[] fields = line.split(" ");
      boolean upstream = !fields[fields.length - 2].equals("-");
      withUpstream += upstream ? 1 : 0;
      if (line.contains("\"HEAD / HTTP/")) {
        heads++;
        headsWithUpstream += upstream ? 1 : 0;
      }
    }
    assertThat(heads).isEqualTo(4696);
    String format = "$remote_addr - $remote_user [$time_local] \"$request\" $status"
        + " $body_bytes_sent \"$host\" \"$http_referer\" $request_body \"$http_user_agent\""
        + " \"$http_x_forwarded_for\" $upstream_addr $upstream_status $upstream_response_time"
        + " $request_time";
    List<String> args = List.of("report", "--log-format", format, log.toString());
    assertCounts(args, "HEAD /", heads, headsWithUpstream);
    assertCounts(args, "(total)", lines.size(), withUpstream);
  }
}
