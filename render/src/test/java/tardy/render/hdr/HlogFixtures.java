package tardy.render.hdr;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;
import tardy.record.grouping.Grouping;
import tardy.record.interval.IntervalRecorder;
import tardy.record.interval.Timeline;
import tardy.events.PauseEvent;
import tardy.events.Times;

/** Pauses fed directly, and their .hlog as tardy writes it. */
final class HlogFixtures {

  static final long T0 = 1_700_000_000_000L;
  static final String[] KINDS = {"G1CollectForAllocation", "no vm operation", "Cleanup,odd"};

  private HlogFixtures() {}

  static PauseEvent pause(String kind, long nanos, long wall, long uptime) {
    byte[] k = kind.getBytes(StandardCharsets.US_ASCII);
    return new PauseEvent().reset().kind(k, 0, k.length).totalNanos(nanos).wallMillis(wall)
        .uptimeMillis(uptime);
  }

  /** A fixed set: three kinds, an empty interval in the middle, values from 20 µs to 1.2 s. */
  static IntervalRecorder fixed() {
    IntervalRecorder r =
        new IntervalRecorder(new IntervalRecorder.Settings(5_000, 0, 1000), Grouping.DEFAULT);
    long[][] rows = { // kind, nanos, offset ms
      {0, 2_345_678, 120}, {1, 20_000, 900}, {0, 8_000_000, 4_100}, {2, 1_200_000_000, 5_500},
      {1, 45_000, 6_000}, {0, 3_000_000, 17_250}, {1, 21_000, 19_999},
    };
    for (long[] row : rows) {
      r.pause(pause(KINDS[(int) row[0]], row[1], T0 + row[2], 60_000 + row[2]));
    }
    return r;
  }

  static String write(Timeline timeline, OptionalLong anchor) throws IOException {
    HlogFormat.Tags tags = new HlogFormat.Tags();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    HlogWriter.write(timeline, tags,
        new HlogWriter.Options("tardy test", anchor, List.of("Values are nanoseconds")), out);
    return out.toString(StandardCharsets.UTF_8);
  }

  static long wallOrNone(boolean wall, long millis) {
    return wall ? millis : Times.NONE;
  }
}
