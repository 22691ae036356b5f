package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The allocation-before-long-pauses finding's evidence: each line it names is the line of the log
 * that opens a GC event of that duration, whatever the threads that read the log.
 */
class LongPauseEvidenceCliTest {

  private static final Path CMS = Path.of("..", "samples", "gc-cms-jdk8.log");

  @Test
  void theLinesNamedHoldThePausesOfThatDuration() throws IOException {
    List<String> lines = Files.readAllLines(CMS);
    String single = null;
    for (String threads : new String[] {"1", "3"}) {
      Cli.Result r = Cli.run("report", "--format", "json", "--threads", threads, CMS.toString());
      assertThat(r.code()).as(r.err()).isZero();
      single = single == null ? r.out() : single;
      assertThat(r.out()).as("the same with %s threads", threads).isEqualTo(single);
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> findings = (List<Map<String, Object>>)
          ((Map<String, Object>) JsonLines.document(r.out())).get("findings");
      Map<String, Object> f = findings.stream()
          .filter(x -> x.get("signature").equals("allocation-before-long-pauses")).findFirst()
          .orElseThrow();
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> worst = (List<Map<String, Object>>) f.get("worst");
      assertThat(worst).isNotEmpty();
      for (Map<String, Object> w : worst) {
        long nanos = ((Number) w.get("duration_ns")).longValue();
        assertThat(nanos).isGreaterThanOrEqualTo(400_000_000L);
        String line = lines.get(((Number) w.get("line")).intValue() - 1);
        // the event opens on that line; JDK 8 prints its duration in seconds, 7 decimals
        String secs = String.format(Locale.ROOT, "%.7f secs", nanos / 1e9);
        assertThat(line).as("line %s", w.get("line")).containsAnyOf("[GC", "[Full GC");
        assertThat(String.join("\n", lines.subList(((Number) w.get("line")).intValue() - 1,
            Math.min(lines.size(), ((Number) w.get("line")).intValue() + 3)))).contains(secs);
      }
    }
  }
}
