package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Corpus;
import tardy.render.hdr.HlogReader;

/**
 * A JDK 6-8 log whose stopped-time lines carry no time stamp (printed by
 * -XX:+PrintGCApplicationStoppedTime without -XX:+PrintGCDateStamps, as JDK 6 and 7 did) while
 * its GC pauses do: {@code tardy hlog} writes the GC pauses, the family that can be placed in
 * time, and says why the safepoints are not in it. Before, it chose the safepoints and exited 2
 * with "no timed events in the input".
 *
 * <p>The resource is the first 150 lines of gctoolkit-testdata's
 * gctoolkit-gclogs/preunified/ps/details/memoryleak1.log (microsoft/gctoolkit-testdata, commit
 * d62edf0fb5181dc3cd87ae8ac14269ed7157b7ae), a Parallel collector run.
 */
class HlogUntimedFamilyTest {

  @TempDir Path dir;
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int tardy(String... args) {
    Streams streams = new Streams(new ByteArrayInputStream(new byte[0]),
        new ByteArrayOutputStream(), new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(),
        () -> false);
    return Tardy.run(streams, args);
  }

  static Path resource() {
    try {
      return Path.of(HlogUntimedFamilyTest.class
          .getResource("/hlog/ps-stopped-without-stamps.log").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The GC pauses' durations in nanoseconds, read with string searches: "N.NNN: [GC … , S secs]". */
  static List<Long> gcPauses(Path log) throws IOException {
    List<Long> out = new ArrayList<>();
    for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
      if (line.matches("^[0-9]+\\.[0-9]+: \\[(GC|Full GC) .*") && line.contains(" secs]")) {
        String before = line.substring(0, line.indexOf(" secs]"));
        String seconds = before.substring(before.lastIndexOf(", ") + 2);
        out.add(new BigDecimal(seconds).movePointRight(9).longValueExact());
      }
    }
    return out;
  }

  static long stoppedLines(Path log) throws IOException {
    return Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream()
        .filter(l -> l.startsWith("Total time for which application threads were stopped: "))
        .count();
  }

  @Test
  void writesTheTimedGcPausesNotTheUntimedSafepoints() throws IOException {
    Path log = resource();
    List<Long> pauses = gcPauses(log);
    assertThat(pauses).hasSize(3);
    assertThat(stoppedLines(log)).isEqualTo(45);
    Path out = dir.resolve("gc.hlog");
    assertThat(tardy("hlog", log.toString(), "-o", out.toString())).isZero();
    Histogram all = HlogCommandTest.sum(HlogReader.read(out).tagged(null));
    assertThat(all.getTotalCount()).isEqualTo(pauses.size());
    long max = pauses.stream().mapToLong(Long::longValue).max().orElseThrow();
    assertThat(all.valuesAreEquivalent(all.getMaxValue(), max)).isTrue();
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("the .hlog holds gc-pause only: the safepoint events carry no time stamp");
  }

  @Test
  void namesTheFamilyThatWorksWhenTheUntimedOneIsAskedFor() {
    Path out = dir.resolve("sp.hlog");
    assertThat(tardy("hlog", resource().toString(), "--family", "safepoint", "-o", out.toString()))
        .isEqualTo(ExitCodes.USER_ERROR);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("no timed events of the family safepoint")
        .contains("its 45 events carry no time stamp")
        .contains("choose --family gc-pause");
    assertThat(out).doesNotExist();
  }

  /** The whole corpus log the resource comes from: 7,302 untimed stops, its GC pauses written. */
  @Test
  void theWholeRealLog() throws IOException {
    Path log = Corpus.require("jvm").resolve(
        "microsoft_gctoolkit-testdata/gctoolkit-gclogs/preunified/ps/details/memoryleak1.log");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(log), log + " not in the corpus");
    List<Long> pauses = gcPauses(log);
    Path out = dir.resolve("whole.hlog");
    assertThat(tardy("hlog", log.toString(), "-o", out.toString())).isZero();
    Histogram all = HlogCommandTest.sum(HlogReader.read(out).tagged(null));
    assertThat(all.getTotalCount()).isEqualTo(pauses.size());
  }
}
