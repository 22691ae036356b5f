package tardy.render.hdr;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.analysis.Analysis;
import tardy.record.InputSummary;
import tardy.analysis.Summary;
import tardy.record.interval.Timeline;

/** The header and line layout are frozen, and no default locale or time zone changes a byte. */
class GoldenLayoutTest {

  private Locale locale;
  private TimeZone zone;

  @BeforeEach
  void save() {
    locale = Locale.getDefault();
    zone = TimeZone.getDefault();
  }

  @AfterEach
  void restore() {
    Locale.setDefault(locale);
    TimeZone.setDefault(zone);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "de-DE", "tr-TR"})
  void hlogIsByteIdenticalUnderEveryLocale(String tag) throws IOException {
    use(tag);
    Timeline timeline = HlogFixtures.fixed().timelines().get(0);
    check(HlogFixtures.write(timeline, OptionalLong.of(0)), "golden.hlog");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "de-DE", "tr-TR"})
  void hgrmIsByteIdenticalUnderEveryLocale(String tag) throws IOException {
    use(tag);
    Timeline timeline = HlogFixtures.fixed().timelines().get(0);
    org.HdrHistogram.AbstractHistogram all = tardy.record.histogram.Histograms.newNanos();
    timeline.intervals().values().forEach(iv -> all.add(iv.all()));
    tardy.record.histogram.NanosHistogram counts = new tardy.record.histogram.NanosHistogram();
    counts.add(all);
    Summary total = new Summary("(total)", tardy.events.Family.REQUEST, all.getTotalCount(), all.getMinValue(),
        all.getMaxValue(), 0, null, null, null, new long[6], 0, List.of(), 0, counts, null, null, null, List.of());
    Summary group = new Summary("GET /api/{id}", tardy.events.Family.REQUEST, all.getTotalCount(), all.getMinValue(),
        all.getMaxValue(), 0, null, null, null, new long[6], 0, List.of(), 0, counts, null, null, null, List.of());
    Analysis analysis = new Analysis("tardy test", List.<InputSummary>of(),
        Analysis.Kind.PAUSES, List.of(total), List.of(group), 0, 1000, Optional.empty(), List.of(),
        Optional.empty(), List.of(), Optional.empty(), List.of());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new HgrmRenderer().render(analysis, out);
    check(out.toString(StandardCharsets.UTF_8), "golden.hgrm");
  }

  private static void use(String tag) {
    Locale.setDefault(tag.isEmpty() ? Locale.ROOT : Locale.forLanguageTag(tag));
    TimeZone.setDefault(TimeZone.getTimeZone(tag.isEmpty() ? "UTC" : "Asia/Kolkata"));
  }

  /** On a difference the actual text lands in target/actual-NAME, to compare or adopt. */
  private static void check(String actual, String name) throws IOException {
    String expected;
    try (InputStream in = GoldenLayoutTest.class.getResourceAsStream(name)) {
      expected = in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    if (!actual.equals(expected)) {
      Files.writeString(Path.of("target", "actual-" + name), actual);
    }
    assertThat(actual).as("golden file %s", name).isEqualTo(expected);
  }
}
