package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.analysis.Analysis;
import tardy.analysis.Analyzer;
import tardy.analysis.SlowRequest;
import tardy.events.LogFormat;
import tardy.events.input.Input;
import tardy.events.input.LineReader;
import tardy.formats.Formats;
import tardy.record.Result;
import tardy.record.grouping.GroupingMode;
import tardy.render.registry.OutputFormat;
import tardy.run.Pipeline;

/**
 * Each row's slowest requests in JSON are the first five of a plain sort of its lines by request
 * time (slowest first, equal times in line order), with the request id the line logged, the same
 * with one thread as with three (the log cut into parts as small as a line).
 */
class SlowestRequestsJsonTest {

  private static final String LOG_FORMAT = "$remote_addr - - [$time_local] \"$request\" $status"
      + " $body_bytes_sent \"$request_id\" $request_time";
  private static final String[] PATHS = {"/api/a", "/api/b", "/static/c", "/health"};

  @TempDir Path dir;

  /** One generated line: its number, path, time in ms and request id. */
  record Line(long number, String path, long millis, String id) {}

  @Test
  void theSlowestOfEachRowAndOfAllAreThePlainSortsFirstFiveWhateverTheThreads() throws Exception {
    Random random = new Random(34);
    List<Line> lines = new ArrayList<>();
    StringBuilder log = new StringBuilder();
    for (int n = 1; n <= 20_000; n++) {
      String path = PATHS[random.nextInt(PATHS.length)];
      long millis = random.nextInt(300); // whole ms: many requests are equally slow
      String id = random.nextInt(10) == 0 ? "-" : Long.toHexString(random.nextLong());
      lines.add(new Line(n, path, millis, id));
      log.append("10.0.0.1 - - [10/Oct/2023:13:55:").append(String.format(Locale.ROOT, "%02d",
          n * 60 / 20_001)).append(" +0000] \"GET ").append(path).append(" HTTP/1.1\" 200 5 \"")
          .append(id).append("\" ").append(millis / 1000).append('.')
          .append(String.format(Locale.ROOT, "%03d", millis % 1000)).append('\n');
    }
    Path file = dir.resolve("ids.log");
    Files.writeString(file, log);
    String one = json(analysis(file, 1));
    assertThat(json(analysis(file, 3))).isEqualTo(one);
    assertThat(one).contains("\"slowest\" : [ {");
    Map<String, List<Line>> byRow = new HashMap<>();
    for (Line l : lines) {
      byRow.computeIfAbsent("GET " + l.path(), k -> new ArrayList<>()).add(l);
    }
    byRow.put("(total)", lines);
    Map<String, List<SlowRequest>> slowest = analysis(file, 3).slowestRequests();
    assertThat(slowest.keySet()).isEqualTo(byRow.keySet());
    for (Map.Entry<String, List<Line>> row : byRow.entrySet()) {
      assertSlowest(slowest.get(row.getKey()), row.getValue(), row.getKey());
    }
  }

  private static void assertSlowest(List<SlowRequest> slowest, List<Line> lines, String what) {
    List<Line> sorted = new ArrayList<>(lines);
    sorted.sort(Comparator.comparingLong((Line l) -> -l.millis()).thenComparingLong(Line::number));
    assertThat(slowest).as(what).hasSize(5);
    for (int i = 0; i < 5; i++) {
      Line want = sorted.get(i);
      SlowRequest got = slowest.get(i);
      assertThat(got.nanos()).as("%s #%d", what, i).isEqualTo(want.millis() * 1_000_000);
      assertThat(got.line()).as("%s #%d", what, i).isEqualTo(want.number());
      assertThat(got.requestId() == null ? "-" : got.requestId()).as("%s #%d", what, i)
          .isEqualTo(want.id());
      assertThat(got.status()).isEqualTo(200);
      assertThat(got.source()).endsWith("ids.log");
    }
  }

  private static Analysis analysis(Path log, int threads) throws IOException {
    Optional<LogFormat> format = Optional.of(Formats.resolve(LOG_FORMAT));
    Pipeline.Options options = new Pipeline.Options(format, threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(1);
    Result result = new Pipeline(options).run(List.of(Input.file(log)),
        plan -> Result.Spec.report(plan.grouping(GroupingMode.RAW, 2000), 1000));
    return Analyzer.analyze("tardy test", result);
  }

  private static String json(Analysis analysis) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OutputFormat.JSON.renderer(View.PLAIN).render(analysis, out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
