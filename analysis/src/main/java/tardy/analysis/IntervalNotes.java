package tardy.analysis;

import tardy.record.ReportIntervals;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tardy.events.Counts;

/** What a reader of a report with --interval must know about what it could not show. */
final class IntervalNotes {

  private IntervalNotes() {}

  /**
   * @param shown how many groups the report shows per interval
   * @param groups how many groups the report has
   * @param pastTheBound whether the log had more groups than a recorder tracks one by one
   */
  static List<String> of(ReportIntervals r, long shown, long groups, boolean pastTheBound) {
    List<String> notes = new ArrayList<>();
    String length = r.lengthMillis() % 1000 == 0 ? r.lengthMillis() / 1000 + "s"
        : r.lengthMillis() + "ms";
    if (r.tooBusy()) {
      notes.add("--interval " + length + " is too fine for this log: each family's totals per"
          + " interval would take more than " + mib(r.maxTotalBytes()) + " of histograms, so none"
          + " is shown; choose a longer interval.");
    } else if (r.tooFine()) {
      notes.add("--interval " + length + " is too fine for this log: its events fall in more than "
          + Counts.of(ReportIntervals.MAX_INTERVALS, "interval") + " of it, so none is shown;"
          + " choose a longer interval.");
    } else if (pastTheBound && r.narrowed() && shown < groups) {
      notes.add(String.format(Locale.ROOT, "Per interval, %s: the log has more operations than"
          + " tardy tracks one by one (4 × --max-operations).", shown == 0
              ? "only each family's total is shown"
              : Counts.grouped(shown) + " of the " + Counts.of(groups, "operation") + " "
                  + Counts.word(shown, "is", "are") + " shown, those the traffic sample saw most"));
    } else if (r.groupsLeftOut() || r.narrowed() && shown == 0) {
      notes.add(String.format(Locale.ROOT, "Per interval, only each family's total is shown: the"
          + " operations' intervals would take more than %,d histograms or %s of them (fewer"
          + " operations with --max-operations, or a longer --interval, show them).",
          ReportIntervals.MAX_GROUP_INTERVALS, mib(r.maxGroupBytes())));
    } else if (r.narrowed() && shown < groups) {
      notes.add("Per interval, " + Counts.grouped(shown) + " of the " + Counts.of(groups, "operation")
          + " " + Counts.word(shown, "is", "are") + " shown, those the traffic sample saw most: all"
          + " of them would take more than " + Counts.of(ReportIntervals.MAX_GROUP_INTERVALS,
              "histogram") + " or " + mib(r.maxGroupBytes()) + " of them (fewer operations with"
          + " --max-operations, or a longer --interval, show more).");
    }
    if (r.untimed() > 0) {
      notes.add(Counts.of(r.untimed(), "event has", "events have") + " no wall-clock time and "
          + Counts.word(r.untimed(), "is", "are") + " in no interval.");
    }
    return notes;
  }

  private static String mib(long bytes) {
    return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1 << 20));
  }
}
