package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/** An HTML page names the command that made it: a judged report is not a check. */
class JudgedPageTitleTest {

  private static final Path SAMPLES = Path.of("..").toAbsolutePath().normalize().resolve("samples");

  private static Document page(String command) {
    Cli.Result r = Cli.run(command, "--requirements",
        SAMPLES.resolve("shop-requirements.yaml").toString(),
        SAMPLES.resolve("shop-access.log").toString(), "--format", "html");
    assertThat(r.code()).as(r.err()).isIn(0, 1);
    return Jsoup.parse(r.out());
  }

  @Test
  void reportWithRequirementsIsTitledReport() {
    Document report = page("report");
    Document check = page("check");
    String verdict = check.title().substring("tardy check: ".length());
    assertThat(verdict).isIn("PASS", "FAIL", "WARN");
    assertThat(report.title()).isEqualTo("tardy report: " + verdict);
    assertThat(report.selectFirst("h1").text()).isEqualTo("tardy report: " + verdict);
    assertThat(check.selectFirst("h1").text()).isEqualTo("tardy check: " + verdict);
  }
}
