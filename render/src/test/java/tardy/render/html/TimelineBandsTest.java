package tardy.render.html;

import tardy.analysis.Analyzer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.record.grouping.Grouping;
import tardy.run.Pipeline;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.events.input.Input;
import tardy.render.registry.OutputFormat;
import tardy.render.View;

/**
 * A page draws the pauses on each busy operation's timeline. Past {@link TimelineHtml#MAX_BANDS}
 * pauses, one band per pixel and family holds the pauses that start there, and says how many: a
 * band per pause made the page of a million pauses hundreds of megabytes.
 */
class TimelineBandsTest {

  private static final DateTimeFormatter UL = DateTimeFormatter
      .ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter LOCAL = DateTimeFormatter
      .ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final long START = Instant.parse("2026-11-23T21:00:00Z").toEpochMilli();

  @Test
  void manyPausesAreDrawnABandPerPixelThatCountsThem(@TempDir Path dir) throws IOException {
    int pauses = 30_000; // one every 120 ms for an hour: a few dozen per pixel
    String html = page(dir, pauses);
    List<String> bands = Pattern.compile("<rect class=\"pause safepoint\"[^>]*><title>[^<]*</title>")
        .matcher(html).results().map(m -> m.group()).toList();
    int charts = html.split("and JVM pauses\">", -1).length - 1;
    assertThat(charts).isEqualTo(3);
    assertThat(bands.size()).isLessThanOrEqualTo(charts * 900).isGreaterThan(charts * 800);
    long counted = 0;
    Matcher many = Pattern.compile("<title>([0-9,]+) pauses, ").matcher(String.join("\n", bands));
    while (many.find()) {
      counted += Long.parseLong(many.group(1).replace(",", ""));
    }
    long single = bands.stream().filter(b -> !b.contains(" pauses, ")).count();
    assertThat(counted + single).as("every pause in one band of each chart").isEqualTo(3L * pauses);
    assertThat(html.length()).isLessThan(2_000_000);
  }

  @Test
  void fewPausesAreABandEach(@TempDir Path dir) throws IOException {
    String html = page(dir, TimelineHtml.MAX_BANDS);
    assertThat(html.split("<rect class=\"pause safepoint\"", -1)).hasSize(1 + 3 * TimelineHtml.MAX_BANDS);
    assertThat(html).doesNotContainPattern("<title>[0-9,]+ pauses, ");
  }

  /** An access log of three operations beside a safepoint log of that many pauses over an hour. */
  private static String page(Path dir, int pauses) throws IOException {
    StringBuilder jvm = new StringBuilder();
    for (int i = 0; i < pauses; i++) {
      long end = START + 3_600_000L * i / pauses + 5;
      jvm.append('[').append(UL.format(Instant.ofEpochMilli(end))).append("][")
          .append(String.format(Locale.ROOT, "%.3fs", (end - START + 1_000) / 1000.0))
          .append("] Safepoint \"Cleanup\", Time since last: 1000 ns, Reaching safepoint: 2000 ns,")
          .append(" At safepoint: ").append(1_000_000 + i).append(" ns, Total: ")
          .append(1_002_000 + i).append(" ns\n");
    }
    StringBuilder access = new StringBuilder();
    for (int i = 0; i < 3_600; i++) {
      access.append(String.format(Locale.ROOT,
          "127.0.0.1 - - [%s] \"GET /op%d HTTP/1.1\" 200 5 \"-\" \"x\" 0.%03d%n",
          LOCAL.format(Instant.ofEpochMilli(START + 1_000L * i)), i % 3, i % 1000));
    }
    List<Input> inputs = List.of(Input.file(Files.writeString(dir.resolve("access.log"), access)),
        Input.file(Files.writeString(dir.resolve("jvm.log"), jvm)));
    Result result = new Pipeline(Pipeline.Options.defaults()).runWithPauses(inputs,
        plan -> Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS),
        OptionalLong.empty());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OutputFormat.HTML.renderer(View.PLAIN).render(Analyzer.analyze("tardy test", result), out);
    return out.toString(StandardCharsets.UTF_8);
  }
}
