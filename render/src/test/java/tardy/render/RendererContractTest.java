package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tardy.analysis.Analysis;
import tardy.analysis.Analyzer;
import tardy.events.input.Input;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.record.ResultCodec;
import tardy.record.grouping.Grouping;
import tardy.render.registry.OutputFormat;
import tardy.run.Pipeline;

/**
 * The rules every registered output obeys, run against each one the registry lists (as
 * LogFormatContractTest runs every format): it writes something for any analysis, the same
 * bytes each time (a renderer computes nothing and changes nothing), and the same bytes for a
 * result that travelled as bytes between engines as for the one made in place.
 */
class RendererContractTest {

  private static final Result.Spec SPEC =
      Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS);

  /** Every output against a sample log of each family. */
  static Stream<Arguments> outputsAndLogs() {
    List<String> logs = List.of("shop-access.log", "safepoint-jdk17.log", "gc-g1-jdk17.log",
        "gc-jdk8.log");
    return Stream.of(OutputFormat.values())
        .flatMap(format -> logs.stream().map(log -> Arguments.of(format, log)));
  }

  private static Result parse(String log) {
    return new Pipeline(Pipeline.Options.defaults())
        .run(List.of(Input.file(Path.of("..", "samples", log))), SPEC);
  }

  private static byte[] render(OutputFormat format, Analysis analysis) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    format.renderer(View.PLAIN).render(analysis, out);
    return out.toByteArray();
  }

  @ParameterizedTest(name = "{0} of {1}")
  @MethodSource("outputsAndLogs")
  void writesTheSameBytesEachTimeAndAfterTheResultTravelled(OutputFormat format, String log)
      throws IOException {
    Result result = parse(log);
    Analysis analysis = Analyzer.analyze("tardy test", result);
    byte[] first = render(format, analysis);
    assertThat(first).as("something is written").isNotEmpty();
    assertThat(render(format, analysis)).as("rendered again").isEqualTo(first);

    Result travelled = ResultCodec.decode(ResultCodec.encode(result), SPEC);
    assertThat(render(format, Analyzer.analyze("tardy test", travelled)))
        .as("a result read back from its encoding").isEqualTo(first);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("everyOutput")
  void theFileNameExtensionOfEachOutputLeadsBackToIt(OutputFormat format) {
    if (format != OutputFormat.TABLE) {
      assertThat(OutputFormat.ofFileName("report." + format.label())).isEqualTo(format);
    }
    assertThat(OutputFormat.valueOf(format.label().toUpperCase(java.util.Locale.ROOT)))
        .isEqualTo(format);
  }

  static Stream<OutputFormat> everyOutput() {
    return Stream.of(OutputFormat.values());
  }
}
