package tardy.record.objective;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.events.RequestEvent;
import tardy.events.Times;
import tardy.record.grouping.Grouping;

/**
 * Good and bad events per minute add like every other part: any split of the events, added in
 * any grouping, gives the counts and the bytes of one pass, and the bytes read back write the same.
 */
class ObjectiveCountsTest {

  private static final BitSet FIVE_XX = new BitSet();

  static {
    FIVE_XX.set(500, 600);
  }

  /** "slow" has a 300 ms objective, "api" 5xx only, anything else none. */
  private static final Grouping GROUPING = new Grouping() {
    @Override
    public String requestGroup(String method, String path) {
      return path;
    }

    @Override
    public String pauseGroup(String kind) {
      return kind;
    }

    @Override
    public Objective objective(String group) {
      return switch (group) {
        case "slow" -> new Objective(300_000_000L, new BitSet());
        case "api" -> new Objective(0, FIVE_XX);
        default -> null;
      };
    }

    @Override
    public boolean hasObjectives() {
      return true;
    }
  };

  private static final String[] GROUPS = {"slow", "api", "other"};

  private static void record(ObjectiveCounts counts, Random rnd, int events) {
    RequestEvent e = new RequestEvent();
    for (int i = 0; i < events; i++) {
      e.reset(new byte[0]);
      e.latencyNanos(rnd.nextInt(600) * 1_000_000L);
      e.status(rnd.nextInt(10) == 0 ? 503 : 200);
      e.wallMillis(rnd.nextInt(20) == 0 ? Times.NONE : 1_790_000_000_000L + rnd.nextInt(7_200_000));
      counts.request(GROUPS[rnd.nextInt(GROUPS.length)], e);
    }
  }

  private static byte[] bytes(ObjectiveCounts counts) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    counts.write(new DataOutputStream(out));
    return out.toByteArray();
  }

  @Test
  void partsAddToTheCountsAndBytesOfOnePass() throws IOException {
    ObjectiveCounts whole = new ObjectiveCounts(GROUPING::objective);
    record(whole, new Random(1), 3000);
    // the same events, cut in three parts, added right to left
    Random rnd = new Random(1);
    ObjectiveCounts a = new ObjectiveCounts(GROUPING::objective);
    ObjectiveCounts b = new ObjectiveCounts(GROUPING::objective);
    ObjectiveCounts c = new ObjectiveCounts(GROUPING::objective);
    record(a, rnd, 1000);
    record(b, rnd, 1500);
    record(c, rnd, 500);
    b.add(c);
    a.add(b);
    assertThat(bytes(a)).isEqualTo(bytes(whole));
    assertThat(whole.all()).containsOnlyKeys("slow", "api");

    // counted independently: the same events, each judged here
    Random again = new Random(1);
    long slowTotal = 0;
    long slowBad = 0;
    long apiUnplaced = 0;
    for (int i = 0; i < 3000; i++) {
      long latency = again.nextInt(600) * 1_000_000L;
      int status = again.nextInt(10) == 0 ? 503 : 200;
      boolean placed = again.nextInt(20) != 0;
      if (placed) {
        again.nextInt(7_200_000);
      }
      String group = GROUPS[again.nextInt(GROUPS.length)];
      if (group.equals("slow") && placed) {
        slowTotal++;
        slowBad += latency > 300_000_000L ? 1 : 0;
      }
      apiUnplaced += group.equals("api") && !placed ? 1 : 0;
    }
    MinuteCounts slow = whole.of("slow");
    long total = 0;
    long bad = 0;
    for (long m : slow.minutes()) {
      total += slow.total(m);
      bad += slow.bad(m);
    }
    assertThat(total).isEqualTo(slowTotal);
    assertThat(bad).isEqualTo(slowBad);
    assertThat(whole.of("api").unplacedCount()).isEqualTo(apiUnplaced);
    assertThat(slow.minutes()).hasSizeLessThanOrEqualTo(121).isSorted();

    ObjectiveCounts read = ObjectiveCounts.read(
        new DataInputStream(new ByteArrayInputStream(bytes(whole))), GROUPING::objective);
    assertThat(bytes(read)).isEqualTo(bytes(whole));
    assertThat(new String(bytes(read), StandardCharsets.ISO_8859_1)).contains("slow");
  }
}
