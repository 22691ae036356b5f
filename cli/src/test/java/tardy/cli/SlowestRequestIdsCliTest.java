package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The slowest requests of real Envoy and Istio samples carry the {@code x-request-id} their line
 * logged: the JSON's total row lists the first five of a plain sort of the lines by duration
 * (equal durations in line order), each with its line's id, read here with a regular expression.
 */
class SlowestRequestIdsCliTest {

  private static final Path SAMPLES = Path.of("..", "formats", "src", "test", "resources",
      "samples");

  /** A line's duration (ms) and request id, after the quoted request line. */
  private static final Pattern ENVOY = Pattern.compile(
      "\" \\S+ \\S+ \\S+ \\S+ (\\d+) \\S+ \"[^\"]*\" \"[^\"]*\" \"([^\"]*)\"");
  private static final Pattern ISTIO = Pattern.compile(
      "\" \\S+ \\S+ \\S+ \\S+ \"[^\"]*\" \\S+ \\S+ (\\d+) \\S+ \"[^\"]*\" \"[^\"]*\" \"([^\"]*)\"");

  record Line(long number, long millis, String id) {}

  @Test
  void envoyDefaultFormat() throws Exception {
    assertSlowest(SAMPLES.resolve("envoy/envoy-default-format.log"), ENVOY);
  }

  @Test
  void istioTextFormat() throws Exception {
    assertSlowest(SAMPLES.resolve("istio/istio-text-format.log"), ISTIO);
  }

  @SuppressWarnings("unchecked")
  private static void assertSlowest(Path log, Pattern fields) throws Exception {
    List<Line> lines = new ArrayList<>();
    long n = 0;
    for (String text : Files.readAllLines(log)) {
      n++;
      Matcher m = fields.matcher(text);
      assertThat(m.find()).as("%s line %d", log, n).isTrue();
      lines.add(new Line(n, Long.parseLong(m.group(1)), m.group(2)));
    }
    lines.sort(Comparator.comparingLong((Line l) -> -l.millis()).thenComparingLong(Line::number));
    Map<String, Object> doc = Cli.json("report", log.toString(), "--format", "json");
    Map<String, Object> total = (Map<String, Object>) ((List<Object>) doc.get("totals")).get(0);
    List<Object> slowest = (List<Object>) total.get("slowest");
    assertThat(slowest).as(log.toString()).hasSize(Math.min(5, lines.size()));
    for (int i = 0; i < slowest.size(); i++) {
      Map<String, Object> got = (Map<String, Object>) slowest.get(i);
      Line want = lines.get(i);
      assertThat(((Number) got.get("ns")).longValue()).as("%s #%d", log, i)
          .isEqualTo(want.millis() * 1_000_000);
      assertThat(((Number) got.get("line")).longValue()).as("%s #%d", log, i)
          .isEqualTo(want.number());
      // a line that logged no id ("-") has none: the key is left out, not written as "-"
      assertThat(got.get("request_id")).as("%s #%d", log, i)
          .isEqualTo("-".equals(want.id()) ? null : want.id());
    }
  }
}
