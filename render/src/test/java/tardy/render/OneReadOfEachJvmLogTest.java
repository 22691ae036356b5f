package tardy.render;

import tardy.analysis.Analyzer;

import tardy.render.registry.OutputFormat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.record.grouping.Grouping;
import tardy.run.Pipeline;
import tardy.run.Plan;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.record.window.TimeWindow;
import tardy.record.pause.PauseIndex;
import tardy.run.PausePlan;
import tardy.events.Corpus;
import tardy.events.Times;
import tardy.events.input.Input;
import tardy.events.input.LineReader;

/**
 * The timeline reads each JVM log once: that read gives the pause index and the log's own
 * result ({@link Pipeline#runWithPauses}). Its report must be, byte for byte, the one of reading
 * the log twice (for the index, then in its place in the report's pass, cut into parts), whatever
 * the threads, a time window, whether the JVM log comes first or last in time, and however its
 * pauses are placed (their own wall clock, {@code --start-time}, the log's own anchors).
 */
class OneReadOfEachJvmLogTest {

  private static final Path SAMPLES = Path.of("..", "samples", "timeline");

  @Test
  void aLogWithTheWallClockReadOnceReportsAsReadTwice() throws IOException {
    Path dir = SAMPLES.resolve("g1-time");
    sameBothWays(List.of(dir.resolve("access-msec.log"), dir.resolve("jvm.log")),
        OptionalLong.empty());
    sameBothWays(List.of(dir.resolve("access-combined.log"), dir.resolve("jvm.log")),
        OptionalLong.empty());
    dir = SAMPLES.resolve("serial-utctime");
    sameBothWays(List.of(dir.resolve("access-iso.log"), dir.resolve("jvm.log")),
        OptionalLong.empty());
  }

  /** The JVM log's first pause after the first request: it is read first all the same. */
  @Test
  void aJvmLogThatStartsLaterIsReadFirstAndAddedInItsPlace(@TempDir Path tmp) throws IOException {
    Path dir = SAMPLES.resolve("g1-time");
    List<String> lines = Files.readAllLines(dir.resolve("jvm.log"), StandardCharsets.ISO_8859_1);
    Path later = Files.write(tmp.resolve("jvm-later.log"), lines.subList(lines.size() / 2,
        lines.size()), StandardCharsets.ISO_8859_1);
    List<Path> logs = List.of(later, dir.resolve("access-msec.log"));
    List<Plan.Entry> order = Plan.of(inputs(logs), Optional.empty()).entries();
    assertThat(order.get(0).input().name()).as("the access log first in time")
        .endsWith("access-msec.log");
    sameBothWays(logs, OptionalLong.empty());
  }

  @Test
  void anUptimeOnlyLogPlacedByTheStartTimeReadOnceReportsAsReadTwice() throws IOException {
    Path dir = SAMPLES.resolve("parallel-uptime");
    String anchor = Files.readAllLines(dir.resolve("anchor.log")).stream()
        .filter(l -> l.contains("Safepoint") && l.startsWith("[20")).findFirst().orElseThrow();
    long wall = java.time.OffsetDateTime.parse(anchor.substring(1, anchor.indexOf(']')),
        java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ"))
        .toInstant().toEpochMilli();
    String uptime = anchor.substring(anchor.indexOf("][") + 2, anchor.indexOf("s]"));
    long start = wall - new java.math.BigDecimal(uptime).movePointRight(3).longValueExact();
    sameBothWays(List.of(dir.resolve("access-msec.log"), dir.resolve("jvm.log")),
        OptionalLong.of(start));
  }

  /**
   * A JDK 6 CMS log of the corpus whose uptime-only pauses its stamped concurrent phases place,
   * beside requests spread over its 16 hours.
   */
  @Test
  void aLogPlacedByItsOwnAnchorsReadOnceReportsAsReadTwice(@TempDir Path tmp) throws IOException {
    Path log = Corpus.require("jvm").resolve(
        "microsoft_gctoolkit-testdata/gctoolkit-gclogs/preunified/cms/parnew/details/1073_1.log");
    StringBuilder access = new StringBuilder();
    java.time.format.DateTimeFormatter local = java.time.format.DateTimeFormatter
        .ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);
    java.time.ZonedDateTime t = java.time.ZonedDateTime.parse("2010-04-20T18:50:00+01:00");
    for (int i = 0; i < 4000; i++, t = t.plusSeconds(15)) {
      access.append(String.format(Locale.ROOT,
          "127.0.0.1 - - [%s] \"GET /item/%d HTTP/1.1\" 200 5 \"-\" \"x\" %d.%03d%n",
          local.format(t), i % 7, i % 4, (i * 37) % 1000));
    }
    sameBothWays(List.of(Files.writeString(tmp.resolve("access.log"), access), log),
        OptionalLong.empty());
  }

