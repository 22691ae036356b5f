package tardy.record;

import tardy.record.InputSummary;
import tardy.record.ReportIntervals;
import tardy.record.grouping.Grouping;
import tardy.record.interval.FamilyIntervals;
import tardy.record.window.Exclusions;
import tardy.record.window.TimeWindow;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tardy.record.interval.IntervalRecorder;
import tardy.record.pause.PauseIndex;
import tardy.events.Counts;
import tardy.events.EventSink;
import tardy.events.ParseStats;

/**
 * What parsing a part of the input gives, and what adding results gives: the histograms per
 * group (for a report), the interval histograms (for .hlog), and the accounting of every line, per
 * input. One parse feeds all of them. Results add in the plan's order ({@link #addLater}); the
 * addition is associative, so parts may be added pairwise in any grouping as long as their order
 * is kept, and a result travels between machines as bytes ({@link ResultCodec}).
 */
public final class Result {

  /**
   * What a result records: the grouping and its cap for both, a report's histograms when
   * {@code report}, interval histograms when {@code intervals} is given, and with
   * {@code pauses} (null: none) each request's overlaps with the JVM's pauses; with {@code
   * window} (null: none) only the events inside it; with {@code perIntervalMillis} (0: none)
   * the report's latencies per interval of the log's clock too ({@code --interval}), within
   * {@code perIntervalPages} pages of the totals' counts (see {@link ReportIntervals}); with
   * {@code jvmStartMillis} ({@code --start-time}; {@link tardy.events.Times#NONE}: not given) the
   * report's intervals and spans place pauses with uptime only at that start plus their uptime;
   * with {@code hosts} the requests once more per host their lines name ({@link #hosts()}).
   */
  public record Spec(Grouping grouping, int maxGroups, boolean report,
      Optional<IntervalRecorder.Settings> intervals, PauseIndex pauses, TimeWindow window,
      long perIntervalMillis, long perIntervalPages, long jvmStartMillis, Exclusions exclusions,
      boolean hosts) {

    public Spec(Grouping grouping, int maxGroups, boolean report,
        Optional<IntervalRecorder.Settings> intervals) {
      this(grouping, maxGroups, report, intervals, null, null, 0,
          ReportIntervals.MAX_TOTAL_PAGES, tardy.events.Times.NONE, null, false);
    }

    /** The same, leaving out the requests these exclusions match (null: none). */
    public Spec withExclusions(Exclusions x) {
      return new Spec(grouping, maxGroups, report, intervals, pauses, window, perIntervalMillis,
          perIntervalPages, jvmStartMillis, x, hosts);
    }

    public static Spec report(Grouping grouping, int maxGroups) {
      return new Spec(grouping, maxGroups, true, Optional.empty());
    }

    public static Spec intervals(Grouping grouping, IntervalRecorder.Settings settings) {
      return new Spec(grouping, settings.maxGroups(), false, Optional.of(settings));
    }

    /**
     * The same, with the requests also recorded per host their lines name ({@link
     * HostRecorders}), for a histogram table's rows per host.
     */
    public Spec withHosts() {
      return new Spec(grouping, maxGroups, report, intervals, pauses, window, perIntervalMillis,
          perIntervalPages, jvmStartMillis, exclusions, true);
    }

    /** The same, with requests put against these pauses (null: none). */
    public Spec withPauses(PauseIndex index) {
      return new Spec(grouping, maxGroups, report, intervals, index, window, perIntervalMillis,
          perIntervalPages, jvmStartMillis, exclusions, hosts);
    }

    /** The same, keeping only the events inside this window (null: all). */
    public Spec withWindow(TimeWindow w) {
      return new Spec(grouping, maxGroups, report, intervals, pauses, w, perIntervalMillis,
          perIntervalPages, jvmStartMillis, exclusions, hosts);
    }

    /** The same, with the report's latencies per interval of that many milliseconds (0: none). */
    public Spec withPerInterval(long millis) {
      return new Spec(grouping, maxGroups, report, intervals, pauses, window, millis,
          perIntervalPages, jvmStartMillis, exclusions, hosts);
    }

    /** The same, with a smaller page budget per interval (the groups' is twice it): for tests. */
    Spec withPerIntervalPages(long pages) {
      return new Spec(grouping, maxGroups, report, intervals, pauses, window, perIntervalMillis,
          pages, jvmStartMillis, exclusions, hosts);
    }

    /**
     * The same, with the JVM's start ({@code --start-time}, epoch ms; {@link
     * tardy.events.Times#NONE}: unknown) placing uptime-only pauses in the report's intervals.
     */
    public Spec withJvmStart(long millis) {
      return new Spec(grouping, maxGroups, report, intervals, pauses, window, perIntervalMillis,
          perIntervalPages, millis, exclusions, hosts);
    }
  }

