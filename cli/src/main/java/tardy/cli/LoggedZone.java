package tardy.cli;

import java.io.PrintStream;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import tardy.record.clock.ZoneOffsets;

/**
 * Without {@code --tz}, the zone times are printed in: the logs' own, when every timestamp of
 * every input carried one offset ({@code [10/Oct/2026:13:55:36 +0200]}: +02:00); UTC when none
 * carried an offset (epoch seconds, formats read as UTC) or when they carried several (a change
 * to summer time, or logs of two zones), which is said once on stderr. A fixed offset, not a
 * region: a log says its offset, never its region's rules.
 */
final class LoggedZone {

  private LoggedZone() {}

  /** The zone of these offsets; the note on {@code err} when there are several. */
  static ZoneId of(ZoneOffsets offsets, PrintStream err) {
    int[] seconds = offsets.seconds();
    if (seconds.length == 1 && !offsets.more()) {
      return ZoneOffset.ofTotalSeconds(seconds[0]);
    }
    if (seconds.length > 1) {
      err.println("tardy: " + note(offsets));
    }
    return ZoneOffset.UTC;
  }

  /** "times in UTC: the logs carry offsets +01:00 and +02:00; choose one with --tz". */
  static String note(ZoneOffsets offsets) {
    List<String> ids = new ArrayList<>();
    for (int s : offsets.seconds()) {
      ids.add(s == 0 ? "+00:00" : ZoneOffset.ofTotalSeconds(s).getId());
    }
    String listed = offsets.more() ? String.join(", ", ids) + " and others"
        : String.join(", ", ids.subList(0, ids.size() - 1)) + " and " + ids.get(ids.size() - 1);
    return "times in UTC: the logs carry offsets " + listed + "; choose one with --tz";
  }
}
