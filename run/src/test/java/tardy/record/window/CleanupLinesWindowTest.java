package tardy.record.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.events.LogText;
import tardy.events.input.Input;
import tardy.events.input.LineReader;
import tardy.record.InputSummary;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.record.grouping.Grouping;
import tardy.run.Pipeline;

/**
 * Shenandoah's cleanup lines with their heap are parsed lines of their cycle: a window that
 * leaves the cycle out (its end outside [from, to)) counts them outside, as it counts a ZGC cycle
 * line or a pause; a regular-expression pass over the log says which lines those are.
 */
class CleanupLinesWindowTest {

  private static final Pattern UPTIME = Pattern.compile("^\\[(?:(\\d+)[.,](\\d{3})s|(\\d+)ms)\\]");
  private static final Pattern GC_LINE = Pattern.compile("\\] GC\\((\\d+)\\) (.*)$");
  private static final Pattern PAUSE = Pattern.compile("^(?:[a-zA-Z]: )?Pause .* [\\d.]+ms$");
  private static final Pattern WITH_HEAP = Pattern.compile(" \\d+[BKMG]->\\d+[BKMG]\\(");
  private static final Pattern CLEANUP = Pattern.compile("^Concurrent cleanup.* \\d+[BKMG]->");

  @ParameterizedTest
  @ValueSource(strings = {"../samples/gc-shenandoah-jdk17.log",
      "../analysis/src/test/resources/heap-logs/jdk25-shenandoah-heapdebug.log.gz"})
  void aCycleLeftOutCountsItsCleanupLinesOutside(String name) throws IOException {
    List<long[]> pauses = new ArrayList<>(); // uptime ms
    List<long[]> cycles = new ArrayList<>(); // end ms, cleanup lines
    String openId = null;
    long[] open = null;
    boolean cleanups = false;
    for (String line : LogText.of(Path.of(name)).split("\n")) {
      Matcher u = UPTIME.matcher(line);
      Matcher g = GC_LINE.matcher(line.stripTrailing());
      if (!u.find() || !g.find()) {
        continue;
      }
      long ms = u.group(1) != null ? Long.parseLong(u.group(1)) * 1000 + Long.parseLong(u.group(2))
          : Long.parseLong(u.group(3));
      if (open != null && !g.group(1).equals(openId)) {
        cycles.add(open);
        open = null;
      }
      String msg = g.group(2);
      if (CLEANUP.matcher(msg).find()) {
        cleanups = true;
        open = open == null ? new long[] {ms, 1} : new long[] {ms, open[1] + 1};
        openId = g.group(1);
      } else if (PAUSE.matcher(msg).matches()) {
        pauses.add(new long[] {ms});
        boolean ends = msg.contains("Degenerated") || cleanups && msg.contains("Pause Full");
        if (ends && WITH_HEAP.matcher(msg).find()) {
          open = open == null ? new long[] {ms, 0} : new long[] {ms, open[1]};
          openId = g.group(1);
        }
      }
    }
    if (open != null) {
      cycles.add(open);
    }
    long last = cycles.get(cycles.size() - 1)[0];
    long from = last / 4;
    long to = 3 * last / 4;
    long inside = 0;
    long outside = 0;
    for (long[] p : pauses) {
      if (p[0] >= from && p[0] < to) {
        inside++;
      } else {
        outside++;
      }
    }
    long cleanupLines = 0;
    for (long[] c : cycles) {
      cleanupLines += c[1];
      if (c[0] >= from && c[0] < to) {
        inside += c[1];
      } else {
        outside += c[1];
      }
    }
    assertThat(cleanupLines).isGreaterThan(3);
    for (int threads : new int[] {1, 2}) {
      Result r = run(Path.of(name), threads, new TimeWindow(from, to, 0));
      InputSummary in = r.inputs().get(0);
      assertThat(in.parsed()).as("parsed, %d threads", threads).isEqualTo(inside);
      assertThat(r.accounts().get(0).stats().count(TimeWindow.OUTSIDE))
          .as("outside --from/--to, %d threads", threads).isEqualTo(outside);
    }
    Result whole = run(Path.of(name), 1, null);
    assertThat(whole.inputs().get(0).parsed()).as("no window").isEqualTo(pauses.size() + cleanupLines);
  }

  private static Result run(Path file, int threads, TimeWindow window) {
    Pipeline.Options options = new Pipeline.Options(Optional.empty(), threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(64 << 10);
    Result.Spec spec = Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS);
    return new Pipeline(options).run(List.of(Input.file(file)),
        window == null ? spec : spec.withWindow(window));
  }
}
