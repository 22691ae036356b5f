package tardy.render;

import tardy.analysis.Analyzer;

import tardy.render.registry.OutputFormat;

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
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.record.interval.FamilyIntervals;
import tardy.record.grouping.Grouping;
import tardy.run.Part;
import tardy.run.Plan;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.record.ResultCodec;
import tardy.record.interval.IntervalRecorder;
import tardy.record.interval.Timeline;
import tardy.events.input.Input;
import tardy.events.input.LineReader;
import tardy.render.hdr.HlogFormat;
import tardy.render.hdr.HlogWriter;

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
    int split = 0;
    for (Path log : samples()) {
      String whole = json(parts(log, 1).get(0));
      int cut = parts(log, 7).size();
      if (cut == 1) {
        continue; // lines that depend on earlier ones, and no place in the sample to cut them
      }
      split += cut > 2 ? 1 : 0; // a JDK 8 sample with one GC event is cut once

      assertThat(json(leftFold(parts(log, 7)))).as("%s, left to right", log).isEqualTo(whole);
      assertThat(json(rightFold(parts(log, 7)))).as("%s, right to left", log).isEqualTo(whole);
      assertThat(json(pairwise(parts(log, 7)))).as("%s, pairwise", log).isEqualTo(whole);
      List<Result> shipped = parts(log, 7).stream().map(ResultAlgebraTest::roundTrip).toList();
      assertThat(json(pairwise(shipped))).as("%s, encoded", log).isEqualTo(whole);
      assertThat(json(roundTrip(leftFold(parts(log, 7))))).as("%s, sum encoded", log)
          .isEqualTo(whole);
    }
    assertThat(split).as("samples read in more than two parts").isGreaterThanOrEqualTo(2);
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
      inputs.add(Input.file(Path.of("..", "run", "src", "test", "resources", "findings", name)));
    }
    String whole = json(leftFold(parts(inputs, 1, SPEC)));
    assertThat(whole).contains("\"time-to-safepoint\"", "\"stopped-share\"", "\"line\" : 58");
    // logs with GC pauses beside their safepoints are read in order (a pause's CPU line follows it)
    assertThat(parts(inputs, 7, SPEC)).hasSizeGreaterThan(inputs.size());
    assertThat(json(leftFold(parts(inputs, 7, SPEC)))).as("left to right").isEqualTo(whole);
    assertThat(json(rightFold(parts(inputs, 7, SPEC)))).as("right to left").isEqualTo(whole);
    assertThat(json(pairwise(parts(inputs, 7, SPEC)))).as("pairwise").isEqualTo(whole);
    List<Result> shipped = parts(inputs, 7, SPEC).stream().map(ResultAlgebraTest::roundTrip).toList();
    assertThat(json(pairwise(shipped))).as("encoded").isEqualTo(whole);
  }

  /**
   * The access logs' findings (499 waits, upstream sums) over inputs cut in parts: the JSON of one
   * pass in any grouping and through the encoding.
   */
  @Test
  void requestFindingsAddAcrossPartsAndTheEncoding() throws IOException {
    List<Input> inputs = new ArrayList<>();
    for (String name : List.of("outside-backend.log", "client-closed.log")) {
      inputs.add(Input.file(Path.of("..", "run", "src", "test", "resources", "findings",
          "access", name)));
    }
    String whole = json(leftFold(parts(inputs, 1, SPEC)));
    assertThat(whole).contains("\"time-outside-backend\"", "\"client-closed\"", "\"cluster\"",
        "\"with_upstream\" : 120", "\"client_closed\" : 20");
    assertThat(parts(inputs, 7, SPEC)).hasSizeGreaterThan(inputs.size());
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

  /**
   * Interval histograms through their encoding: the parts of a log, each shipped as bytes and
   * added in a tree, write the .hlog of one pass byte for byte; so does the time-weighted view of
   * pauses, and a JVM that restarts. (Pauses waiting for a datestamp across cuts:
   * {@code IntervalRecorderTest}.)
   */
  @Test
  void intervalsAddAndSurviveTheirEncoding(@TempDir Path dir) throws IOException {
    Path safepoints = dir.resolve("safepoint.log"); // JDK 17, uptime only, a restart at 1500
    StringBuilder log = new StringBuilder();
    String[] operations = {"G1CollectForAllocation", "Cleanup", "ThreadDump"};
    for (int i = 0; i < 2_000; i++) {
      long uptimeMillis = 1_000 + (i % 1_500) * 730L;
      long total = 20_000 + (i * 7_919L) % 40_000_000;
      log.append(String.format(java.util.Locale.ROOT, "[%d.%03ds][info][safepoint] Safepoint \"%s\","
          + " Time since last: 700000000 ns, Reaching safepoint: 10000 ns, At safepoint: %d ns,"
          + " Total: %d ns%n", uptimeMillis / 1000, uptimeMillis % 1000, operations[i % 3],
          total - 10_000, total));
    }
    Files.writeString(safepoints, log);
    List<Path> logs = new ArrayList<>(samples());
    logs.add(safepoints);
    int split = 0;
    for (long resolution : new long[] {0, 1_000_000}) {
      Result.Spec spec = Result.Spec.intervals(Grouping.DEFAULT,
          new IntervalRecorder.Settings(5_000, resolution, Recorder.DEFAULT_MAX_GROUPS));
      for (Path file : logs) {
        if (resolution > 0 && file.getFileName().toString().contains("access")) {
          continue; // time-weighted is a view of pauses, which do not overlap
        }
        String whole = hlog(parts(file, 1, spec).get(0));
        assertThat(whole).as(file.toString()).contains("HISTFAA");
        if (parts(file, 7, spec).size() > 2) {
          split++;
        }
        List<Result> shipped = parts(file, 7, spec).stream().map(ResultAlgebraTest::roundTrip)
            .toList();
        assertThat(hlog(pairwise(shipped))).as("%s, encoded parts", file).isEqualTo(whole);
        assertThat(hlog(roundTrip(leftFold(parts(file, 7, spec))))).as("%s, sum encoded", file)
            .isEqualTo(whole);
        assertThat(hlog(rightFold(parts(file, 7, spec).stream().map(ResultAlgebraTest::roundTrip)
            .toList()))).as("%s, encoded, right to left", file).isEqualTo(whole);
      }
    }
    assertThat(split).as("logs read in several parts").isGreaterThanOrEqualTo(4);
  }

  /** Every family's timelines as .hlog text, one after another. */
  private static String hlog(Result r) throws IOException {
    StringBuilder all = new StringBuilder();
    FamilyIntervals families = r.familyIntervals().orElseThrow();
    for (tardy.events.Family family : families.families()) {
      List<Timeline> timelines = families.of(family).orElseThrow().timelines();
      HlogFormat.Tags tags = new HlogFormat.Tags();
      for (Timeline t : timelines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HlogWriter.write(t, tags, new HlogWriter.Options("tardy test", OptionalLong.of(0),
            List.of(family.key())), out);
        all.append(out.toString(StandardCharsets.UTF_8));
      }
    }
    return all.toString();
  }

  private static List<Path> samples() throws IOException {
    try (var files = Files.list(Path.of("..", "samples"))) {
      // a log of ZGC cycles alone (-Xlog:gc) holds no pause, so no histogram to add
      return files.filter(f -> f.toString().endsWith(".log"))
          .filter(f -> !f.getFileName().toString().equals("gc-zgc-cycles-jdk17.log")).sorted()
          .toList();
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
    OutputFormat.JSON.renderer(View.PLAIN).render(Analyzer.analyze("tardy test", r), out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
