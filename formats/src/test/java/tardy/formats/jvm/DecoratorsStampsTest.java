package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The time decorators a line shares with the line before are taken from what that line read:
 * whatever lines come before, one instance reads a line as a fresh one reads it alone.
 */
class DecoratorsStampsTest {

  private static final String[] STAMPS = {
    "[2026-11-29T22:02:07.964+0000]", "[2026-11-29T22:02:07.964+0100]",
    "[2026-11-29T22:02:08.001Z]", "[2026-11-29T22:02:07.964+0000 ]", "[1.772s]", "[ 1.772s]",
    "[1,773s]", "[1772ms]", "[1764453727964ms]", "[45296123456789ns]", "[1772000123ns]",
    "[12x]", "[]", "[2026-11-29T22:02:07.964+00]", "[1.772s",
  };
  /** Whole sets of time decorators as the JVM prints them, in its order. */
  private static final String[] SETS = {
    "[2026-11-29T22:02:07.964+0100][2026-11-29T21:02:07.964+0000][1.772s][1764453727964ms]"
        + "[1772ms][45296123456789ns][1772000123ns]",
    "[45296123456789ns][1772000123ns]", "[45296123456789ns][1772000124ns]",
    "[1772000123ns]", "[1764453727964ms][1772ms]", "[1764453727964ms]",
    "[2026-11-29T22:02:07.964+0000][45296123456789ns][1772000123ns]",
  };
  private static final String[] AFTER = {
    "[info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456ms",
    "[info ][gc,phases   ] GC(3)   Merge Heap Roots: 0.227ms", "[web-07][4242][info][gc] x",
    "[4242][gc,cpu] GC(3) User=0.00s", " Safepoint \"Cleanup\", Total: 3000 ns", "",
    "[GC (Allocation Failure) 1M->0M", "x[info][gc] y", "[info][gc]",
  };

  @Test
  void aLineReadAfterAnyOtherReadsAsAlone() {
    Random random = new Random(36);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      StringBuilder line = new StringBuilder();
      if (random.nextBoolean()) {
        line.append(SETS[random.nextInt(SETS.length)]);
      } else {
        int stamps = random.nextInt(4);
        for (int s = 0; s < stamps; s++) {
          line.append(STAMPS[random.nextInt(random.nextBoolean() ? STAMPS.length : 6)]);
        }
      }
      line.append(AFTER[random.nextInt(AFTER.length)]);
      lines.add(line.toString());
      if (random.nextInt(3) == 0) {
        lines.add(line.toString()); // the lines of one GC: the same decorators
      }
    }
    Decorators reused = new Decorators();
    int same = 0;
    String before = "";
    for (String line : lines) {
      byte[] b = ("<<" + line + ">>").getBytes(StandardCharsets.UTF_8);
      int from = 2;
      int to = b.length - 2;
      String alone = state(new Decorators(), b, from, to);
      assertThat(state(reused, b, from, to)).as("after %s: %s", before, line).isEqualTo(alone);
      same += line.equals(before) ? 1 : 0;
      before = line;
    }
    assertThat(same).as("lines whose decorators repeat the line before").isGreaterThan(5_000);
  }

  private static String state(Decorators d, byte[] b, int from, int to) {
    boolean read = d.read(b, from, to);
    return read + " unified=" + d.unified + " message=" + d.messageFrom + " wall=" + d.wallMillis
        + " uptime=" + d.uptimeMillis + " offset=" + d.offsetSeconds + " host=" + d.hostFrom + ","
        + d.hostTo;
  }
}
