package tardy.render;

import tardy.analysis.Analyzer;

import tardy.render.registry.OutputFormat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.run.Pipeline;
import tardy.record.Result;
import tardy.record.grouping.GroupingMode;
import tardy.record.pause.PauseIndex;
import tardy.run.PausePlan;
import tardy.events.input.Input;
import tardy.events.input.LineReader;

/**
 * Past the recorders' group bound (4 × the cap), which operations a recorder tracks one by one
 * depends on where its part began; what a report shows must not. The log: its first ten seconds
 * hold 700 operations, each logged 70 times in a row, and the next ten minutes as many bytes of
 * 800 others, each once every ten seconds. One thread tracks 400 of the first ones, each in one
 * interval, and refuses every later one; a part that starts among the later ones tracks 400 of
 * them, each in 60 intervals, which is past the bounds on histograms per interval (20,000 of
 * --interval's, 20,000 of the pauses' span): before, one thread showed (other)'s latencies per
 * interval and the p50 and p99 of the requests against the pauses per interval, two did not.
 */
class PastTheGroupBoundTest {

  private static final int CAP = 100;

  @TempDir static Path dir;
  private static List<Input> inputs;

  @BeforeEach
  void logs() throws IOException {
    if (inputs != null) {
      return;
    }
    Path access = dir.resolve("access.log");
    Random rnd = new Random(7);
    try (Writer w = Files.newBufferedWriter(access, StandardCharsets.US_ASCII)) {
      for (int a = 0; a < 700; a++) {
        for (int i = 0; i < 70; i++) {
          request(w, a / 70, "/a" + a, rnd);
        }
      }
      for (int s = 10; s < 610; s++) {
        for (int b = s % 10; b < 800; b += 10) {
          request(w, s, "/b" + b, rnd);
        }
      }
    }
    Path jvm = dir.resolve("jvm.log");
    try (Writer w = Files.newBufferedWriter(jvm, StandardCharsets.US_ASCII)) {
      for (int s = 0; s < 612; s += 3) {
        w.write(String.format(Locale.ROOT, "[2023-03-08T12:%02d:%02d.500+0000][%d.500s][info][gc]"
            + " GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) %d.123ms\n",
            s / 60, s % 60, s, s / 3, 5 + s % 50));
      }
    }
    inputs = List.of(Input.file(access), Input.file(jvm));
  }

  private static void request(Writer w, int second, String path, Random rnd) throws IOException {
    long millis = 1 + (long) Math.exp(rnd.nextGaussian() + 3);
    w.write(String.format(Locale.ROOT,
        "10.0.0.1 - - [08/Mar/2023:12:%02d:%02d +0000] \"GET %s HTTP/1.1\" 200 5 \"-\""
            + " \"curl/8\" %d.%03d\n", second / 60, second % 60, path, millis / 1000,
        millis % 1000));
  }

  @Test
  void theJsonAndThePageAreTheSameWhateverTheThreadsAndTheCuts() throws IOException {
    String one = render(1, 1 << 20);
    for (int threads : new int[] {2, 3}) {
      for (long chunk : new long[] {1, 4096, 65536}) {
        assertThat(render(threads, chunk)).as("%d threads, parts of %d bytes at least",
            threads, chunk).isEqualTo(one);
      }
    }
  }

  /** What past the bound keeps: per interval, the operations the sample ranked; no (other). */
  @Test
  void pastTheBoundOnlyTheRankedOperationsKeepTheirIntervals() throws IOException {
    String one = render(1, 1 << 20);
    assertThat(one).contains("About ").contains("Per interval, 100 of the 102 operations are"
        + " shown, those the traffic sample saw most: the log has more operations than tardy"
        + " tracks one by one (4 × --max-operations).");
    assertThat(one).contains("max (dashed red; too many operations to keep their percentiles per"
        + " interval)");
  }

  private static String render(int threads, long chunk) throws IOException {
    Pipeline.Options options = new Pipeline.Options(Optional.empty(), threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(chunk);
    PauseIndex index = PausePlan.read(inputs, options, OptionalLong.empty()).orElseThrow();
    Result result = new Pipeline(options).run(inputs, plan -> Result.Spec.report(
        plan.grouping(GroupingMode.RAW, 2 * CAP), CAP).withPauses(index)
        .withPerInterval(10_000));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    var analysis = Analyzer.analyze("tardy test", result);
    OutputFormat.JSON.renderer(View.PLAIN).render(analysis, out);
    OutputFormat.CSV.renderer(View.PLAIN).render(analysis, out);
    OutputFormat.HTML.renderer(View.PLAIN).render(analysis, out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
