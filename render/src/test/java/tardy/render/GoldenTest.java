package tardy.render;

import tardy.render.registry.OutputFormat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Freezes the CSV and JSON of a check run. The files under {@code src/test/resources/golden/} are
 * public formats: changing one changes what scripts and spreadsheets read, a deliberate decision
 * noted in the README and CHANGELOG. To write them anew after such a decision, run with
 * {@code -Dgolden.update=true} and read the diff.
 *
 * <p>Rendered under three default locales: a number or a case change that follows the default
 * locale (a decimal comma in de_DE, the dotless i in tr_TR) would change the bytes.
 */
class GoldenTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  @ParameterizedTest
  @CsvSource({"CSV, check.csv", "JSON, check.json"})
  void checkOutputIsFrozen(OutputFormat format, String file) throws IOException {
    Path golden = GOLDEN.resolve(file);
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(golden, render(format));
    }
    String expected = Files.readString(golden, StandardCharsets.UTF_8);
    Locale before = Locale.getDefault();
    try {
      for (Locale locale : new Locale[] {Locale.ROOT, Locale.GERMANY, Locale.forLanguageTag("tr-TR")}) {
        Locale.setDefault(locale);
        assertThat(render(format)).as(locale.toString()).isEqualTo(expected);
      }
    } finally {
      Locale.setDefault(before);
    }
  }

  private static String render(OutputFormat format) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    format.renderer(View.PLAIN).render(CheckFixture.analysis(), out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