  /**
   * The accounting of one input's lines that this result covers, from the input's first line
   * when it is not the result's first account, else from the result's first line.
   *
   * @param input the input's place in the plan: parts of one input join up when added
   */
  public record Account(int input, String name, String format, ParseStats stats) {}

  private final Spec spec;
  private final Recorder recorder; // null when the spec asks for no report
  private final FamilyIntervals intervals; // null when the spec asks for no intervals
  private final List<Account> accounts = new ArrayList<>();
  private final HostRecorders hosts; // null unless the spec asks for a report per host
  private final EventSink sink;

  private Result(Spec spec, Recorder recorder, FamilyIntervals intervals) {
    this(spec, recorder, intervals, spec.hosts() && recorder != null ? hostsOf(spec) : null);
  }

  private Result(Spec spec, Recorder recorder, FamilyIntervals intervals, HostRecorders hosts) {
    this.spec = spec;
    this.recorder = recorder;
    this.intervals = intervals;
    this.hosts = hosts;
    EventSink both = sinkOf(recorder, intervals);
    this.sink = hosts == null ? both : new HostSplitSink(both, hosts);
  }

  /** Per host, a recorder of the report's shape, without the pauses' overlaps (a table's rows). */
  static HostRecorders hostsOf(Spec spec) {
    return new HostRecorders(() -> hostRecorder(spec), HostRecorders.MAX_HOSTS);
  }

  static Recorder hostRecorder(Spec spec) {
    return new Recorder(spec.grouping(), spec.maxGroups(), null, spec.perIntervalMillis(),
        spec.perIntervalPages(), spec.jvmStartMillis());
  }

  /** An empty result of that shape, with no account yet. */
  public static Result empty(Spec spec) {
    return new Result(spec,
        spec.report() ? new Recorder(spec.grouping(), spec.maxGroups(), spec.pauses(),
            spec.perIntervalMillis(), spec.perIntervalPages(), spec.jvmStartMillis()) : null,
        spec.intervals().map(s -> new FamilyIntervals(() -> new IntervalRecorder(s, spec.grouping())))
            .orElse(null));
  }

  /**
   * An empty result for a part of one input.
   *
   * @param index the input's place among the run's inputs
   * @param inputName the input's name, as reports show it
   * @param formatName the name of the format it is read with
   */
  public static Result of(Spec spec, int index, String inputName, String formatName) {
    Result r = empty(spec);
    r.accounts.add(new Account(index, inputName, formatName, new ParseStats()));
    return r;
  }

  /** Rebuilt from its parts by {@link ResultCodec}. */
  static Result of(Spec spec, Recorder recorder, FamilyIntervals intervals,
      HostRecorders hosts, List<Account> accounts) {
    Result r = new Result(spec, recorder, intervals, hosts);
    r.accounts.addAll(accounts);
    return r;
  }

  /**
   * What this result recorded of one block of {@code entry} that depends on where its lines are
   * (their account, the pauses' evidence and uptime runs), as a result of its own that adds in
   * the input's order; the histograms stay here, and this one starts the next block afresh. For
   * a report without intervals (interval histograms are recorded in time order).
   */
  public Result cutLineOrdered(int index, String inputName, String formatName, ParseStats block) {
    Result cut = new Result(spec, recorder.cutLineOrdered(), null, null);
    cut.accounts.add(new Account(index, inputName, formatName, block));
    return cut;
  }

  /** Where a parser sends its events: each goes to every recorder the spec asks for. */
  public EventSink sink() {
    return sink;
  }

