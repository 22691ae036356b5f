package tardy.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tardy.classify.Grouping;
import tardy.classify.Part;
import tardy.classify.Plan;
import tardy.classify.Recorder;
import tardy.classify.Result;
import tardy.classify.ResultCodec;
import tardy.classify.interval.IntervalRecorder;
import tardy.parse.io.Input;
import tardy.parse.io.LineReader;

/**
 * The core's contract for any driver: the results of a log's parts, added in order in any
 * grouping, and sent through their byte encoding on the way, give the same JSON, byte for byte,
 * as the log read whole in one pass.
 */
class ResultAlgebraTest {

  private static final Result.Spec SPEC =
      Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS);

  @Test
  void partsAddInAnyGroupingAndSurviveTheirEncoding() throws IOException {
    for (Path log : samples()) {
      String whole = json(parts(log, 1).get(0));
      assertThat(parts(log, 7)).as(log.toString()).hasSizeGreaterThan(2);

      assertThat(json(leftFold(parts(log, 7)))).as("%s, left to right", log).isEqualTo(whole);
      assertThat(json(rightFold(parts(log, 7)))).as("%s, right to left", log).isEqualTo(whole);
      assertThat(json(pairwise(parts(log, 7)))).as("%s, pairwise", log).isEqualTo(whole);
      List<Result> shipped = parts(log, 7).stream().map(ResultAlgebraTest::roundTrip).toList();
      assertThat(json(pairwise(shipped))).as("%s, encoded", log).isEqualTo(whole);
      assertThat(json(roundTrip(leftFold(parts(log, 7))))).as("%s, sum encoded", log)
          .isEqualTo(whole);
    }
  }

  /**
   * The findings' evidence (worst pauses with their input and line, minutes) over several inputs
   * cut in parts: the JSON of one pass in any grouping and through the encoding.
   */
  @Test
  void findingsAddAcrossInputsAndParts() throws IOException {
    List<Input> inputs = new ArrayList<>();
    for (String name : List.of("threaddump-17.log", "ttsp-counted-loop-17.log",
        "threaddump-25.log", "ttsp-counted-loop-25.log")) {
      inputs.add(Input.file(Path.of("..", "classify", "src", "test", "resources", "findings", name)));
    }
    String whole = json(leftFold(parts(inputs, 1, SPEC)));
    assertThat(whole).contains("\"time-to-safepoint\"", "\"stopped-share\"", "\"line\" : 58");
    assertThat(parts(inputs, 7, SPEC)).hasSizeGreaterThan(2 * inputs.size());
    assertThat(json(leftFold(parts(inputs, 7, SPEC)))).as("left to right").isEqualTo(whole);
    assertThat(json(rightFold(parts(inputs, 7, SPEC)))).as("right to left").isEqualTo(whole);
    assertThat(json(pairwise(parts(inputs, 7, SPEC)))).as("pairwise").isEqualTo(whole);
    List<Result> shipped = parts(inputs, 7, SPEC).stream().map(ResultAlgebraTest::roundTrip).toList();
    assertThat(json(pairwise(shipped))).as("encoded").isEqualTo(whole);
  }

  @Test
  void anEncodedResultIsSmallAndRefusesDamage() throws IOException {
    Path log = samples().get(0);
    byte[] encoded = ResultCodec.encode(parts(log, 1).get(0));
    assertThat(encoded.length).isLessThan((int) Math.max(64 << 10, Files.size(log)));
    byte[] damaged = encoded.clone();
    damaged[0] ^= 1;
    assertThatThrownBy(() -> ResultCodec.decode(damaged, SPEC))
        .isInstanceOf(IllegalArgumentException.class);
    byte[] cut = java.util.Arrays.copyOf(encoded, encoded.length / 2);
    assertThatThrownBy(() -> ResultCodec.decode(cut, SPEC))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void oneParseFeedsTheReportAndTheIntervals() throws IOException {
    Path log = samples().stream().filter(p -> p.toString().contains("nginx")).findFirst()
        .orElseThrow();
    Result.Spec both = new Result.Spec(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS, true,
        Optional.of(new IntervalRecorder.Settings(5_000, 0, Recorder.DEFAULT_MAX_GROUPS)));
    Result result = leftFold(parts(log, 3, both));
    long events = result.intervals().orElseThrow().timelines().stream()
        .mapToLong(t -> t.events()).sum();
    assertThat(events).isEqualTo(result.recorder().orElseThrow().requests()).isPositive();
    assertThat(json(result)).isEqualTo(json(parts(log, 1).get(0)));
  }

  private static List<Path> samples() throws IOException {
    try (var files = Files.list(Path.of("..", "samples"))) {
      return files.filter(f -> f.toString().endsWith(".log")).sorted().toList();
    }
  }

  private static List<Result> parts(Path log, int ways) throws IOException {
    return parts(log, ways, SPEC);
  }

  private static List<Result> parts(Path log, int ways, Result.Spec spec) throws IOException {
    return parts(List.of(Input.file(log)), ways, spec);
  }

  /** The inputs' parts, cut as small as lines allow into {@code ways}, each parsed on its own. */
  private static List<Result> parts(List<Input> inputs, int ways, Result.Spec spec)
      throws IOException {
    List<Result> results = new ArrayList<>();
    for (Plan.Entry entry : Plan.of(inputs, Optional.empty()).entries()) {
      for (Part part : entry.parts(ways, 1)) {
        results.add(part.parse(spec, LineReader.Rejects.NONE, LineReader.DEFAULT_MAX_LINE_BYTES));
      }
    }
    return results;
  }

  private static Result leftFold(List<Result> parts) {
    Result total = parts.get(0);
    for (Result next : parts.subList(1, parts.size())) {
      total = total.addLater(next);
    }
    return total;
  }

  private static Result rightFold(List<Result> parts) {
    Result total = parts.get(parts.size() - 1);
    for (int i = parts.size() - 2; i >= 0; i--) {
      total = parts.get(i).addLater(total);
    }
    return total;
  }

  /** A tree: neighbours added in pairs, level by level, as a cluster's reduce does. */
  private static Result pairwise(List<Result> parts) {
    List<Result> level = parts;
    while (level.size() > 1) {
      List<Result> next = new ArrayList<>();
      for (int i = 0; i < level.size(); i += 2) {
        next.add(i + 1 < level.size() ? level.get(i).addLater(level.get(i + 1)) : level.get(i));
      }
      level = next;
    }
    return level.get(0);
  }

  private static Result roundTrip(Result r) {
    return ResultCodec.decode(ResultCodec.encode(r), r.spec());
  }

  private static String json(Result r) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OutputFormat.JSON.renderer(View.PLAIN).render(r.analyze("tardy test"), out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
