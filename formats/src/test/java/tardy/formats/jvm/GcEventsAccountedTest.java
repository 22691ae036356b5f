package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import tardy.events.Corpus;
import tardy.events.EventSink;
import tardy.events.Family;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.ParseStats;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Sample;
import tardy.events.input.LineReader;

/**
 * Silence is the worst failure: every line that opens a GC event, found by {@link GcOpenings}
 * (independently of the parsers), either became a GC pause that names it as its line or was
 * counted malformed (and so goes to {@code --rejects}); and the GC pauses parsed are, in number,
 * sum and maximum, the ones the independent extractions find. Over the JDK 6-8 flag variants
 * kept here, the repository's samples, and every JVM text log of the shared corpus.
 */
class GcEventsAccountedTest {

  private static final Path FLAG_VARIANTS = Path.of("src/test/resources/jvm-logs/flags-jdk6-8");

  @Test
  void everyFlagVariantLogAccountsForEveryGcOpening() throws IOException {
    SoftAssertions soft = new SoftAssertions();
    try (Stream<Path> files = Files.list(FLAG_VARIANTS)) {
      for (Path file : files.filter(f -> !f.getFileName().toString().endsWith(".md")).sorted()
          .toList()) {
        check(soft, file.toString(), Files.readAllBytes(file), null);
      }
    }
    soft.assertAll();
  }

  @Test
  void everySampleLogAccountsForEveryGcOpening() throws IOException {
    SoftAssertions soft = new SoftAssertions();
    List<Path> logs = new ArrayList<>();
    for (Path dir : new Path[] {Path.of("../samples"), Path.of("src/test/resources/jvm-logs"),
        Path.of("src/test/resources/samples/jdk8-gc")}) {
      try (Stream<Path> files = Files.list(dir)) {
        files.filter(f -> Files.isRegularFile(f) && !f.getFileName().toString().startsWith("access")
            && f.getFileName().toString().matches(".*\\.log(\\.\\d+)?")).sorted().forEach(logs::add);
      }
    }
    assertThat(logs).hasSizeGreaterThan(40);
    for (Path file : logs) {
      check(soft, file.toString(), Files.readAllBytes(file), null);
    }
    soft.assertAll();
  }

  @Test
  void everyCorpusLogAccountsForEveryGcOpening() throws IOException {
    Path dir = Corpus.require("jvm");
    List<String> rows = Files.readAllLines(dir.resolve("INDEX.tsv"), StandardCharsets.UTF_8);
    SoftAssertions soft = new SoftAssertions();
    long files = 0;
    for (String row : rows.subList(1, rows.size())) {
      String[] cols = row.split("\t");
      if (cols[0].startsWith("hlog/") || cols[5].startsWith("hlog")) {
        continue;
      }
      String name = cols[5].startsWith("ul") ? "jvm-unified" : "jdk8-gc";
      for (Map.Entry<String, byte[]> input : CorpusTexts.of(dir, dir.resolve(cols[0])).entrySet()) {
        check(soft, input.getKey(), input.getValue(), name);
      }
      files++;
    }
    System.out.println("GC openings accounted for in " + files + " corpus files");
    soft.assertAll();
  }

  /** Parses {@code bytes} with {@code formatName}, or the detected format when null. */
  private static void check(SoftAssertions soft, String name, byte[] bytes, String formatName)
      throws IOException {
    LogFormat format = formatName != null ? Formats.byName(formatName).orElseThrow()
        : Formats.detect(sample(bytes)).best().orElse(null);
    if (format == null) {
      soft.fail("%s: no format detected", name);
      return;
    }
    boolean unified = format.name().equals("jvm-unified");
    if (!unified && !format.name().equals("jdk8-gc")) {
      return; // not a JVM log
    }
    Lines sink = new Lines();
    Set<Long> rejected = new HashSet<>();
    new LineReader().read(new ByteArrayInputStream(bytes), format.newParser(), sink,
        new ParseStats(), (line, outcome, b, from, to) -> rejected.add(line), true);
    List<Long> openings = new ArrayList<>();
    List<Long> expected = new ArrayList<>();
    if (unified) {
      openings.addAll(GcOpenings.unified(bytes));
      expected.addAll(GcTruth.unified(bytes, false));
    } else {
      for (GcOpenings.Opening o : GcOpenings.jdk8(bytes)) {
        openings.add(o.line());
      }
      expected.addAll(GcTruth.jdk8(bytes));
    }
    List<Long> silent = new ArrayList<>();
    for (long line : openings) {
      if (!sink.lines.contains(line) && !rejected.contains(line)) {
        silent.add(line);
      }
    }
    soft.assertThat(silent).as("%s: lines that open a GC event, neither a pause nor malformed",
        name).isEmpty();
    soft.assertThat(sink.nanos.size()).as("%s: GC pauses", name).isEqualTo(expected.size());
    soft.assertThat(sum(sink.nanos)).as("%s: sum of GC pauses (ns)", name)
        .isEqualTo(sum(expected));
    soft.assertThat(max(sink.nanos)).as("%s: longest GC pause (ns)", name)
        .isEqualTo(max(expected));
  }

  private static long sum(List<Long> nanos) {
    return nanos.stream().mapToLong(Long::longValue).sum();
  }

  private static long max(List<Long> nanos) {
    return nanos.stream().mapToLong(Long::longValue).max().orElse(-1);
  }

  /** The GC pauses' lines and durations. */
  private static final class Lines implements EventSink {
    final Set<Long> lines = new HashSet<>();
    final List<Long> nanos = new ArrayList<>();

    @Override
    public void request(RequestEvent event) {}

    @Override
    public void pause(PauseEvent e) {
      if (e.family() == Family.GC_PAUSE) {
        lines.add(e.line());
        nanos.add(e.totalNanos());
      }
    }
  }

  private static Sample sample(byte[] bytes) {
    List<String> lines = new ArrayList<>();
    for (String line : new String(bytes, StandardCharsets.ISO_8859_1).split("\r?\n")) {
      if (lines.size() == Sample.MAX_LINES) {
        break;
      }
      lines.add(line);
    }
    return Sample.ofText(lines);
  }
}