  private static EventSink sinkOf(Recorder recorder, FamilyIntervals intervals) {
    if (intervals == null) {
      return recorder;
    }
    if (recorder == null) {
      return intervals;
    }
    return new BothSinks(recorder, intervals);
  }

  /**
   * Adds what the result of the next part of the input holds; returns this. Histograms add
   * exactly; a later part of the same input continues its accounting, its line numbers shifted.
   */
  public Result addLater(Result later) {
    if (recorder != null) {
      recorder.add(later.recorder);
    }
    if (intervals != null) {
      intervals.addLater(later.intervals);
    }
    if (hosts != null && later.hosts != null) {
      hosts.addLater(later.hosts);
    }
    for (Account theirs : later.accounts) {
      Account last = accounts.isEmpty() ? null : accounts.get(accounts.size() - 1);
      if (last != null && last.input() == theirs.input()) {
        last.stats().add(theirs.stats(), last.stats().lines());
      } else {
        ParseStats copy = new ParseStats();
        copy.add(theirs.stats(), 0);
        accounts.add(new Account(theirs.input(), theirs.name(), theirs.format(), copy));
      }
    }
    return this;
  }

  public Spec spec() {
    return spec;
  }

  /** The report's histograms; empty when the spec asked for none. */
  public Optional<Recorder> recorder() {
    return Optional.ofNullable(recorder);
  }

  /**
   * The requests per host their lines named; empty unless the spec asked ({@link Spec#hosts()})
   * for a report.
   */
  public Optional<HostRecorders> hosts() {
    return Optional.ofNullable(hosts);
  }

  /**
   * The interval histograms of the family an .hlog holds by default ({@link
   * FamilyIntervals#PREFERRED}); empty when the spec asked for none or nothing was recorded.
   */
  public Optional<IntervalRecorder> intervals() {
    return familyIntervals().flatMap(f -> f.preferred().flatMap(f::of));
  }

  /** The interval histograms of every family; empty when the spec asked for none. */
  public Optional<FamilyIntervals> familyIntervals() {
    return Optional.ofNullable(intervals);
  }

  /**
   * The offsets from UTC the logs' timestamps carried (none for times without one: epoch
   * seconds, formats read as UTC), whether recorded for a report or for intervals.
   */
  public tardy.record.clock.ZoneOffsets zoneOffsets() {
    return recorder != null ? recorder.zoneOffsets()
        : intervals != null ? intervals.zoneOffsets() : new tardy.record.clock.ZoneOffsets();
  }

  /** The accounts, in input order. */
  public List<Account> accounts() {
    return List.copyOf(accounts);
  }

  public Account lastAccount() {
    return accounts.get(accounts.size() - 1);
  }

  /** The accounting of every input, as reports show it. */
  public List<InputSummary> inputs() {
    return accounts.stream()
        .map(a -> InputSummary.of(a.name(), a.format(), a.stats())).toList();
  }

  /** What --exclude-* left out, in lines; null when nothing was to be left out. */
  public String exclusionNote() {
    Exclusions x = spec.exclusions();
    if (x == null || x.isEmpty()) {
      return null;
    }
    long out = 0;
    for (Account a : accounts) {
      for (tardy.events.Outcome why : x.reasons()) {
        out += a.stats().count(why);
      }
    }
    return "Requests left out on purpose (" + x.describe() + "): " + Counts.of(out, "line")
        + " (see the accounting of lines).";
  }

  /** What --from/--to kept, and how many lines they left out; null without a window. */
  public String windowNote() {
    if (spec.window() == null) {
      return null;
    }
    long outside = 0;
    long unplaced = 0;
    for (Account a : accounts) {
      outside += a.stats().count(TimeWindow.OUTSIDE);
      unplaced += a.stats().count(TimeWindow.UNPLACED);
    }
    return "Only events logged " + spec.window().describe() + " (--from/--to) are counted; left"
        + " out: " + Counts.of(outside, "line") + " outside the window"
        + (unplaced > 0 ? " and " + Counts.of(unplaced, "line") + " without a wall-clock time" : "")
        + " (see the accounting of lines).";
  }
}
