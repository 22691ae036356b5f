package tardy.render;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import tardy.analysis.heap.HeapRun;
import tardy.analysis.heap.LongPauses;
import tardy.events.Counts;

/** What the table and the HTML page say of a JVM run's heap and throughput, said once. */
public final class HeapWords {

  private HeapWords() {}

  /**
   * The lines of one run, each a paragraph, saying only what the log allows (no throughput
   * without two timed pauses, no rate without two transitions apart in time); {@code several}:
   * the log has more than one run.
   */
  public static List<String> lines(HeapRun r, boolean several) {
    List<String> out = new ArrayList<>();
    String prefix = several ? "Run " + r.run() + ": " : "";
    if (r.throughput().isPresent()) {
      StringBuilder t = new StringBuilder(prefix).append("Throughput ")
          .append(percent(r.throughput().get())).append(" (GC pauses stopped ")
          .append(Durations.format(r.pausedNanos())).append(" in ")
          .append(Counts.of(r.pauses(), "pause")).append(", ")
          .append(time(r.firstMillis(), r.wallClock())).append(" to ")
          .append(r.wallClock() ? time(r.lastMillis(), true)
              : Durations.formatMillis(r.lastMillis())).append(")");
      window(t, "worst minute", r.worstMinute(), r.wallClock());
      window(t, "worst 10 minutes", r.worstTenMinutes(), r.wallClock());
      out.add(t.append('.').toString());
    }
    if (r.heap().isPresent()) {
      HeapRun.Heap h = r.heap().get();
      StringBuilder a = new StringBuilder(prefix)
          .append(h.cycles() ? "Heap after concurrent GC cycles " : "Heap after GC ")
          .append(bytes(h.afterMinBytes()));
      if (h.afterMaxBytes() != h.afterMinBytes()) {
        a.append(" to ").append(bytes(h.afterMaxBytes())).append(", last ")
            .append(bytes(h.afterLastBytes()));
      }
      if (h.capacityMaxBytes() > 0) {
        a.append(", of at most ").append(bytes(h.capacityMaxBytes()));
      }
      Optional<Double> rate = h.allocationBytesPerSecond();
      if (rate.isPresent()) {
        a.append("; allocation ").append(bytes(Math.round(rate.get()))).append("/s (")
            .append(bytes(h.allocatedBytes())).append(" in ")
            .append(Durations.formatMillis(h.allocationMillis()))
            .append(h.cycles() ? " between cycles)" : ")");
      }
      out.add(a.append('.').toString());
      h.liveSet().ifPresent(l -> out.add(prefix + liveSet(l, r.wallClock())));
      h.generations().ifPresent(g -> out.add(prefix + generations(g)));
      h.metaspace().ifPresent(m -> out.add(prefix + metaspace(m)));
    }
    String troubles = troubles(r.troubles());
    if (!troubles.isEmpty()) {
      out.add(prefix + "Collections: " + troubles + ".");
    }
    return out;
  }

  /**
   * Runs the table and the HTML page show in full: a log of a JVM restarted thousands of times
   * would bury its worst run under thousands of sections (and draw a chart for each); JSON and
   * CSV keep every run.
   */
  public static final int RUNS_SHOWN = 10;

  /** Lowest throughput first, runs without one last, ties in run order. */
  private static final Comparator<HeapRun> BY_THROUGHPUT = Comparator
      .comparingDouble((HeapRun r) -> r.throughput().orElse(Double.POSITIVE_INFINITY))
      .thenComparingInt(HeapRun::run);

  /**
   * The runs shown in full: all of them up to {@link #RUNS_SHOWN}, else the {@link #RUNS_SHOWN}
   * with the lowest throughput, lowest first (runs without one last, ties in run order).
   */
  public static List<HeapRun> shown(List<HeapRun> runs) {
    if (runs.size() <= RUNS_SHOWN) {
      return runs;
    }
    return runs.stream().sorted(BY_THROUGHPUT).limit(RUNS_SHOWN).toList();
  }

  /**
   * The line before the runs when not all are shown: how many, their throughputs' spread, and
   * which are shown. {@code 5,000 JVM runs; throughput lowest 24.10% (run 17), median 97.20%,
   * highest 99.80% (of the 4,980 runs with two timed pauses); below, the 10 with the lowest
   * throughput (every run: --format json or csv).}
   */
  public static Optional<String> runsShown(List<HeapRun> runs) {
    if (runs.size() <= RUNS_SHOWN) {
      return Optional.empty();
    }
    StringBuilder s = new StringBuilder(Counts.grouped(runs.size())).append(" JVM runs");
    List<HeapRun> timed = runs.stream().filter(r -> r.throughput().isPresent())
        .sorted(BY_THROUGHPUT).toList();
    if (!timed.isEmpty()) {
      HeapRun lowest = timed.get(0);
      double most = timed.get(timed.size() - 1).throughput().get();
      HeapRun highest = timed.stream().filter(r -> r.throughput().get() == most).findFirst().get();
      s.append("; throughput lowest ").append(percent(lowest.throughput().get()))
          .append(" (run ").append(lowest.run()).append("), median ")
          .append(percent(timed.get((timed.size() - 1) / 2).throughput().get()))
          .append(", highest ").append(percent(highest.throughput().get()))
          .append(" (run ").append(highest.run()).append(')');
      if (timed.size() < runs.size()) {
        s.append(" (of the ").append(Counts.of(timed.size(), "run"))
            .append(" with two timed pauses)");
      }
    }
    s.append("; below, ");
    if (timed.size() >= RUNS_SHOWN) {
      s.append("the ").append(RUNS_SHOWN).append(" with the lowest throughput");
    } else if (timed.isEmpty()) {
      s.append("the first ").append(RUNS_SHOWN);
    } else { // shown() puts the runs without a throughput after the others, in run order
      s.append("the ").append(timed.size()).append(" with a throughput, lowest first, then the")
          .append(" first ").append(RUNS_SHOWN - timed.size()).append(" without");
    }
    return Optional.of(s.append(" (every run: --format json or csv).").toString());
  }

