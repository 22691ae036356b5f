package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.analysis.Analyzer;
import tardy.events.input.Input;
import tardy.events.input.LineReader;
import tardy.formats.FormatChoice;
import tardy.record.Result;
import tardy.record.grouping.GroupingMode;
import tardy.render.registry.OutputFormat;
import tardy.run.Pipeline;
import tardy.run.Plan;
import tardy.run.live.FileTail;
import tardy.run.live.Follow;
import tardy.run.live.Ticker;

/**
 * Every engine of this build gives the batch engine's bytes: the batch engine on one thread and
 * on two over small parts, and the live engine following the log as it is written in pieces cut
 * anywhere. (The Spark engine is held to the same bytes by SameJsonOnSparkTest, on a local
 * cluster of two executors.)
 */
class EnginesContractTest {

  private static final long SECOND = 1_000_000_000L;

  @TempDir Path dir;

  private static Result.Spec spec(Plan plan) {
    return Result.Spec.report(plan.grouping(GroupingMode.INFER, 2000), 1000);
  }

  private static String json(Result result) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OutputFormat.JSON.renderer(View.PLAIN).render(Analyzer.analyze("tardy test", result), out);
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  private static Result batch(Path log, int threads, long minChunkBytes) {
    return new Pipeline(new Pipeline.Options(FormatChoice.DETECT, threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null, minChunkBytes))
        .run(List.of(Input.file(log)), EnginesContractTest::spec);
  }

  /** The live engine's whole-run result for {@code all}, written into {@code log} in pieces. */
  private static Result live(Path log, byte[] all, int pieces) throws Exception {
    Files.write(log, new byte[0]);
    List<Runnable> steps = new ArrayList<>();
    int piece = all.length / pieces + 1;
    for (int at = 0; at < all.length; at += piece) {
      int from = at;
      steps.add(() -> {
        try {
          Files.write(log, Arrays.copyOfRange(all, from, Math.min(all.length, from + piece)),
              StandardOpenOption.APPEND);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
    }
    Script script = new Script(steps);
    List<Follow.Snapshot> shown = new ArrayList<>();
    new Follow(FileTail.open(log), new Follow.Settings(SECOND, 3600 * SECOND, SECOND / 10,
        LineReader.DEFAULT_MAX_LINE_BYTES, Optional.empty()), EnginesContractTest::spec, script,
        script::done, shown::add).run();
    return shown.get(shown.size() - 1).sinceStart();
  }

  @ParameterizedTest
  @ValueSource(strings = {"shop-access.log", "access-nginx.log", "safepoint-jdk17.log",
      "gc-g1-jdk17.log", "gc-jdk8.log"})
  void everyEngineGivesTheBatchBytes(String name) throws Exception {
    Path sample = Path.of("..", "samples", name);
    Path log = dir.resolve(name); // the same name on every engine, as reports show it
    byte[] all = Files.readAllBytes(sample);
    Files.write(log, all);
    String oneThread = json(batch(log, 1, Pipeline.MIN_CHUNK_BYTES));
    assertThat(oneThread).contains("\"groups\"");

    assertThat(json(batch(log, 2, 4096))).as("batch, two threads, small parts")
        .isEqualTo(oneThread);
    assertThat(json(live(log, all, 7))).as("live, the log written in seven pieces")
        .isEqualTo(oneThread);
  }

  /** A clock that moves on when asked to sleep, doing the next step each time, then stops. */
  private static final class Script implements Ticker {
    private final List<Runnable> steps;
    private long now = SECOND;
    private int next;
    private int idle;

    Script(List<Runnable> steps) {
      this.steps = steps;
    }

    @Override
    public long nanos() {
      return now;
    }

    @Override
    public void sleep(long nanos) {
      now += nanos;
      if (next < steps.size()) {
        steps.get(next++).run();
      } else {
        idle++;
      }
    }

    /** Done once every piece is written and the engine has looked twice more. */
    boolean done() {
      return next == steps.size() && idle > 2;
    }
  }
}