  /**
   * With {@code --rejects}, written in the inputs' order: the JVM log is read once all the same
   * (its result comes from the index's read), its malformed lines kept until its place, and the
   * report and the rejects are those of reading it twice, whether it comes first or last in time;
   * a log with more malformed lines than are kept is read again in its place, with the same
   * output.
   */
  @Test
  void withRejectsEachJvmLogIsReadOnceAndItsRejectsKeepTheInputsOrder(@TempDir Path tmp)
      throws IOException {
    Path dir = SAMPLES.resolve("g1-time");
    List<String> jvm = new ArrayList<>(Files.readAllLines(dir.resolve("jvm.log"),
        StandardCharsets.ISO_8859_1));
    String damagedPause = null;
    for (int i = 0; i < jvm.size(); i++) { // a damaged time makes a pause line malformed
      if (jvm.get(i).contains(" Pause ") && jvm.get(i).endsWith("ms") && i % 3 == 0) {
        jvm.set(i, "[2026-1x" + jvm.get(i).substring(8));
        damagedPause = jvm.get(i);
      }
    }
    List<String> access = new ArrayList<>(Files.readAllLines(dir.resolve("access-msec.log")));
    access.add(5, "not a request");
    Path accessLog = Files.write(tmp.resolve("access.log"), access);
    Path first = Files.write(tmp.resolve("jvm-first.log"), jvm, StandardCharsets.ISO_8859_1);
    Path last = Files.write(tmp.resolve("jvm-last.log"), jvm.subList(jvm.size() / 2, jvm.size()),
        StandardCharsets.ISO_8859_1);
    List<String> many = new ArrayList<>(jvm);
    for (int i = 0; many.size() * 100L < 5L << 20; i++) { // past the 4 MiB kept
      many.add(damagedPause);
    }
    Path tooMany = Files.write(tmp.resolve("jvm-many.log"), many, StandardCharsets.ISO_8859_1);
    for (Path log : List.of(first, last, tooMany)) {
      List<Input> inputs = inputs(List.of(log, accessLog));
      Function<Plan, Result.Spec> spec = plan -> Result.Spec.report(Grouping.DEFAULT,
          Recorder.DEFAULT_MAX_GROUPS).withPerInterval(10_000);
      StringBuilder rejectedOnce = new StringBuilder();
      StringBuilder rejectedTwice = new StringBuilder();
      Pipeline.Options once = options(rejectedOnce);
      Pipeline.Options twice = options(rejectedTwice);
      Plan plan = Plan.of(inputs, Optional.empty());
      int jvmIndex = plan.entries().stream().filter(e -> e.input().name().equals(log.toString()))
          .findFirst().orElseThrow().index();
      assertThat(PausePlan.read(plan, spec.apply(plan), once, OptionalLong.empty())
          .orElseThrow().results()).as("%s read once", log)
          .hasSize(log == tooMany ? 0 : 1).allSatisfy((index, r) -> assertThat(index)
              .isEqualTo(jvmIndex));
      rejectedOnce.setLength(0);
      PauseIndex index = PausePlan.read(inputs, twice, OptionalLong.empty()).orElseThrow();
      String twiceOut = render(new Pipeline(twice).run(inputs,
          p -> spec.apply(p).withPauses(index)));
      String onceOut = render(new Pipeline(once).runWithPauses(inputs, spec, OptionalLong.empty()));
      assertThat(onceOut).as(log.toString()).contains("\"timeline\"").isEqualTo(twiceOut);
      assertThat(rejectedOnce.toString()).as(log.toString()).isEqualTo(rejectedTwice.toString())
          .contains(log + ":").contains(accessLog + ":6:");
      assertThat(rejectedOnce.indexOf(log + ":") < rejectedOnce.indexOf(accessLog + ":"))
          .as("%s: rejects in the inputs' order", log).isEqualTo(jvmIndex == 0);
    }
  }

