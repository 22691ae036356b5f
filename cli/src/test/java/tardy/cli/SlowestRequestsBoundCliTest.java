package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.record.exemplar.SlowestRequests;

/**
 * A flood of unique paths, more than {@link SlowestRequests#MAX_PLAIN_GROUPS}: the total's slowest
 * and {@code (other)}'s stay the first five of a plain sort of the lines, and a row that shows a
 * list shows its own whole.
 */
class SlowestRequestsBoundCliTest {

  private static final int CAP = SlowestRequests.RANKED_OWN / 2; // the sample's 2 x CAP heaviest
  // each keep their own list
  private static final int PATHS = 2 * CAP + SlowestRequests.MAX_PLAIN_GROUPS + 1_000; // the others
  // outnumber the bound (4 x CAP tracked by a thread, the rest in its (other), also past it)

  record Line(long number, long millis, String key) {}

  @Test
  @SuppressWarnings("unchecked")
  void pastTheBoundTheTotalAndOtherAreStillTheFirstFiveOfAPlainSort(@TempDir Path dir)
      throws Exception {
    java.util.Random random = new java.util.Random(3);
    StringBuilder log = new StringBuilder();
    List<Line> lines = new ArrayList<>();
    for (int i = 1; i <= PATHS; i++) {
      int millis = random.nextInt(5_000);
      lines.add(new Line(i, millis, "GET /u/" + letters(i)));
      log.append("10.0.0.1 - - [22/Nov/2026:10:00:00 +0000] \"GET /u/").append(letters(i))
          .append(" HTTP/1.1\" 200 12 \"-\" \"bench\" ").append(millis / 1000).append('.')
          .append((char) ('0' + millis / 100 % 10)).append((char) ('0' + millis / 10 % 10))
          .append((char) ('0' + millis % 10)).append('\n');
    }
    Path file = Files.write(dir.resolve("flood.log"), log.toString()
        .getBytes(StandardCharsets.US_ASCII));
    lines.sort(Comparator.comparingLong((Line l) -> -l.millis()).thenComparingLong(Line::number));

    // every path tracked, past the bound: the paths the rows do not show shared one pool
    Map<String, Object> doc = Cli.json("report", "--format", "json", "--max-operations",
        Integer.toString(CAP), file.toString());
    Map<String, Object> total = (Map<String, Object>) ((List<Object>) doc.get("totals")).get(0);
    assertSlowest("(total)", (List<Object>) total.get("slowest"), lines);
    List<Object> rows = (List<Object>) doc.get("groups");
    java.util.Set<String> shown = new java.util.HashSet<>();
    Map<String, Object> other = null;
    for (Object row : rows) {
      String key = (String) ((Map<String, Object>) row).get("key");
      shown.add(key);
      other = key.equals("(other)") ? (Map<String, Object>) row : other;
    }
    assertThat(shown).hasSize(CAP + 1);
    assertThat(other).isNotNull();
    assertSlowest("(other)", (List<Object>) other.get("slowest"),
        lines.stream().filter(l -> !shown.contains(l.key())).toList());
    for (Object row : rows) { // each row shown has its own list, exact, or none
      Map<String, Object> r = (Map<String, Object>) row;
      if (r.get("slowest") != null && !r.get("key").equals("(other)")) {
        assertSlowest((String) r.get("key"), (List<Object>) r.get("slowest"),
            lines.stream().filter(l -> l.key().equals(r.get("key"))).toList());
      }
    }
  }

  /** The first five of a plain sort (slower first, then by line), with their lines. */
  @SuppressWarnings("unchecked")
  private static void assertSlowest(String row, List<Object> slowest, List<Line> sorted) {
    assertThat(slowest).as(row).hasSize(Math.min(5, sorted.size()));
    for (int i = 0; i < slowest.size(); i++) {
      Map<String, Object> got = (Map<String, Object>) slowest.get(i);
      assertThat(((Number) got.get("ns")).longValue()).as("%s #%d", row, i)
          .isEqualTo(sorted.get(i).millis() * 1_000_000);
      assertThat(((Number) got.get("line")).longValue()).as("%s #%d", row, i)
          .isEqualTo(sorted.get(i).number());
    }
  }

  /** A path segment of letters only, one per number: digits would be grouped as {id}. */
  private static String letters(int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 4; i++, n /= 26) {
      s.append((char) ('a' + n % 26));
    }
    return s.toString();
  }
}
