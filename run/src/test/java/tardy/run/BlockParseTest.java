package tardy.run;

import tardy.record.Result;
import tardy.record.grouping.Grouping;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tardy.record.interval.IntervalRecorder;
import tardy.events.input.Input;

/**
 * Which parts are read in blocks: the ones that can only be read front to back, so that the
 * comparisons of a stream with one pass (SameJsonWhateverTheThreadsTest) go through the blocks.
 */
class BlockParseTest {

  private static final Path ACCESS = Path.of("..", "samples", "access-nginx.log");
  private static final Path JDK8 = Path.of("..", "samples", "gc-jdk8.log");
  private static final Result.Spec REPORT = Result.Spec.report(Grouping.DEFAULT, 1000);

  private static Plan.Entry entry(Input input) {
    return Plan.of(List.of(input), Optional.empty()).entries().get(0);
  }

  private static Input stream(Path log) throws IOException {
    byte[] bytes = Files.readAllBytes(log);
    return Input.stream(log.toString(), () -> new ByteArrayInputStream(bytes));
  }

  private static boolean inBlocks(Plan.Entry entry, int ways, Result.Spec spec) throws IOException {
    return BlockParse.suits(entry, entry.parts(ways, 1), ways, spec);
  }

  @Test
  void aStreamOfStandAloneLinesIsParsedInBlocks() throws IOException {
    assertThat(inBlocks(entry(stream(ACCESS)), 3, REPORT)).isTrue();
  }

  @Test
  void otherwiseInOnePassOrInRanges() throws IOException {
    Plan.Entry access = entry(stream(ACCESS));
    assertThat(inBlocks(access, 1, REPORT)).as("one thread, or --rejects").isFalse();
    assertThat(inBlocks(access, 3, Result.Spec.intervals(Grouping.DEFAULT,
        new IntervalRecorder.Settings(1000, 1000, 1000)))).as("intervals, in time order").isFalse();
    assertThat(inBlocks(entry(Input.file(ACCESS)), 3, REPORT)).as("a plain file").isFalse();
    assertThat(inBlocks(entry(stream(JDK8)), 3, REPORT)).as("events that span lines").isFalse();
  }
}
