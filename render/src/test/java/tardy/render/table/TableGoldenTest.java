package tardy.render.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tardy.analysis.Analysis;
import tardy.render.CheckFixture;
import tardy.render.Samples;
import tardy.render.Sort;
import tardy.render.View;

/**
 * Freezes the table as a person reads it at 80 and 120 columns, with the default --top. The files
 * under {@code src/test/resources/golden/table/} were read and checked by a person: the numbers
 * against the sample logs, no line wider than its terminal, the names shortened and columns left
 * out in the documented order, the notes wrapped at words. To write them anew after a deliberate
 * change, run with {@code -Dgolden.update=true} and read every line of the diff.
 */
class TableGoldenTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden/table");

  @ParameterizedTest
  @CsvSource({
    "shop-access.log, 80", "shop-access.log, 120",
    "safepoint-jdk17.log, 80", "safepoint-jdk17.log, 120",
    "check, 80", "check, 120"
  })
  void tableIsFrozen(String input, int width) throws IOException {
    Analysis a = input.equals("check") ? CheckFixture.analysis() : Samples.analysis(input);
    String rendered = render(a, width);
    Path golden = GOLDEN.resolve(input.replace(".log", "") + "-" + width + ".txt");
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(golden, rendered);
    }
    assertThat(rendered).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    assertThat(rendered.lines()).allSatisfy(
        line -> assertThat(line.codePointCount(0, line.length())).as(line).isLessThanOrEqualTo(width));
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      assertThat(render(a, width)).isEqualTo(rendered);
    } finally {
      Locale.setDefault(before);
    }
  }

  private static String render(Analysis a, int width) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new TableRenderer(new View(false, width, View.DEFAULT_TOP, Sort.COUNT)).render(a, out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
