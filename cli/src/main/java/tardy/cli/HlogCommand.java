package tardy.cli;

import tardy.run.Driver;
import tardy.run.SpecRecipe;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import tardy.record.interval.FamilyIntervals;
import tardy.record.interval.Clock;
import tardy.record.interval.EncodedHistogram;
import tardy.record.interval.Interval;
import tardy.record.interval.IntervalRecorder;
import tardy.record.interval.Timeline;
import tardy.events.Counts;
import tardy.render.AtomicOutput;
import tardy.render.hdr.HlogFormat;
import tardy.render.hdr.HlogWriter;
import tardy.events.Family;

/** {@code tardy hlog}: interval histograms for HdrHistogram's log tools and plotters. */
final class HlogCommand implements Callable<Integer>, Specs.Fields {

  final InputOptions in = new InputOptions();
  Path output;
  long intervalNanos = 5_000_000_000L;
  final StartTimeOption start = new StartTimeOption();
  final TimeWindowOption window = new TimeWindowOption();
  final ExcludeOptions exclude = new ExcludeOptions();
  final ZoneOption tz = new ZoneOption();
  /** What --exclude-* left out, said on stderr and in each file's comments; null: nothing was. */
  private String excludedNote;
  boolean jhiccup;
  long resolutionNanos = 1_000_000L;
  String family;
  boolean debug;

  private final Streams streams;

  HlogCommand(Streams streams, Driver driver) {
    this.streams = streams;
    in.driver = driver;
  }

  @Override
  public Object get(String field) {
    return switch (field) {
      case "output" -> output;
      case "intervalNanos" -> intervalNanos;
      case "jhiccup" -> jhiccup;
      case "resolutionNanos" -> resolutionNanos;
      case "family" -> family;
      case "debug" -> debug;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "output" -> output = (Path) value;
      case "intervalNanos" -> intervalNanos = (long) value;
      case "jhiccup" -> jhiccup = (boolean) value;
      case "resolutionNanos" -> resolutionNanos = (long) value;
      case "family" -> family = (String) value;
      case "debug" -> debug = (boolean) value;
      default -> throw Specs.noField(this, field);
    }
  }

  CommandSpec spec() {
    CommandSpec spec = Specs.command(this, "hlog",
        "Write a histogram log (.hlog) of pause times or request latencies in nanoseconds:"
            + " one untagged line per interval with every event of one family, one tagged line"
            + " per pause kind, VM operation or request operation.",
        "Read it with HistogramLogProcessor, HistogramLogAnalyzer or jHiccup's plotters.");
    in.addTo(spec);
    spec.addOption(Specs.option(this, "output", "-o", "--output").required(true).paramLabel("FILE")
        .description("The .hlog to write (complete or not at all). A JVM restart without"
            + " wall-clock time starts FILE-2.hlog, FILE-3.hlog, …").build());
    spec.addOption(Specs.option(this, "intervalNanos", "--interval").paramLabel("DURATION")
        .converters(new DurationConverter())
        .description("Interval length, whole ms or more (default: 5s, like jHiccup).").build());
    start.addTo(spec);
    window.addTo(spec);
    exclude.addTo(spec);
    tz.addTo(spec, "In the StartTime comments and messages; the file's times are seconds since"
        + " the epoch.");
    spec.addOption(Specs.option(this, "jhiccup", "--jhiccup")
        .description("Time-weighted like jHiccup -f -fz: every --resolution of running time"
            + " between pauses is a zero sample and pauses are back-filled"
            + " (recordValueWithExpectedInterval). Answers 'what would a thread running all the"
            + " time have seen', not 'how long were the pauses'. Untagged lines only.").build());
    spec.addOption(Specs.option(this, "resolutionNanos", "--resolution").paramLabel("DURATION")
        .converters(new DurationConverter())
        .description("Sampling resolution of --jhiccup (default: 1ms, jHiccup's -r default).")
        .build());
    spec.addOption(Specs.option(this, "family", "--family").paramLabel("FAMILY")
        .completionCandidates(java.util.List.of("safepoint", "gc-pause", "stall", "request"))
        .description("Which events the .hlog holds: safepoint, gc-pause, stall or request."
            + " Default: the log's safepoints when it has timed ones, else its GC pauses, else requests,"
            + " else stalls.").build());
    spec.addOption(Specs.option(this, "debug", "--debug")
        .description("Show the stack trace of an error.").build());
    return Specs.help(spec);
  }

  @Override
  public Integer call() {
    tardy.render.PrintedZone.Scope zone = tz.use();
    try {
      return write();
    } finally {
      zone.close();
    }
  }

