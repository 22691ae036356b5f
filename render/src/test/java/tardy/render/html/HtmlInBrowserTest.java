package tardy.render.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.analysis.Analysis;
import tardy.render.CheckFixture;
import tardy.render.Samples;

/**
 * The page in a real browser: headless Chromium (Debian's {@code chromium} package) loads it from
 * a file with no network and an empty profile, runs its one script under the page's own Content
 * Security Policy, and dumps the DOM after the script sorted a table as a click would. Skipped,
 * with the reason, where Chromium is not installed. The screenshot goes to the temporary
 * directory, never into the repository.
 */
class HtmlInBrowserTest {

  private static Path chromium;

  @TempDir static Path dir;

  @BeforeAll
  static void findChromium() {
    for (String candidate : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
      if (Files.isExecutable(Path.of(candidate))) {
        chromium = Path.of(candidate);
      }
    }
    Assumptions.assumeTrue(chromium != null,
        "no headless browser: install Debian's chromium package to render the page in a test");
  }

  @Test
  void sortingByAColumnReordersTheRowsWithNoPolicyViolation() throws Exception {
    Path page = write("shop.html", HtmlStructureTest.render(Samples.analysis("shop-access.log")));
    Run run = chromium("--dump-dom", page.toUri() + "#sort=p99");
    assertThat(run.log).doesNotContain("Content Security Policy", "Refused to");
    Document dom = Jsoup.parse(run.out);
    Element table = dom.getElementById("latency");
    assertThat(table.selectFirst("th[data-col=p99]").attr("aria-sort")).isEqualTo("descending");
    List<Long> p99 = new ArrayList<>();
    for (Element row : table.select("tbody tr")) {
      p99.add(Long.parseLong(row.child(4).attr("data-v")));
    }
    assertThat(p99).hasSizeGreaterThan(2).isSortedAccordingTo((x, y) -> Long.compare(y, x));
    assertThat(table.selectFirst("tbody tr").child(0).text()).isEqualTo("GET /viewPDFInvoice");
    assertThat(dom.getElementById("filter").hasAttr("hidden")).as("the script shows the filter box").isFalse();
  }

  @Test
  void theFilterHidesRowsAndChartsOfOtherNames() throws Exception {
    Path page = write("shop-filter.html", HtmlStructureTest.render(Samples.analysis("shop-access.log")));
    Document dom = Jsoup.parse(chromium("--dump-dom", page.toUri() + "#filter=static").out);
    for (Element row : dom.select("#latency tbody tr")) {
      assertThat(row.hasAttr("hidden")).as(row.child(0).text())
          .isEqualTo(!row.child(0).text().contains("static"));
    }
    assertThat(dom.select("#latency tfoot tr").first().hasAttr("hidden")).isFalse();
  }

  @Test
  void aScriptTheHashDoesNotAllowIsRefused() throws Exception {
    String html = HtmlStructureTest.render(Samples.analysis("shop-access.log"))
        .replace("'use strict';", "'use strict'; ");
    Run run = chromium("--dump-dom", write("tampered.html", html).toUri() + "#sort=p99");
    assertThat(run.log).contains("Content Security Policy");
    assertThat(Jsoup.parse(run.out).selectFirst("#latency th[data-col=p99]").hasAttr("aria-sort")).isFalse();
  }

  @Test
  void screenshotOfACheckForAPersonToLookAt() throws Exception {
    Analysis check = CheckFixture.analysis();
    Path page = write("check.html", HtmlStructureTest.render(check));
    Path shot = dir.getParent().resolve("tardy-check-page.png");
    Run run = chromium("--screenshot=" + shot, "--window-size=1200,2400", page.toUri().toString());
    assertThat(run.log).doesNotContain("Content Security Policy");
    assertThat(Files.size(shot)).isGreaterThan(10_000);
  }

  private static Path write(String name, String html) throws IOException {
    return Files.writeString(dir.resolve(name), html, StandardCharsets.UTF_8);
  }

  private record Run(String out, String log) {}

  private static Run chromium(String... args) throws Exception {
    Path profile = Files.createTempDirectory(dir, "profile");
    List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
        "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--user-data-dir=" + profile,
        "--enable-logging=stderr", "--v=0", "--virtual-time-budget=2000"));
    command.addAll(List.of(args));
    Path out = dir.resolve("out.txt");
    Path log = dir.resolve("log.txt");
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(log.toFile()).start();
    if (!p.waitFor(90, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not end in 90 s: " + Files.readString(log));
    }
    return new Run(Files.readString(out), Files.readString(log));
  }
}
