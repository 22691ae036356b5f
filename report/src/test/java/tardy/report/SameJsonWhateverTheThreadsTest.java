package tardy.report;

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
import tardy.classify.Analyzer;
import tardy.classify.Grouping;
import tardy.classify.Pipeline;
import tardy.classify.Result;
import tardy.classify.Recorder;
import tardy.parse.Corpus;
import tardy.parse.io.Input;
import tardy.parse.io.InputException;
import tardy.parse.io.LineReader;

/**
 * The parallel path gives the same JSON, byte for byte, as one thread, on every log the project
 * has (the samples and every file of the shared corpus); so does the same log as a stream and
 * gzipped. Chunks are made as small as a line, so even a ten-line log is cut in several places.
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

  /**
   * Compares the file read in chunks with one thread's reading, and the same bytes as a stream and
   * gzip-compressed with it too (those are read in one pass whatever the threads).
   *
   * @return false when no format reads the log (another server's), so there is nothing to compare
   */
  private static boolean assertSameJson(Path log) throws IOException {
    byte[] bytes = Files.readAllBytes(log);
    boolean compressed = bytes.length > 1 && bytes[0] == 0x1f && bytes[1] == (byte) 0x8b;
    String one;
    try {
      one = json(Input.file(log), 1);
    } catch (InputException notALogTardyReads) {
      return false;
    }
    for (int threads : THREADS) {
      assertThat(json(Input.file(log), threads)).as("%s with %d threads", log, threads).isEqualTo(one);
    }
    String name = log.toString();
    Input stream = Input.stream(name, () -> new ByteArrayInputStream(bytes));
    assertThat(json(stream, 3)).as("%s as a stream", log).isEqualTo(one);
    byte[] gzipped = compressed ? bytes : gzip(bytes);
    Input gz = Input.stream(name, () -> new ByteArrayInputStream(gzipped));
    assertThat(json(gz, 3)).as("%s gzipped", log).isEqualTo(one);
    return true;
  }

  private static byte[] gzip(byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(bytes);
    }
    return out.toByteArray();
  }

  private static String json(Input input, int threads) throws IOException {
    Pipeline.Options options = new Pipeline.Options(Optional.empty(), threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(1);
    Result result = new Pipeline(options).run(List.of(input),
        Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OutputFormat.JSON.renderer(View.PLAIN)
        .render(result.analyze("tardy test"), out);
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }
}
