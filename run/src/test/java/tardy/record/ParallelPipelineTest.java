package tardy.record;

import tardy.analysis.Analyzer;

import tardy.record.InputSummary;
import tardy.record.grouping.Grouping;
import tardy.run.Pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.input.Chunker;
import tardy.events.input.Input;
import tardy.events.input.LineReader;

/**
 * The parallel path must give exactly what one thread gives: same groups, counts, percentiles,
 * exact min/max/sum, status classes, time spans, and the same line accounting with true line
 * numbers, also for a malformed line that starts a chunk.
 */
class ParallelPipelineTest {

  @TempDir Path dir;

  private static final String[] PATHS = {
    "/product/%d", "/api/v1/orders/%d/items", "/health", "/static/app.3f9a1c2e.js",
    "/api/v1/users/%d?page=2", "/search?q=shoes", "/category/%d",
  };

  /** A combined + $request_time log, bigger than two chunks. */
  private Path writeLog(int lines) throws IOException {
    Path file = dir.resolve("access.log");
    Random rnd = new Random(42);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      for (int i = 0; i < lines; i++) {
        int second = i / 50;
        String path = String.format(Locale.ROOT, PATHS[rnd.nextInt(PATHS.length)],
            rnd.nextInt(100_000));
        int status = rnd.nextInt(100) < 95 ? 200 : (rnd.nextBoolean() ? 499 : 503);
        long millis = (long) Math.exp(rnd.nextGaussian() * 1.5 + 3);
        w.write(String.format(Locale.ROOT,
            "10.0.%d.%d - - [08/Mar/2023:%02d:%02d:%02d +0000] \"GET %s HTTP/1.1\" %d %d \"-\""
                + " \"curl/7.88.1\" %d.%03d\n",
            rnd.nextInt(256), rnd.nextInt(256), second / 3600 % 24, second / 60 % 60,
            second % 60, path, status, rnd.nextInt(10_000), millis / 1000, millis % 1000));
      }
    }
    return file;
  }

  /** Replaces the line that starts at {@code at} by x's of the same length; its 1-based number. */
  private static long spoilLineAt(Path file, long at) throws IOException {
    byte[] all = Files.readAllBytes(file);
    long line = 1;
    for (int i = 0; i < at; i++) {
      if (all[i] == '\n') {
        line++;
      }
    }
    int end = (int) at;
    while (all[end] != '\n') {
      end++;
    }
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(at);
      raf.write("x".repeat(end - (int) at).getBytes(StandardCharsets.US_ASCII));
    }
    return line;
  }

  private static Result run(Path file, LogFormat format, int threads) {
    Pipeline.Options options = new Pipeline.Options(Optional.of(format), threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null);
    return new Pipeline(options).run(List.of(Input.file(file)),
        Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS));
  }

  /** Everything a report shows of one group, as comparable text. */
  private static List<String> describe(Recorder recorder) {
    List<String> out = new ArrayList<>();
    for (Group g : recorder.groups()) {
      StringBuilder sb = new StringBuilder(g.name()).append(' ').append(g.count());
      for (double p : new double[] {50, 90, 99, 99.9, 100}) {
        sb.append(' ').append(g.latency().valueAtPercentile(p));
      }
      sb.append(" min=").append(g.minNanos()).append(" max=").append(g.maxNanos())
          .append(" sum=").append(g.sumNanos())
          .append(" status=").append(java.util.Arrays.toString(g.statusClasses()))
          .append(" 499=").append(g.clientClosed())
          .append(" ttsp=").append(g.timeToSafepoint() == null ? "-"
              : g.timeToSafepoint().valueAtPercentile(99) + "/" + g.timeToSafepoint().totalCount());
      out.add(sb.toString());
    }
    out.sort(null);
    return out;
  }

  @Test
  void parallelChunksGiveTheSameAnalysisAndTrueLineNumbers() throws IOException {
    Path file = writeLog(150_000);
    assertThat(Files.size(file)).isGreaterThan(2 * Pipeline.MIN_CHUNK_BYTES);
    LogFormat format = Formats.byName("combined").orElseThrow();
    int threads = 3;
    List<Chunker.Range> ranges = Chunker.split(file, threads, Pipeline.MIN_CHUNK_BYTES);
    assertThat(ranges).hasSize(threads);
    long spoiled = spoilLineAt(file, ranges.get(1).from());
    long spoiledLater = spoilLineAt(file, ranges.get(2).from());
    // the ranges depend only on the size and where newlines are: unchanged by the spoiling
    assertThat(Chunker.split(file, threads, Pipeline.MIN_CHUNK_BYTES)).isEqualTo(ranges);

    Result one = run(file, format, 1);
    Result many = run(file, format, threads);

    assertThat(describe(many.recorder().orElseThrow())).isEqualTo(describe(one.recorder().orElseThrow())).hasSizeGreaterThan(5);
    assertThat(many.recorder().orElseThrow().requests()).isEqualTo(one.recorder().orElseThrow().requests()).isEqualTo(150_000 - 2);
    assertThat(many.inputs()).isEqualTo(one.inputs());
    InputSummary summary = many.inputs().get(0);
    assertThat(summary.lines()).isEqualTo(150_000);
    assertThat(summary.toString()).contains("firstLines=[" + spoiled + ", " + spoiledLater + "]");
  }

  /** A JDK 17 -Xlog:safepoint log: each pause on its own line, so it is read in chunks too. */
  @Test
  void jdk17SafepointLogsInChunksEqualOneThread() throws IOException {
    String[] operations = {"G1CollectForAllocation", "Cleanup", "ICBufferFull", "HandshakeAllThreads"};
    Path file = dir.resolve("safepoint.log");
    Random rnd = new Random(9);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      for (int i = 0; i < 120_000; i++) {
        long reach = 500 + rnd.nextInt(200_000);
        long at = (long) Math.exp(rnd.nextGaussian() + 12);
        w.write(String.format(Locale.ROOT, "[2023-03-08T15:10:%02d.%03d+0000][%d.%03ds][info][safepoint]"
            + " Safepoint \"%s\", Time since last: %d ns, Reaching safepoint: %d ns, At safepoint: %d ns,"
            + " Total: %d ns\n", i / 1000 % 60, i % 1000, i / 1000, i % 1000,
            operations[rnd.nextInt(operations.length)], rnd.nextInt(1_000_000_000), reach, at, reach + at));
      }
    }
    assertThat(Files.size(file)).isGreaterThan(2 * Pipeline.MIN_CHUNK_BYTES);
    LogFormat format = Formats.byName("jvm-unified").orElseThrow();
    assertThat(format.linesIndependent(tardy.events.input.Sampler.sample(Input.file(file)))).isTrue();
    Result one = run(file, format, 1);
    Result many = run(file, format, 3);
    assertThat(describe(many.recorder().orElseThrow())).isEqualTo(describe(one.recorder().orElseThrow())).hasSize(operations.length);
    assertThat(many.recorder().orElseThrow().pauses()).isEqualTo(120_000);
    assertThat(Analyzer.analyze("t", many).stoppedShare())
        .isEqualTo(Analyzer.analyze("t", one).stoppedShare()).isPresent();
    assertThat(many.inputs()).isEqualTo(one.inputs());
  }

  /**
   * A unified GC log cut inside its last pause, with a concurrent cycle's lines printed inside
   * each pause: read in parts (cut where a GC begins after another's pause ended, never inside a
   * pause though another GC's line comes there) it is what one thread reads, the last pause's
   * start line malformed once.
   */
  @Test
  void aUnifiedLogCutInsideItsLastPauseInPartsEqualsOneThread() throws IOException {
    Path file = dir.resolve("gc.log");
    int gcs = 12_000;
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      for (int i = 0; i < gcs; i++) {
        String stamp = String.format(Locale.ROOT, "[2023-03-08T15:%02d:%02d.%03d+0000][%d.%03ds]",
            i / 60_000 % 60, i / 1000 % 60, i % 1000, i / 1000, i % 1000);
        w.write(stamp + "[info][gc,start    ] GC(" + i + ") Pause Young (Normal) (G1 Evacuation Pause)\n");
        // a concurrent cycle's line inside the pause (its thread is no part of the safepoint): no
        // part starts there, though it is another GC's
        for (int c = 0; c < 10; c++) { // most lines lie inside a pause: so do the cuts
          w.write(stamp + "[info][gc,marking  ] GC(" + (gcs + i) + ") Concurrent Mark From Roots 1.000ms\n");
        }
        w.write(stamp + "[info][gc,phases   ] GC(" + i + ")   Pre Evacuate Collection Set: 0.0ms\n");
        if (i < gcs - 1) {
          w.write(stamp + "[info][gc          ] GC(" + i + ") Pause Young (Normal) (G1 Evacuation Pause) 6M->1M(64M) "
              + (1 + i % 97) + ".123ms\n");
        }
      }
    }
    assertThat(Files.size(file)).isGreaterThan(2 * Pipeline.MIN_CHUNK_BYTES);
    LogFormat format = Formats.byName("jvm-unified").orElseThrow();
    Result one = run(file, format, 1);
    Result many = run(file, format, 3);
    assertThat(many.inputs()).isEqualTo(one.inputs());
    assertThat(one.inputs().get(0).malformed()).isEqualTo(1);
    assertThat(one.inputs().get(0).parsed()).isEqualTo(gcs - 1);
    assertThat(describe(many.recorder().orElseThrow())).isEqualTo(describe(one.recorder().orElseThrow()));
  }
}