  private static Pipeline.Options options(StringBuilder rejected) {
    return new Pipeline.Options(Optional.empty(), 2, LineReader.DEFAULT_MAX_LINE_BYTES,
        (input, line, outcome, buf, from, to) -> rejected.append(input).append(':').append(line)
            .append(": ").append(outcome.reason()).append(": ")
            .append(new String(buf, from, to - from, StandardCharsets.ISO_8859_1)).append('\n'))
        .withMinChunkBytes(1 << 10);
  }

  /** Each way, threads 1 and 2 (small parts), with and without a window: the same bytes. */
  private static void sameBothWays(List<Path> logs, OptionalLong start) throws IOException {
    List<Input> inputs = inputs(logs);
    for (boolean windowed : new boolean[] {false, true}) {
      TimeWindow window = windowed ? middle(inputs) : null;
      Function<Plan, Result.Spec> spec = plan -> Result.Spec.report(Grouping.DEFAULT,
          Recorder.DEFAULT_MAX_GROUPS).withWindow(window).withPerInterval(windowed ? 0 : 10_000);
      for (int threads : new int[] {1, 2}) {
        Pipeline.Options options = new Pipeline.Options(Optional.empty(), threads,
            LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(1 << 10);
        PauseIndex index = PausePlan.read(inputs, options, start).orElseThrow();
        String twice = render(new Pipeline(options).run(inputs,
            plan -> spec.apply(plan).withPauses(index)));
        String once = render(new Pipeline(options).runWithPauses(inputs, spec, start));
        assertThat(once).as("%s, %d threads, window %s", logs, threads, window)
            .contains("\"timeline\"").isEqualTo(twice);
      }
    }
  }

  /** The middle third of the requests' span: some pauses and requests fall outside it. */
  private static TimeWindow middle(List<Input> inputs) {
    Pipeline.Options options = new Pipeline.Options(Optional.empty(), 1,
        LineReader.DEFAULT_MAX_LINE_BYTES, null);
    var spans = Analyzer.analyze("tardy test", new Pipeline(options).run(inputs,
        Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS))).spans();
    var requests = spans.stream().filter(s -> s.family() == tardy.events.Family.REQUEST)
        .findFirst().orElseThrow();
    long third = (requests.lastMillis() - requests.firstMillis()) / 3;
    return new TimeWindow(requests.firstMillis() + third, requests.lastMillis() - third,
        Times.NONE);
  }

  private static List<Input> inputs(List<Path> logs) {
    List<Input> out = new ArrayList<>();
    logs.forEach(p -> out.add(Input.file(p)));
    return out;
  }

  private static String render(Result result) throws IOException {
    var analysis = Analyzer.analyze("tardy test", result);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OutputFormat.JSON.renderer(View.PLAIN).render(analysis, out);
    OutputFormat.CSV.renderer(View.PLAIN).render(analysis, out);
    OutputFormat.HTML.renderer(View.PLAIN).render(analysis, out);
    OutputFormat.TABLE.renderer(View.PLAIN).render(analysis, out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
