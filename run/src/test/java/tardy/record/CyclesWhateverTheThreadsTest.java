package tardy.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.events.input.Input;
import tardy.events.input.LineReader;
import tardy.record.grouping.Grouping;
import tardy.record.heap.CycleSeries;
import tardy.run.Pipeline;

/**
 * A concurrent collector's cycles are recorded the same whatever the threads and the cuts of its
 * log (a Shenandoah cycle held across lines of one GC never spans a cut), and through the
 * result's encoding: the cycles of ZGC and Shenandoah logs (JDK 17, Temurin 25, generational
 * ZGC and Shenandoah), with their young/old split, promotion and metaspace.
 */
class CyclesWhateverTheThreadsTest {

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"jdk17-zgc-heapdebug", "jdk25-zgc-heapdebug",
      "jdk17-shenandoah-heapdebug", "jdk25-shenandoah-heapdebug", "jdk25-zgc",
      "jdk25-shenandoah-generational"})
  void theCyclesAreTheSameCutOrNot(String name) throws IOException {
    Path log = dir.resolve(name + ".log");
    try (InputStream in = new GZIPInputStream(Files.newInputStream(
        Path.of("..", "analysis", "src", "test", "resources", "heap-logs", name + ".log.gz")))) {
      Files.copy(in, log);
    }
    Result one = run(log, 1);
    Result cut = run(log, 3);
    Result shipped = ResultCodec.decode(ResultCodec.encode(cut), cut.spec());
    List<String> expected = cycles(one);
    assertThat(expected).hasSizeGreaterThan(20);
    assertThat(cycles(cut)).isEqualTo(expected);
    assertThat(cycles(shipped)).isEqualTo(expected);
    assertThat(ResultCodec.encode(cut)).isEqualTo(ResultCodec.encode(one));
  }

  private static Result run(Path file, int threads) {
    Pipeline.Options options = new Pipeline.Options(Optional.empty(), threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(64 << 10); // parts of 64 KiB
    return new Pipeline(options).run(List.of(Input.file(file)),
        Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS));
  }

  private static List<String> cycles(Result r) {
    CycleSeries c = r.recorder().orElseThrow().heap().cycles();
    List<String> out = new ArrayList<>();
    for (int i = 0; i < c.size(); i++) {
      out.add(c.uptimeMillis(i) + " " + c.durationNanos(i) + " " + c.beforeBytes(i) + "->"
          + c.afterBytes(i) + "(" + c.capacityBytes(i) + ") " + c.wholeHeap(i) + " line "
          + c.line(i) + " input " + c.input(i) + " young " + c.youngBeforeBytes(i) + "->"
          + c.youngAfterBytes(i) + " old " + c.oldBeforeBytes(i) + "->" + c.oldAfterBytes(i)
          + " promoted " + c.promotedBytes(i) + " metaspace " + c.metaspaceAfterBytes(i));
    }
    return out;
  }
}
