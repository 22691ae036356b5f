package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --exclude-* in hlog, compare and --follow: the requests left out are the lines a plain read of
 * the log says match, counted in each command's accounting, as report counts them.
 */
class ExcludeEveryCommandTest {

  private static final Path SHOP = Path.of("..").toAbsolutePath().normalize()
      .resolve("samples/shop-access.log");
  private static final Path NGINX = Path.of("..").toAbsolutePath().normalize()
      .resolve("samples/access-nginx.log");

  /** Lines of {@code log} whose status field (after the quoted request) is {@code status}. */
  private static long linesWithStatus(Path log, String status) throws IOException {
    return Files.readAllLines(log).stream().filter(l -> {
      int close = l.indexOf("\" ", l.indexOf('"') + 1);
      return close > 0 && l.substring(close + 2).startsWith(status + " ");
    }).count();
  }

  /** Values recorded in an .hlog's untagged lines, summed from HdrHistogram's own reading. */
  private static long hlogCount(Path hlog) throws IOException {
    long n = 0;
    try (var reader = new org.HdrHistogram.HistogramLogReader(hlog.toFile())) {
      org.HdrHistogram.EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        if (h.getTag() == null) {
          n += ((org.HdrHistogram.AbstractHistogram) h).getTotalCount();
        }
      }
    }
    return n;
  }

  @Test
  void hlogLeavesOutTheMatchedRequestsAndSaysHowMany(@TempDir Path dir) throws IOException {
    long notFound = linesWithStatus(SHOP, "404");
    assertThat(notFound).isPositive();
    Path all = dir.resolve("all.hlog");
    Path some = dir.resolve("some.hlog");
    assertThat(Cli.run("hlog", SHOP.toString(), "-o", all.toString()).code()).isZero();
    Cli.Result r = Cli.run("hlog", SHOP.toString(), "-o", some.toString(), "--exclude-status", "404");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(hlogCount(some)).isEqualTo(hlogCount(all) - notFound);
    String note = "Requests left out on purpose (--exclude-status 404): " + notFound + " lines";
    assertThat(r.err()).contains("tardy hlog: " + note);
    assertThat(Files.readString(some)).contains("#[" + note);
    assertThat(Files.readString(all)).doesNotContain("left out");
  }

  @Test
  void compareLeavesThemOutOnBothSides() throws IOException {
    long before = linesWithStatus(NGINX, "404");
    long after = linesWithStatus(SHOP, "404");
    assertThat(before).isPositive();
    assertThat(after).isPositive();
    Cli.Result r = Cli.run("compare", "--before", NGINX.toString(), "--after", SHOP.toString(),
        "--exclude-status", "404");
    assertThat(r.code()).as(r.err()).isZero();
    long nginxLines = Files.readAllLines(NGINX).size();
    assertThat(r.out()).contains("before: 1 input, " + nginxLines + " lines, "
        + (nginxLines - before) + " parsed, " + before + " left out by --exclude-*");
    assertThat(r.out()).contains(", " + after + " left out by --exclude-*");
    Object doc = JsonLines.document(Cli.run("compare", "--before", NGINX.toString(), "--after",
        SHOP.toString(), "--exclude-status", "404", "--format", "json").out());
    assertThat(JsonLines.at(doc, "before", "inputs", 0, "ignored")).isEqualTo(before);
    assertThat(JsonLines.at(doc, "after", "inputs", 0, "ignored")).isEqualTo(after);
    assertThat(Cli.run("compare", "--before", NGINX.toString(), "--after", SHOP.toString()).out())
        .doesNotContain("left out");
  }

  @Test
  void followCountsThemInTheLiveAccounting() throws IOException {
    byte[] log = Files.readAllBytes(SHOP);
    long notFound = linesWithStatus(SHOP, "404");
    Cli.Result r = Cli.run(log, "report", "--follow", "-", "--refresh", "100ms",
        "--exclude-status", "404");
    assertThat(r.code()).as(r.err()).isZero();
    List<Object> docs = JsonLines.parse(r.out());
    Object last = docs.get(docs.size() - 1);
    long lines = Files.readAllLines(SHOP).size();
    assertThat(JsonLines.at(last, "since_start", "inputs", 0, "lines")).isEqualTo(lines);
    assertThat(JsonLines.at(last, "since_start", "inputs", 0, "parsed")).isEqualTo(lines - notFound);
    assertThat(JsonLines.at(last, "since_start", "inputs", 0, "ignored")).isEqualTo(notFound);
    // the batch report leaving out the same requests has the same totals
    Cli.Result batch = Cli.run(log, "report", "--format", "json", "-", "--exclude-status", "404");
    Object whole = JsonLines.parse(batch.out().replace("\n", " ")).get(0);
    assertThat(JsonLines.at(last, "since_start", "totals")).isEqualTo(JsonLines.at(whole, "totals"));
  }

  @Test
  void aSavedResultCannotLeaveRequestsOut(@TempDir Path dir) {
    Path saved = dir.resolve("run.tardy");
    assertThat(Cli.run("report", SHOP.toString(), "--save", saved.toString(), "--format", "json",
        "-o", dir.resolve("r.json").toString()).code()).isZero();
    Cli.Result r = Cli.run("compare", "--before", saved.toString(), "--after", SHOP.toString(),
        "--exclude-status", "404");
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).contains("a saved result holds histograms, not requests");
  }
}
