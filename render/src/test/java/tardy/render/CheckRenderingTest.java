package tardy.render;

import tardy.render.registry.OutputFormat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import tardy.analysis.Analysis;

/** What each rendering of a check shows, and that hostile names reach none of them raw. */
class CheckRenderingTest {

  static final Analysis CHECK = CheckFixture.analysis();

  static String render(OutputFormat format, boolean colour) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    format.renderer(new View(colour, 0, 0, Sort.COUNT)).render(CHECK, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void tableShowsFailingRowsFirstBudgetsBelowAndTheVerdictLast() throws IOException {
    String table = render(OutputFormat.TABLE, false);
    List<String> lines = table.lines().toList();
    assertThat(lines.get(0)).isEqualTo("Requirements");
    assertThat(lines.get(1)).startsWith("requirement").contains("category", "p99.9", "verdict");
    assertThat(lines.get(2)).startsWith("Browse products").endsWith("FAIL");
    assertThat(lines.get(3)).isEqualTo("    p90 ≤ 100ms: 360ms, 260ms over; 150 of 200 over the limit");
    assertThat(table).contains("    p90 ≤ 10.0s: 400ms; needs 10 samples, has 5", "    apdex ");
    assertThat(table).contains("\\x1b[31mred").doesNotContain("\u001b");
    assertThat(lines.get(lines.size() - 1))
        .isEqualTo("FAIL: 3 of 6 failed: Browse products, =cmd|' /C calc'!A0, Young GC");
    assertThat(lines).filteredOn(l -> !l.startsWith("Note:"))
        .allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(100));
  }

  @Test
  void theHgrmGroupHeaderIsEscaped() throws IOException {
    assertThat(render(OutputFormat.HGRM, false)).doesNotContain("\u001b")
        .contains("#[Group: \\x1b[31mred]");
  }

  @Test
  void tableColoursOnlyWhenAsked() throws IOException {
    String colour = render(OutputFormat.TABLE, true);
    assertThat(colour).contains("\u001b[31mBrowse products").contains("\u001b[1;31mFAIL: 3 of 6");
    assertThat(colour).doesNotContain("\u001b[31mred"); // the hostile name stays escaped
  }

  @Test
  void csvHasOneRowPerGroupAndBudgetAndDefusesFormulas() throws IOException {
    String csv = render(OutputFormat.CSV, false);
    List<CSVRecord> rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get()
        .parse(new StringReader(csv)).getRecords();
    assertThat(rows).filteredOn(r -> r.get("key").equals("Browse products"))
        .extracting(r -> r.get("budget")).containsExactly("p90", "p99");
    assertThat(rows).filteredOn(r -> r.get("key").startsWith("GET /other"))
        .singleElement().satisfies(r -> assertThat(r.get("budget")).isEmpty());
    assertThat(rows).extracting(r -> r.get("key"))
        .contains("'=cmd|' /C calc'!A0", "\\x1b[31mred", CheckFixture.SCRIPT)
        .noneMatch(k -> k.startsWith("=") || k.contains("\u001b"));
    assertThat(rows).allSatisfy(r -> assertThat(r.get("count")).matches("[0-9]+"));
  }

  @Test
  void csvNeutralisesEveryFormulaStart() {
    for (String start : new String[] {"=", "+", "-", "@"}) {
      assertThat(tardy.render.csv.CsvRendererAccess.text(start + "1+1")).startsWith("'");
    }
    // control characters are written out as text first, so no cell starts with a tab or CR
    assertThat(tardy.render.csv.CsvRendererAccess.text("\t=1")).isEqualTo("\\x09=1");
    assertThat(tardy.render.csv.CsvRendererAccess.text("\r=1")).isEqualTo("\\x0d=1");
    assertThat(tardy.render.csv.CsvRendererAccess.text("GET /a")).isEqualTo("GET /a");
  }

  @Test
  void htmlIsSelfContainedAndShowsEveryRequirement() throws Exception {
    String html = render(OutputFormat.HTML, false);
    Document doc = Jsoup.parse(html);
    assertThat(doc.select("script")).hasSize(1); // the page's own, allowed by its hash below
    assertThat(html).doesNotContain(CheckFixture.SCRIPT).doesNotContain("\u001b");
    assertThat(doc.select("[src], link, iframe, object, embed")).isEmpty();
    assertThat(doc.select("[href]")).isEmpty();
    assertThat(html).doesNotContainPattern("(src|href)\\s*=\\s*\"?https?:");
    Element csp = doc.selectFirst("meta[http-equiv=Content-Security-Policy]");
    assertThat(csp).isNotNull();
    String script = doc.selectFirst("script").data();
    String hash = java.util.Base64.getEncoder().encodeToString(java.security.MessageDigest
        .getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8)));
    assertThat(csp.attr("content")).isEqualTo("default-src 'none'; style-src 'unsafe-inline';"
        + " img-src data:; script-src 'sha256-" + hash + "'; base-uri 'none'; form-action 'none'");
    // the verdict comes before the table
    Element verdict = doc.selectFirst(".verdict.fail");
    assertThat(verdict.text()).startsWith("FAIL: 3 of 6 failed");
    assertThat(verdict.elementSiblingIndex()).isLessThan(doc.selectFirst("table").elementSiblingIndex());
    List<String> names = doc.select("tbody tr td:first-child").eachText();
    assertThat(names).contains("Browse products", "Register", CheckFixture.SCRIPT, "\\x1b[31mred",
        CheckFixture.FORMULA, "Young GC");
    assertThat(doc.select("section h3").eachText()).contains(CheckFixture.SCRIPT, "Browse products");
  }

  @Test
  void htmlChartsDrawTheCurveAndEveryBudget() throws IOException {
    Document doc = Jsoup.parse(render(OutputFormat.HTML, false));
    Element browse = doc.select("section").stream()
        .filter(s -> s.selectFirst("h3").text().equals("Browse products")).findFirst().orElseThrow();
    Element svg = browse.selectFirst("svg");
    assertThat(svg.select("path.curve")).hasSize(1);
    assertThat(svg.select("line.budget")).hasSize(2);
    assertThat(svg.select("text").eachText()).contains("0%", "90%", "99%", "99.9%", "99.99%", "99.999%",
        "p90 ≤ 100ms ✗");
    // 200 samples support percentiles up to 1 - 1/200 = 99.5%: x = log10(200) of the 5 decades
    // from 0% to 99.999% over the plot's 616 pixels from x = 64; the curve ends there, at the max
    double end = 64 + Math.log10(200) / 5 * 616;
    assertThat(Double.parseDouble(svg.selectFirst("circle.end").attr("cx"))).isCloseTo(end,
        org.assertj.core.data.Offset.offset(0.1));
    String path = svg.selectFirst("path.curve").attr("d");
    assertThat(Double.parseDouble(path.substring(path.lastIndexOf('L') + 1, path.lastIndexOf(','))))
        .isCloseTo(end, org.assertj.core.data.Offset.offset(0.1));
  }
}
