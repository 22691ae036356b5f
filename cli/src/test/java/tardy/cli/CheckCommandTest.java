package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.formats.Formats;

/** {@code tardy check} through the whole CLI: exit codes 0, 1 and 2, and the shop sample. */
class CheckCommandTest {

  static final String LOG = String.join("\n",
      line("GET /product/1", 0.050), line("GET /product/2", 0.060), line("GET /product/3", 0.070),
      line("GET /product/4", 0.080), line("GET /product/5", 0.090), line("GET /product/6", 0.095),
      line("GET /product/7", 0.050), line("GET /product/8", 0.050), line("GET /product/9", 0.050),
      line("GET /product/10", 0.100), line("GET /other", 9.000)) + "\n";

  static String line(String request, double seconds) {
    return "82.192.41.11 - - [04/Dec/2013:12:16:11 +0200] \"" + request + " HTTP/1.1\" 200 35 \"-\""
        + " \"Mozilla/5.0\" " + String.format(java.util.Locale.ROOT, "%.3f", seconds);
  }

  static Path write(Path dir, String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  static void assumeNginxFormats() {
    assumeTrue(Formats.byName("combined").isPresent(),
        "the nginx 'combined' format is not in this build yet; end-to-end check skipped");
  }

  @Test
  void exitZeroWhenEveryBudgetHolds(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path sla = write(dir, "sla.yaml", "operations:\n  - name: Browse\n    request: GET /product/{id}\n"
        + "    category: instant\n");
    Cli.Result r = Cli.run("check", "--requirements", sla.toString(), write(dir, "a.log", LOG).toString());
    assertThat(r.err()).isEmpty();
    assertThat(r.code()).isEqualTo(ExitCodes.OK);
    assertThat(r.out()).contains("Browse", "PASS", "p90 ≤ 100ms").endsWith("PASS: no budget failed (1 judged)\n");
  }

  @Test
  void exitOneWhenABudgetFails(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path sla = write(dir, "sla.yaml", "operations:\n  - name: Browse\n    request: GET /product/{id}\n"
        + "    category: instant\nunmatched: { category: instant, budgets: { max: 1s } }\n");
    Cli.Result r = Cli.run("check", "--requirements", sla.toString(), "--format", "json",
        write(dir, "a.log", LOG).toString());
    assertThat(r.code()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(r.out()).contains("\"verdict\" : \"fail\"", "\"key\" : \"GET /other\"");
  }

  @Test
  void requirementsAreCheckedBeforeAnyInputIsOpened(@TempDir Path dir) throws IOException {
    Path sla = write(dir, "sla.yaml", "operations:\n  - name: a\n    request: GET /a\n    category: fast\n"
        + "    budgets: { p99: soon }\n");
    Cli.Result r = Cli.run("check", "--requirements", sla.toString(), "/nonexistent/access.log");
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).isEqualTo("tardy: " + sla + ":4:15: unknown category 'fast' (known: instant,"
        + " seamless, attention, slow)\n" + sla + ":5:21: p99: 'soon' is not a duration: write a number"
        + " and a unit (ns, us, ms, s, m, h), e.g. 250ms or 1.5s\n");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void aMissingRequirementsFileOrOptionIsExitTwo(@TempDir Path dir) {
    Cli.Result missing = Cli.run("check", "--requirements", dir.resolve("nope.yaml").toString(), "x.log");
    assertThat(missing.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(missing.err()).isEqualTo("tardy: " + dir.resolve("nope.yaml") + ": no such file\n");
    Cli.Result noOption = Cli.run("check", "x.log");
    assertThat(noOption.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(noOption.err()).contains("--requirements");
  }

  @Test
  void theShopSampleFailsBrowseCartAndSearch(@TempDir Path dir) throws IOException {
    assumeNginxFormats();
    Path root = Path.of("..").toAbsolutePath().normalize();
    String log = root.resolve("samples/shop-access.log").toString();
    String sla = root.resolve("samples/shop-requirements.yaml").toString();
    Cli.Result r = Cli.run("check", log, "--requirements", sla);
    assertThat(r.code()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(r.out()).contains("FAIL: 3 of 5 failed: Browse products, Search product, Add product to a shopping cart");

    Path html = dir.resolve("report.html");
    assertThat(Cli.run("check", log, "--requirements", sla, "--format", "html", "--output", html.toString())
        .code()).isEqualTo(ExitCodes.BUDGET_FAILED);
    Document doc = Jsoup.parse(Files.readString(html));
    assertThat(doc.select("tbody td:first-child").eachText()).contains("Browse products",
        "Add product to a shopping cart", "Search product", "Register new account", "Generate PDF invoice");
    assertThat(doc.select("script")).hasSize(1); // the page's own: sorting and the filter box
    assertThat(doc.select("svg")).hasSizeGreaterThanOrEqualTo(5);
  }
}