  private Integer write() {
    if (intervalNanos < 1_000_000L || intervalNanos % 1_000_000L != 0) {
      throw new UserError("--interval must be a whole number of milliseconds, at least 1ms");
    }
    if (jhiccup && resolutionNanos < 1) {
      throw new UserError("--resolution must be at least 1ns");
    }
    OptionalLong jvmStart = start.epochMillis();
    window.validate(); // before a long read, as every option
    IntervalRecorder.Settings settings = new IntervalRecorder.Settings(
        intervalNanos / 1_000_000L, jhiccup ? resolutionNanos : 0, in.maxOperations);
    Optional<Family> chosen = parseFamily();
    chosen.ifPresent(this::checkTimeWeighted); // before a long read, not after it
    in.checkOutputs(streams, output); // before a long read
    // This thread encodes the intervals still live when the parts are added: its encoder, a
    // thread-local, made now, so that its first lookup is not a miss inside the encoding the
    // parsers' threads had compiled (which the miss would deoptimise at the end of the run).
    EncodedHistogram.empty();
    tardy.record.window.Exclusions exclusions = exclude.exclusions();
    tardy.record.Result read = in.read(streams, plan -> SpecRecipe.intervals(settings, plan)
        .withWindow(window.window(plan, jvmStart)).withExclusions(exclusions));
    FamilyIntervals families = read.familyIntervals().orElseThrow();
    PrintStream err = streams.err();
    if (tz.zone == null) { // the logs' own zone, inside call's scope, which restores the one before
      tardy.render.PrintedZone.use(LoggedZone.of(read.zoneOffsets(), err));
    }
    excludedNote = read.exclusionNote();
    if (excludedNote != null) {
      err.println("tardy hlog: " + excludedNote);
    }
    List<Family> timed = timedFamilies(families);
    // by default the first family with timed events: a JDK 8 log's stopped-time lines may carry
    // no time stamp while its GC pauses do
    Family written = chosen.or(() -> timed.stream().findFirst()).or(families::preferred)
        .orElse(Family.SAFEPOINT);
    Optional<IntervalRecorder> chosenRecorder = families.of(written);
    List<Timeline> timelines = chosenRecorder.map(IntervalRecorder::timelines).orElse(List.of());
    if (timelines.isEmpty()) {
      throw new UserError(chosen.isPresent() && !families.families().isEmpty()
          ? "no timed events of the family " + written.key() + " in the input: nothing to write"
              + " (it holds: " + keys(families.families()) + untimedWords(families, written)
              + (timed.isEmpty() ? "" : "; choose --family " + timed.get(0).key()) + ")"
          : "no timed events in the input: nothing to write");
    }
    if (families.families().size() > 1) {
      List<Family> untimed = families.families().stream().filter(f -> !timed.contains(f)).toList();
      err.println("tardy hlog: the input holds " + keys(families.families()) + "; the .hlog holds "
          + written.key() + " only"
          + (untimed.isEmpty() || chosen.isPresent() ? "" : ": the " + keys(untimed)
              + " events carry no time stamp")
          + " (choose with --family)");
    }
    checkTimeWeighted(written);
    IntervalRecorder recorder = chosenRecorder.orElseThrow();
    HlogFormat.Tags tags = tagsOf(timelines);
    if (!recorder.isPastTheCap() || !tags.mapping().isEmpty()) {
      reportTags(tags, err); // past the cap, no tag says nothing of the log's names
    }
    if (recorder.isPastTheCap()) {
      err.println("tardy hlog: more than " + in.maxOperations + " " + written.keyHeader()
          + "s (--max-operations): "
          + (written == Family.REQUEST ? "tagged are only those the traffic sample saw most"
              : "none is tagged, as the traffic sample ranks request operations only")
          + "; the untagged lines hold every event");
    }
    for (int i = 0; i < timelines.size(); i++) {
      write(timelines.get(i), i, timelines.size(), jvmStart, tags, err);
    }
    if (recorder.untimed() > 0) {
      err.println("tardy hlog: " + Counts.of(recorder.untimed(), "event")
          + " carried no time and " + Counts.word(recorder.untimed(), "is", "are")
          + " in no interval");
    }
    return ExitCodes.OK;
  }

