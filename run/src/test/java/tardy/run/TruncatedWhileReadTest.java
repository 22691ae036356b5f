package tardy.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.events.input.LineReader;
import tardy.formats.FormatChoice;
import tardy.record.Result;
import tardy.record.grouping.GroupingMode;

/**
 * A log truncated after the plan cut it into parts, while they are read (a rotation by
 * copytruncate): the error says how many lines were read before the cut, the lines of the parts
 * before the damaged one and of the damaged one's head together, whatever the number of threads.
 */
class TruncatedWhileReadTest {

  private static final int LINES = 40_000;

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 4})
  void theErrorCountsTheLinesReadBeforeTheCut(int threads) throws IOException {
    Path log = log();
    long lineBytes = Files.size(log) / LINES;
    int kept = 3 * LINES / 8; // inside the first part of two, four or more
    assertThatThrownBy(() -> readTruncatingAfterThePlan(log, threads, kept * lineBytes))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("the file was truncated while it was read")
        .hasMessageContaining("ended after " + kept * lineBytes + ") after line " + kept + " ("
            + String.format("%,d", kept) + " lines were read before the damage): the lines after"
            + " the cut are not counted");
  }

  @Test
  void aCutInALaterPartCountsTheWholePartsBeforeIt() throws IOException {
    Path log = log();
    long size = Files.size(log);
    long lineBytes = size / LINES;
    int kept = 7 * LINES / 8; // inside the last of two parts
    assertThatThrownBy(() -> readTruncatingAfterThePlan(log, 2, kept * lineBytes))
        .isInstanceOf(InputException.class)
        .hasMessageEndingWith("the file was truncated while it was read (it had at least " + size
            + " bytes when planned and ended after " + kept * lineBytes + ") after line " + kept
            + " (" + String.format("%,d", kept) + " lines were read before the damage): the lines"
            + " after the cut are not counted; read a copy that is not being rotated");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void aFileTruncatedBetweenThePlanAndTheReadSaysSo(int threads) throws IOException {
    Path log = log();
    long size = Files.size(log);
    Pipeline.Options options = new Pipeline.Options(FormatChoice.DETECT, threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(64 * 1024);
    assertThatThrownBy(() -> new Pipeline(options).run(List.of(Input.file(log)), plan -> {
      try (RandomAccessFile raf = new RandomAccessFile(log.toFile(), "rw")) {
        raf.setLength(size / 3); // once planned (the spec is asked for then), before the parse
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      return Result.Spec.report(plan.grouping(GroupingMode.RAW, 2000), 1000);
    })).isInstanceOf(InputException.class)
        .hasMessageContaining("the file was truncated while it was read (it had " + size
            + " bytes when opened and ended after " + size / 3 + ")");
  }

  private Path log() throws IOException {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < LINES; i++) { // every line as long as the others: a cut at a line's end
      b.append(String.format("10.0.0.1 - - [22/Nov/2026:22:41:48 +0000] \"GET /api/items/%05d"
          + " HTTP/1.1\" 200 512 \"-\" \"probe/1.0\" %d.%03d%n", i % 1000, i % 3, i % 1000));
    }
    return Files.writeString(dir.resolve("access.log"), b);
  }

  /**
   * Reads {@code log} in parts (of two when {@code threads} is 1: a part is what is cut), cutting
   * the file to {@code size} bytes once the parts are planned.
   */
  private static Result readTruncatingAfterThePlan(Path log, int threads, long size)
      throws IOException {
    Plan plan = Plan.of(List.of(Input.file(log)), FormatChoice.DETECT);
    Plan.Entry entry = plan.entries().get(0);
    List<Part> parts = entry.parts(Math.max(threads, 2), 64 * 1024);
    assertThat(parts).hasSize(Math.max(threads, 2));
    try (RandomAccessFile raf = new RandomAccessFile(log.toFile(), "rw")) {
      raf.setLength(size);
    }
    Pipeline.Options options = new Pipeline.Options(FormatChoice.DETECT, threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null);
    return new Pipeline(options).readParts(entry, parts,
        Result.Spec.report(plan.grouping(GroupingMode.RAW, 2000), 1000), threads);
  }
}
