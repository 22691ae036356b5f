package tardy.record.clock;

import tardy.analysis.Analyzer;

import tardy.analysis.Analysis;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.record.grouping.Grouping;
import tardy.run.Pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tardy.events.Family;
import tardy.events.input.Input;
import tardy.events.input.LineReader;

/**
 * The span a report states is the earliest and latest logged time, read here by a regex and
 * java.time rather than by tardy's parsers, and the rate counts the last time's resolution.
 */
class SpansTest {

  private static final Pattern LOCAL = Pattern.compile("\\[(\\d\\d/\\w{3}/\\d{4}:[\\d:]{8} [+-]\\d{4})\\]");
  private static final Pattern UL = Pattern.compile("^\\[(\\d{4}-[^\\]]+)\\].*Safepoint \"");
  private static final DateTimeFormatter NGINX =
      DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);
  private static final DateTimeFormatter JVM =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT);

  private static Analysis analyse(Path file, int threads) {
    Pipeline.Options options = new Pipeline.Options(Optional.empty(), threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(4096);
    return Analyzer.analyze("test", new Pipeline(options).run(List.of(Input.file(file)),
        Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS)));
  }

  private static long[] minMaxCount(Path file, Pattern p, DateTimeFormatter f) throws IOException {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    long n = 0;
    for (String line : Files.readAllLines(file, StandardCharsets.ISO_8859_1)) {
      Matcher m = p.matcher(line);
      if (m.find()) {
        long t = OffsetDateTime.parse(m.group(1), f).toInstant().toEpochMilli();
        min = Math.min(min, t);
        max = Math.max(max, t);
        n++;
      }
    }
    return new long[] {min, max, n};
  }

  @Test
  void anAccessLogsSpanAndRateAreItsFirstAndLastSecondWhateverTheThreads() throws IOException {
    Path file = Path.of("../samples/shop-access.log");
    long[] expected = minMaxCount(file, LOCAL, NGINX);
    for (int threads : new int[] {1, 3}) {
      Span span = analyse(file, threads).spanOf(Family.REQUEST).orElseThrow();
      assertThat(new long[] {span.firstMillis(), span.lastMillis(), span.events()})
          .isEqualTo(expected);
      assertThat(span.resolutionMillis()).isEqualTo(1000);
      assertThat(span.perSecond())
          .isEqualTo(expected[2] * 1000.0 / (expected[1] - expected[0] + 1000));
    }
  }

  @Test
  void aJvmLogsSpanIsPerFamilyToTheMillisecond() throws IOException {
    Path file = Path.of("../samples/safepoint-jdk17.log");
    long[] expected = minMaxCount(file, UL, JVM);
    Analysis a = analyse(file, 1);
    Span span = a.spanOf(Family.SAFEPOINT).orElseThrow();
    assertThat(new long[] {span.firstMillis(), span.lastMillis(), span.events()}).isEqualTo(expected);
    assertThat(span.resolutionMillis()).isEqualTo(1);
    assertThat(a.spanOf(Family.REQUEST)).isEmpty();
  }

  @Test
  void aRateNeedsASecond() {
    assertThat(new Span(Family.GC_PAUSE, 5, 5, 1, 2).rated()).isFalse();
    assertThat(new Span(Family.REQUEST, 5, 5, 1000, 100).rated()).isTrue();
    assertThat(new Span(Family.REQUEST, 5, 5, 1000, 100).perSecond()).isEqualTo(100.0);
  }
}
