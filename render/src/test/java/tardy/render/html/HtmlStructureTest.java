package tardy.render.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.analysis.Analysis;
import tardy.render.CheckFixture;
import tardy.render.Samples;
import tardy.render.Sort;
import tardy.render.View;

/**
 * Freezes the page's structure, not its pixels: an outline of headings, tables (their columns,
 * row names and footers), charts (how many curves, budgets and end dots) and lists, which a
 * person read against the table of the same input: everything the terminal shows is there. To
 * write the outlines anew after a deliberate change, run with {@code -Dgolden.update=true} and
 * read the diff.
 */
class HtmlStructureTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden/html");

  @ParameterizedTest
  @ValueSource(strings = {"shop-access.log", "safepoint-jdk17.log", "check"})
  void outlineIsFrozen(String input) throws IOException {
    Analysis a = input.equals("check") ? CheckFixture.analysis() : Samples.analysis(input);
    String outline = outline(Jsoup.parse(render(a)));
    Path golden = GOLDEN.resolve(input.replace(".log", "") + ".outline");
    if (Boolean.getBoolean("golden.update")) {
      Files.createDirectories(GOLDEN);
      Files.writeString(golden, outline);
    }
    assertThat(outline).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  static String render(Analysis a) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new HtmlRenderer(new View(false, 0, View.DEFAULT_TOP, Sort.COUNT)).render(a, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  /** One line per element that carries content a reader acts on. */
  static String outline(Document d) {
    StringBuilder o = new StringBuilder();
    o.append("csp: ").append(d.selectFirst("meta[http-equiv=Content-Security-Policy]").attr("content")
        .replaceAll("'sha256-[^']+'", "'sha256-…'")).append('\n');
    o.append("scripts: ").append(d.select("script").size()).append(", filter box: ")
        .append(d.select("input#filter").size()).append('\n');
    for (Element e : d.body().select("h1, h2, h3, p, table, svg, ul.legend, ul.lines > li, li li, h2 + ul > li, .worst li, .verdict li")) {
      switch (e.tagName()) {
        case "table" -> {
          o.append("  table#").append(e.id()).append(": ")
              .append(e.select("thead th").stream().map(Element::text).collect(Collectors.joining(" | ")))
              .append('\n');
          for (Element row : e.select("tbody tr, tfoot tr")) {
            o.append("    ").append(row.parent().tagName().equals("tfoot") ? "total " : "row ")
                .append(row.child(0).text()).append(": ")
                .append(row.children().stream().skip(1).map(Element::text).collect(Collectors.joining(" | ")))
                .append('\n');
          }
        }
        case "svg" -> o.append("  svg: ").append(e.select("path.curve").size()).append(" curves, ")
            .append(e.select("line.budget").size()).append(" budgets, ")
            .append(e.select("circle.end").size()).append(" ends\n");
        case "ul" -> o.append("  legend: ").append(e.select("li").stream().map(Element::text)
            .collect(Collectors.joining(" | "))).append('\n');
        case "li" -> o.append("  - ").append(e.closest(".worst") != null ? e.text() : e.ownText()).append('\n');
        default -> o.append(e.tagName()).append(' ').append(e.text()).append('\n');
      }
    }
    return o.toString();
  }
}
