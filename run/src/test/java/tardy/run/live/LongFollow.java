package tardy.run.live;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import tardy.record.Result;
import tardy.record.grouping.GroupingMode;
import tardy.events.input.LineReader;

/**
 * A long follow in a JVM of its own: hours of a busy log where every request has a path never
 * seen before (the worst case for the grouping), on a scripted clock. Prints the lines read and
 * the heap in use after a collection, early and at the end, for {@link LongFollowMemoryTest}.
 */
public final class LongFollow {

  static final long SECOND = 1_000_000_000L;

  /** An endless access log: {@code perPoll} new lines, each a path of its own, at every poll. */
  static final class EndlessLog implements Tail {
    private final int perPoll;
    private long next;
    private boolean gave;

    EndlessLog(int perPoll) {
      this.perPoll = perPoll;
    }

    @Override
    public String name() {
      return "endless.log";
    }

    @Override
    public int read(byte[] buf, int off, int len) {
      if (gave) {
        gave = false;
        return NOTHING_YET; // one batch a poll: the clock moves between them
      }
      int at = off;
      for (int i = 0; i < perPoll; i++) {
        long n = next++;
        byte[] line = ("10.0.0.1 - - [22/Nov/2026:10:00:00 +0000] \"GET /u/" + n + "x/" + (n * 7919)
            + "y HTTP/1.1\" " + (n % 50 == 0 ? 503 : 200) + " 12 \"-\" \"bench\" 0."
            + (100 + n % 900) + "\n").getBytes(StandardCharsets.US_ASCII);
        if (at + line.length > off + len) {
          next--;
          break;
        }
        System.arraycopy(line, 0, buf, at, line.length);
        at += line.length;
      }
      gave = true;
      return at - off;
    }

    long lines() {
      return next;
    }
  }

  static long usedAfterCollection() {
    System.gc();
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** Args: fake seconds to follow, lines per poll (a poll each 100 ms). */
  public static void main(String[] args) throws Exception {
    long seconds = Long.parseLong(args[0]);
    EndlessLog log = new EndlessLog(Integer.parseInt(args[1]));
    ScriptedTicker clock = new ScriptedTicker(); // no steps: time moves by each sleep
    long[] early = {-1};
    long[] late = {-1};
    long[] shown = {0};
    long[] lastLines = {0};
    Follow.Settings settings = new Follow.Settings(10 * SECOND, 60 * SECOND, SECOND / 10,
        LineReader.DEFAULT_MAX_LINE_BYTES, Optional.empty());
    new Follow(log, settings,
        plan -> Result.Spec.report(plan.grouping(GroupingMode.RAW, 2000), 1000),
        clock, () -> clock.nanos() >= (seconds + 1) * SECOND, s -> {
          shown[0]++;
          if (early[0] < 0 && s.elapsedNanos() >= 300 * SECOND) { // five windows in
            early[0] = usedAfterCollection();
          }
          if (s.elapsedNanos() >= (seconds - 60) * SECOND && late[0] < 0) { // the last window
            late[0] = usedAfterCollection();
          }
          if (s.last()) {
            lastLines[0] = s.sinceStart().accounts().get(0).stats().lines();
          }
        }).run();
    System.out.println("lines " + log.lines() + " counted " + lastLines[0] + " refreshes " + shown[0]
        + " early " + early[0] + " late " + late[0]);
  }
}