  /**
   * What the throughput leaves out, where the input has stalls: {@code Stalls, not in the
   * throughput (…): Allocation Stall 389, 5.25s in all; Relocation Stall 2, 2.29ms in all.};
   * empty without stalls. {@code several}: the input has more than one run, and the stalls are
   * all of theirs.
   */
  public static Optional<String> stalls(List<tardy.analysis.StallTime> stalls, boolean several) {
    if (stalls.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder s = new StringBuilder(several ? "Stalls of all runs" : "Stalls")
        .append(", not in the throughput (each holds one thread; the throughput counts the time"
            + " the whole application stopped): ");
    for (int i = 0; i < stalls.size(); i++) {
      tardy.analysis.StallTime t = stalls.get(i);
      s.append(i == 0 ? "" : "; ").append(t.kind()).append(' ').append(Counts.grouped(t.count()))
          .append(", ").append(Durations.format(t.nanos())).append(" in all");
    }
    return Optional.of(s.append('.').toString());
  }

  /** "8 full, 3 evacuation failed": the counts that are not 0, or "" when none. */
  private static String troubles(HeapRun.Troubles t) {
    StringBuilder s = new StringBuilder();
    count(s, t.full(), "full");
    count(s, t.mixed(), "mixed");
    count(s, t.humongous(), "for a humongous allocation");
    count(s, t.evacuationFailed(), "with evacuation failed (to-space exhausted)");
    count(s, t.promotionFailed(), "with promotion failed");
    count(s, t.concurrentModeFailure(), "with concurrent mode failure");
    return s.toString();
  }

  private static void count(StringBuilder s, long n, String what) {
    if (n > 0) {
      s.append(s.length() > 0 ? ", " : "").append(Counts.grouped(n)).append(' ').append(what);
    }
  }

  /** "Live set: heap after 7 full collections 33.0MiB first, 76.0MiB last over 29.2s; trend …". */
  public static String liveSet(HeapRun.LiveSet l, boolean wallClock) {
    return "Live set: " + liveSetFigures(l) + (l.growing() ? ": it grows (a leak?)." : ".");
  }

  /** "heap after 7 full collections 33.0MiB first, 76.0MiB last over 29.2s; trend +1.40MiB/s". */
  public static String liveSetFigures(HeapRun.LiveSet l) {
    StringBuilder s = new StringBuilder("heap after ")
        .append(Counts.of(l.samples(), l.from() + " collection")).append(' ');
    if (l.samples() < 2) {
      return s.append(bytes(l.lastBytes())).toString();
    }
    return s.append(bytes(l.firstBytes())).append(" first, ").append(bytes(l.lastBytes()))
        .append(" last over ")
        .append(Durations.formatMillis(l.lastMillis() - l.firstMillis()))
        .append("; trend ").append(l.bytesPerSecond() < 0 ? "-" : "+")
        .append(bytes(Math.round(Math.abs(l.bytesPerSecond())))).append("/s").toString();
  }

  /**
   * "Old generation after GC 21.0MiB to 80.0MiB, last 62.0MiB (young at most 6.00MiB);
   * promotion 1.52MiB/s (45.6MiB in 30.0s, 52 young collections); old generation after 7 full
   * collections 33.0MiB first, 76.0MiB last over 29.2s; trend +1.40MiB/s: it grows (a leak?)."
   */
  public static String generations(HeapRun.Generations g) {
    StringBuilder s = new StringBuilder("Old generation after GC ")
        .append(bytes(g.oldAfterMinBytes()));
    if (g.oldAfterMaxBytes() != g.oldAfterMinBytes()) {
      s.append(" to ").append(bytes(g.oldAfterMaxBytes())).append(", last ")
          .append(bytes(g.oldAfterLastBytes()));
    }
    s.append(" (young at most ").append(bytes(g.youngAfterMaxBytes())).append(')');
    Optional<Double> rate = g.promotionBytesPerSecond();
    if (rate.isPresent()) {
      s.append("; promotion ").append(bytes(Math.round(rate.get()))).append("/s (")
          .append(bytes(g.promotedBytes())).append(" in ")
          .append(Durations.formatMillis(g.promotionMillis())).append(", ")
          .append(Counts.of(g.youngCollections(), "young collection")).append(')');
    }
    g.oldFloor().ifPresent(l -> s.append("; old generation after ")
        .append(Counts.of(l.samples(), l.from() + " collection")).append(' ')
        .append(l.samples() < 2 ? bytes(l.lastBytes()) : trend(l))
        .append(l.growing() ? ": it grows (a leak?)" : ""));
    return s.append('.').toString();
  }

  /** "Metaspace after GC 480KiB to 1.20MiB, last 1.20MiB." */
  public static String metaspace(HeapRun.Metaspace m) {
    StringBuilder s = new StringBuilder("Metaspace after GC ").append(bytes(m.afterFirstBytes()));
    if (m.afterMaxBytes() != m.afterFirstBytes() || m.afterLastBytes() != m.afterFirstBytes()) {
      s.append(" first, at most ").append(bytes(m.afterMaxBytes())).append(", last ")
          .append(bytes(m.afterLastBytes()));
    }
    return s.append('.').toString();
  }

  /**
   * "old generation after 7 full collections grew from 33.0MiB to 76.0MiB over 29.2s (trend
   * +1.40MiB/s; first 33.0MiB, last 75.1MiB)": the leak finding's words when the log splits the
   * heap; from and to are the trend line's, which a collection far off (a full collection as the
   * JVM exits) does not move.
   */
  public static String oldFloorFigures(HeapRun.LiveSet l) {
    return "old generation after " + Counts.of(l.samples(), l.from() + " collection")
        + " grew from " + bytes(l.lineStartBytes()) + " to " + bytes(l.lineEndBytes()) + " over "
        + Durations.formatMillis(l.lastMillis() - l.firstMillis()) + " (trend +"
        + bytes(Math.round(Math.abs(l.bytesPerSecond()))) + "/s; first "
        + bytes(l.firstBytes()) + ", last " + bytes(l.lastBytes()) + ")";
  }

  private static String trend(HeapRun.LiveSet l) {
    return bytes(l.firstBytes()) + " first, " + bytes(l.lastBytes()) + " last over "
        + Durations.formatMillis(l.lastMillis() - l.firstMillis()) + "; trend "
        + (l.bytesPerSecond() < 0 ? "-" : "+") + bytes(Math.round(Math.abs(l.bytesPerSecond())))
        + "/s";
  }

  private static void window(StringBuilder t, String name, Optional<HeapRun.Window> w,
      boolean wallClock) {
    w.ifPresent(x -> t.append("; ").append(name).append(' ').append(percent(x.throughput()))
        .append(" from ").append(time(x.startMillis(), wallClock)));
  }

  /**
   * "allocation 1.90GiB/s in the minute before the 8 GC pauses of 400ms or more (the run's
   * average 612MiB/s); they stopped 5.20s, 41.3% of the stopped time; longest 1.20s at uptime
   * 12.3s, 900ms at uptime 31.0s".
   */
  public static String longPauses(LongPauses l, boolean wallClock, double share) {
    StringBuilder s = new StringBuilder("allocation ")
        .append(bytes(Math.round(l.bytesPerSecond().orElse(0.0)))).append("/s in the minute before ")
        .append(l.pauses() == 1 ? "the GC pause" : "the " + Counts.grouped(l.pauses()) + " GC pauses")
        .append(" of ").append(Durations.format(l.thresholdNanos())).append(" or more");
    l.runBytesPerSecond().ifPresent(r -> s.append(" (the run's average ")
        .append(bytes(Math.round(r))).append("/s)"));
    s.append("; ").append(l.pauses() == 1 ? "it" : "they").append(" stopped ")
        .append(Durations.format(l.pausedNanos())).append(", ")
        .append(String.format(Locale.ROOT, "%.1f%%", 100 * share)).append(" of the stopped time;")
        .append(l.pauses() == 1 ? "" : " longest");
    for (int i = 0; i < l.worst().size(); i++) {
      HeapRun.Point p = l.worst().get(i);
      s.append(i == 0 ? " " : ", ").append(Durations.format(p.pauseNanos())).append(" at ")
          .append(time(p.millis(), wallClock));
    }
    return s.toString();
  }

  /** A share as a percentage with two decimals: 97.12%. */
  public static String percent(double share) {
    return String.format(Locale.ROOT, "%.2f%%", 100 * share);
  }

  /** A time of the run: UTC on the wall clock, else "uptime 12.3s". */
  public static String time(long millis, boolean wallClock) {
    return wallClock ? SpanWords.time(millis, 1) + " " + PrintedZone.label(millis)
        : "uptime " + Durations.formatMillis(millis);
  }

  /** Bytes in binary units, as the JVM prints them: 512B, 21.4KiB, 86.0MiB, 3.40GiB. */
  public static String bytes(long bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = bytes;
    int u = 0;
    while (Math.abs(v) >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    if (u == 0) {
      return bytes + "B";
    }
    return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f%s" : Math.abs(v) >= 10 ? "%.1f%s" : "%.2f%s", v, units[u]);
  }
}
