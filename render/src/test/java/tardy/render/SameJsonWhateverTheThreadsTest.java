package tardy.render;

import tardy.analysis.Analyzer;

import tardy.render.registry.OutputFormat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.run.Pipeline;
import tardy.record.Result;
import tardy.record.Recorder;
import tardy.record.grouping.GroupingMode;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.Corpus;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.events.input.LineReader;

/**
 * The parallel path gives the same JSON, byte for byte, as one thread, on every log the project
 * has (the samples and every file of the shared corpus), on logs where template inference folds
 * and on logs past the cap; so does the same log as a stream and gzipped. Chunks are made as
 * small as a line, so even a ten-line log is cut in several places.
 */
class SameJsonWhateverTheThreadsTest {

  private static final int[] THREADS = {2, 3, 7};

  @Test
  void theSamples() throws IOException {
    Path samples = Path.of("..", "samples"); // tests run in the module's directory
    List<Path> logs;
    try (var files = Files.list(samples)) {
      logs = files.filter(f -> f.toString().endsWith(".log")).sorted().toList();
    }
    assertThat(logs).hasSizeGreaterThanOrEqualTo(4);
    for (Path log : logs) {
      assertSameJson(log);
    }
  }

  @Test
  void everyCorpusLog() throws IOException {
    int compared = 0;
    int listed = 0;
    for (String family : List.of("access", "jvm")) {
      Path dir = Corpus.require(family);
      List<String> rows = Files.readAllLines(dir.resolve("INDEX.tsv"));
      listed += rows.size() - 1;
      for (String row : rows.subList(1, rows.size())) {
        Path log = dir.resolve(row.split("\t", 2)[0]);
        if (Files.isRegularFile(log) && assertSameJson(log)) {
          compared++;
        }
      }
    }
    // most are: the rest are other servers' logs and nginx logs that need their log_format named
    assertThat(compared).as("corpus logs in a format tardy detects").isGreaterThan(listed / 2);
  }

  @TempDir Path dir;

  /**
   * Where inference folds the long tail, and past the cap: with the cap under the number of
   * operations the kept ones must not depend on which part saw them first; with it under a
   * quarter of them, the recorders track fewer groups than the input has, and the rows are chosen
   * among the ones the sample expected.
   */
  @Test
  void logsWhereInferenceFoldsAndLogsPastTheCap() throws IOException {
    Path log = new tardy.render.grouping.ShopTraffic(11).write(dir.resolve("shop.log"), 12_000);
    for (int cap : new int[] {1000, 8, 3}) {
      assertSameJson(log, Optional.empty(), GroupingMode.INFER, cap);
    }
    assertSameJson(log, Optional.empty(), GroupingMode.IDS, 40);
    assertSameJson(log, Optional.empty(), GroupingMode.RAW, 400);
  }

  @Test
  void realProductionTrafficPastTheCap() throws IOException {
    Path log = Corpus.require("access").resolve("lihaogm_spark-analyse-log/10000_access.log");
    Optional<LogFormat> format = Optional.of(Formats.resolve(
        tardy.render.grouping.CorpusFormats.IMOOC));
    assertSameJson(log, format, GroupingMode.INFER, 30);
    assertSameJson(log, format, GroupingMode.IDS, 100);
  }

  private static boolean assertSameJson(Path log) throws IOException {
    return assertSameJson(log, Optional.empty(), GroupingMode.INFER, Recorder.DEFAULT_MAX_GROUPS);
  }

  /**
   * Compares the file read in chunks with one thread's reading, and the same bytes as a stream and
   * gzip-compressed with it too (those are parsed in blocks, here of one line each).
   *
   * @return false when no format reads the log (another server's), so there is nothing to compare
   */
  private static boolean assertSameJson(Path log, Optional<LogFormat> format, GroupingMode mode,
      int cap) throws IOException {
    byte[] bytes = Files.readAllBytes(log);
    boolean compressed = bytes.length > 1 && bytes[0] == 0x1f && bytes[1] == (byte) 0x8b;
    String one;
    try {
      one = json(Input.file(log), 1, format, mode, cap);
    } catch (InputException notALogTardyReads) {
      return false;
    }
    String what = log + " --grouping " + mode.option() + " --max-operations " + cap;
    for (int threads : THREADS) {
      assertThat(json(Input.file(log), threads, format, mode, cap))
          .as("%s with %d threads", what, threads).isEqualTo(one);
    }
    String name = log.toString();
    Input stream = Input.stream(name, () -> new ByteArrayInputStream(bytes));
    assertThat(json(stream, 3, format, mode, cap)).as("%s as a stream", what).isEqualTo(one);
    byte[] gzipped = compressed ? bytes : gzip(bytes);
    Input gz = Input.stream(name, () -> new ByteArrayInputStream(gzipped));
    assertThat(json(gz, 3, format, mode, cap)).as("%s gzipped", what).isEqualTo(one);
    return true;
  }

  private static byte[] gzip(byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(bytes);
    }
    return out.toByteArray();
  }

  private static String json(Input input, int threads, Optional<LogFormat> format,
      GroupingMode mode, int cap) throws IOException {
    Pipeline.Options options = new Pipeline.Options(format, threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(1);
    Result result = new Pipeline(options).run(List.of(input),
        plan -> Result.Spec.report(plan.grouping(mode, 2 * cap), cap));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OutputFormat.JSON.renderer(View.PLAIN)
        .render(Analyzer.analyze("tardy test", result), out);
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }
}