  private void write(Timeline timeline, int index, int count, OptionalLong jvmStart,
      HlogFormat.Tags tags, PrintStream err) {
    Path file = index == 0 ? output : numbered(output, index + 1);
    OptionalLong anchor;
    List<String> comments = new ArrayList<>();
    comments.add("Values are nanoseconds; Interval_Max is milliseconds");
    comments.add(jhiccup
        ? "Time-weighted (jHiccup -f -fz view): one zero sample per "
            + resolutionNanos + " ns of running time, pauses back-filled at that resolution"
        : "Each event counted once");
    if (excludedNote != null) {
      comments.add(excludedNote);
    }
    if (timeline.clock() == Clock.WALL) {
      anchor = OptionalLong.of(0);
      comments.add("Clock: wall-clock time from the log's datestamps");
      for (long restart : timeline.restarts()) {
        err.println("tardy hlog: JVM restart at " + tardy.render.PrintedZone.iso(Instant.ofEpochMilli(restart))
            + " (uptime went back): rebased on wall-clock time, same file " + file);
      }
    } else if (index == 0 && jvmStart.isPresent()) {
      anchor = jvmStart;
      comments.add("Clock: JVM uptime anchored at --start-time " + start.text);
      err.println("tardy hlog: " + file + ": times are uptime from --start-time " + start.text);
    } else {
      anchor = OptionalLong.empty();
      comments.add("Clock: seconds of JVM uptime; the log has no wall-clock time");
      err.println("tardy hlog: " + file + ": the log has no wall-clock time: StartTime is 0 and"
          + " interval times are seconds of JVM uptime"
          + (index == 0 ? " (pass --start-time to anchor them)" : ""));
    }
    if (index > 0 && timeline.clock() == Clock.UPTIME) {
      err.println("tardy hlog: JVM restart (uptime went back, no wall-clock time): run "
          + (index + 1) + " of " + count + " written to " + file);
    }
    HlogWriter.Options options =
        new HlogWriter.Options("tardy " + Tardy.Version.get(), anchor, comments);
    if (index > 0) { // a name made from --output's: it must not be --rejects, nor a file read
      OutputOptions.checkApart(file, in.rejects);
    }
    OutputOptions.checkWritable(file, () -> in.readFiles(in.resolve(streams), streams));
    try {
      AtomicOutput.write(file, out -> HlogWriter.write(timeline, tags, options, out));
    } catch (IOException e) {
      throw new UserError(file + ": cannot be written: " + e.getMessage(), e);
    }
    err.println("tardy hlog: wrote " + file + ": " + Counts.of(timeline.events(), "event") + " in "
        + Counts.of(timeline.size(), "non-empty interval") + " of "
        + timeline.lengthMillis() + " ms");
  }

  /** Every group gets its tag in name order, so the same log always gives the same tags. */
  private static HlogFormat.Tags tagsOf(List<Timeline> timelines) {
    TreeSet<String> names = new TreeSet<>();
    for (Timeline t : timelines) {
      names.addAll(t.groupNames());
    }
    HlogFormat.Tags tags = new HlogFormat.Tags();
    for (String name : names) {
      tags.of(name);
    }
    return tags;
  }

  private static void reportTags(HlogFormat.Tags tags, PrintStream err) {
    if (tags.mapping().isEmpty()) {
      err.println("tardy hlog: the log names no operations: untagged lines only");
      return;
    }
    err.println("tardy hlog: tags (name as logged -> tag):");
    tags.mapping().forEach((name, tag) -> err.println("  " + name + " -> " + tag));
  }

  /** The families with events placed in time, in the order an .hlog prefers them. */
  private static List<Family> timedFamilies(FamilyIntervals families) {
    return FamilyIntervals.PREFERRED.stream()
        .filter(f -> families.of(f).map(r -> !r.timelines().isEmpty()).orElse(false)).toList();
  }

  /** "; its 7,302 events carry no time stamp" when the family's events were all untimed. */
  private static String untimedWords(FamilyIntervals families, Family family) {
    long untimed = families.of(family).map(IntervalRecorder::untimed).orElse(0L);
    return untimed == 0 ? ""
        : "; its " + Counts.of(untimed, "event") + " " + Counts.word(untimed, "carries", "carry")
            + " no time stamp";
  }

  private static String keys(List<Family> families) {
    return families.stream().map(Family::key).collect(java.util.stream.Collectors.joining(", "));
  }

  /**
   * The time-weighted view samples the time a thread was stopped, which needs events that never
   * overlap: stop-the-world pauses. Requests and one thread's stalls overlap one another, so the
   * view of them would depend on where the input happens to be cut, and mean nothing.
   */
  private void checkTimeWeighted(Family f) {
    if (jhiccup && (f == Family.REQUEST || f == Family.STALL)) {
      throw new UserError("--jhiccup is the time-weighted view of stop-the-world pauses, which"
          + " never overlap; " + f.event() + "s overlap one another, so it does not apply to them"
          + " (drop --jhiccup, or choose --family safepoint or gc-pause)");
    }
  }

  private Optional<Family> parseFamily() {
    if (family == null) {
      return Optional.empty();
    }
    for (Family f : Family.values()) {
      if (f.key().equals(family)) {
        return Optional.of(f);
      }
    }
    throw new UserError("--family: '" + family + "' is not one of safepoint, gc-pause, stall,"
        + " request");
  }

  /** gc.hlog, run 2 -> gc-2.hlog */
  static Path numbered(Path file, int run) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String numbered = dot > 0
        ? name.substring(0, dot) + "-" + run + name.substring(dot)
        : name + "-" + run;
    return file.resolveSibling(numbered);
  }
}
