package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import tardy.events.Corpus;
import tardy.events.Family;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.Outcome;
import tardy.events.ParseStats;
import tardy.events.Sample;
import tardy.events.input.LineReader;

/**
 * Every JVM text log of the shared corpus, read with the format its INDEX.tsv tag names: every
 * line is accounted for, and the pauses parsed equal both an independent substring count made
 * here and the count INDEX.tsv records. Files with malformed lines are reported with the reason.
 */
class JvmCorpusTest {

  private static final String STOPPED = "Total time for which application threads were stopped: ";
  private static final String SAFEPOINT = "Safepoint \"";

  @Test
  void everyJvmLogOfTheCorpusParsesToItsIndependentCount() throws IOException {
    Path dir = Corpus.require("jvm");
    List<String> rows = Files.readAllLines(dir.resolve("INDEX.tsv"), StandardCharsets.UTF_8);
    SoftAssertions soft = new SoftAssertions();
    StringBuilder report = new StringBuilder();
    long files = 0;
    long pauses = 0;
    long gcPauses = 0;
    for (String row : rows.subList(1, rows.size())) {
      String[] cols = row.split("\t");
      String file = cols[0];
      String tag = cols[5];
      if (file.startsWith("hlog/") || tag.startsWith("hlog")) {
        continue; // histogram logs, not JVM text logs
      }
      boolean unified = tag.startsWith("ul");
      LogFormat format = Formats.byName(unified ? "jvm-unified" : "jdk8-gc").orElseThrow();
      long indexed = indexedCount(cols[7]);
      long parsed = 0;
      long expected = 0;
      for (Map.Entry<String, byte[]> input : CorpusTexts.of(dir, dir.resolve(file)).entrySet()) {
        byte[] bytes = input.getValue();
        expected += independentCount(bytes);
        PauseCollector sink = new PauseCollector();
        ParseStats stats = new ParseStats();
        new LineReader().read(new ByteArrayInputStream(bytes), format.newParser(), sink, stats, LineReader.Rejects.NONE, true);
        soft.assertThat(stats.lines()).as("accounting of %s", input.getKey())
            .isEqualTo(stats.parsed() + stats.ignored() + stats.malformed());
        soft.assertThat(stats.lines()).as("lines of %s", input.getKey()).isEqualTo(lineCount(bytes));
        soft.assertThat(stats.count(LineReader.PARSER_FAILED)).as("parser threw on %s", input.getKey()).isZero();
        soft.assertThat(sink.pauses).allSatisfy(p -> assertThat(p.totalNanos()).isNotNegative());
        List<Long> gcTruth = unified ? GcTruth.unified(bytes, false) : GcTruth.jdk8(bytes);
        List<Long> gcParsed = sorted(sink.of(Family.GC_PAUSE));
        soft.assertThat(gcParsed).as("GC pauses of %s: %s", input.getKey(), difference(gcParsed, gcTruth))
            .isEqualTo(gcTruth.stream().sorted().toList());
        if (unified) {
          soft.assertThat(sorted(sink.of(Family.STALL))).as("stalls of %s", input.getKey())
              .isEqualTo(GcTruth.unified(bytes, true).stream().sorted().toList());
        }
        gcPauses += gcTruth.size();
        parsed += sink.of(Family.SAFEPOINT).size();
        if (stats.malformed() > 0) {
          report.append(input.getKey()).append(": ");
          for (ParseStats.Reason r : stats.reasons()) {
            if (r.outcome().kind() == Outcome.Kind.MALFORMED) {
              report.append(r.count()).append(" x '").append(r.outcome().reason()).append("' at lines ").append(r.firstLines()).append("; ");
            }
          }
          report.append('\n');
        }
        if ((expected > 0 || !gcTruth.isEmpty()) && input.getKey().equals(file)) {
          Sample sample = CorpusTexts.sampleOf(bytes);
          soft.assertThat(Formats.detect(sample).best().map(LogFormat::name))
              .as("detection of %s: %s", file, Formats.detect(sample).describe())
              .contains(format.name());
        }
      }
      soft.assertThat(parsed).as("pauses of %s (independent count)", file).isEqualTo(expected);
      if (indexed >= 0) {
        soft.assertThat(parsed).as("pauses of %s (INDEX.tsv count)", file).isEqualTo(indexed);
      }
      files++;
      pauses += parsed;
    }
    System.out.println("jvm corpus: " + files + " files, " + pauses + " safepoints and " + gcPauses
        + " GC pauses parsed");
    System.out.println(report.length() == 0 ? "no malformed lines" : "malformed lines:\n" + report);
    soft.assertAll();
  }

  /**
   * {@code stopped=N sp=M ...} from the notes column: N + M; -1 for rows that give no pause
   * count (the GC-only rows' {@code stopped/safepoint lines=N} counts every safepoint line, not
   * pauses: the independent count stands alone there).
   */
  private static long indexedCount(String notes) {
    if (!notes.matches("(?s)(.*[ ;])?(stopped|sp)=\\d+.*")) {
      return -1;
    }
    long n = 0;
    for (String part : notes.split("[ ;]+")) {
      if (part.startsWith("stopped=") || part.startsWith("sp=")) {
        n += Long.parseLong(part.substring(part.indexOf('=') + 1));
      }
    }
    return n;
  }

  /** The sizes and the values only one side has, for a readable failure. */
  private static String difference(List<Long> parsed, List<Long> truth) {
    List<Long> extra = new ArrayList<>(parsed);
    truth.forEach(extra::remove);
    List<Long> missing = new ArrayList<>(truth);
    parsed.forEach(missing::remove);
    return parsed.size() + " parsed, " + truth.size() + " expected; extra " + extra.subList(0, Math.min(5, extra.size()))
        + ", missing " + missing.subList(0, Math.min(5, missing.size()));
  }

  private static List<Long> sorted(List<PauseCollector.Detail> pauses) {
    return pauses.stream().map(PauseCollector.Detail::totalNanos).sorted().toList();
  }

  /** Lines holding a stopped-time marker or a JDK 13+ safepoint line: one pause each. */
  private static long independentCount(byte[] bytes) {
    long n = 0;
    for (String line : new String(bytes, StandardCharsets.ISO_8859_1).split("\n", -1)) {
      if (line.contains(STOPPED) || line.contains(SAFEPOINT)) {
        n++;
      }
    }
    return n;
  }

  private static long lineCount(byte[] bytes) {
    long n = 0;
    for (byte b : bytes) {
      if (b == '\n') {
        n++;
      }
    }
    return bytes.length > 0 && bytes[bytes.length - 1] != '\n' ? n + 1 : n;
  }
}
