package tardy.cli;

import tardy.analysis.Analyzer;

import tardy.run.Driver;
import tardy.run.SpecRecipe;

import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import tardy.analysis.Analysis;
import tardy.run.Plan;
import tardy.run.SavedRun;
import tardy.record.Result;
import tardy.record.grouping.SampledGrouping;
import tardy.analysis.requirements.RequirementsLoader;

/** The part report and check share: read the inputs into one analysis, write it out. */
abstract class AnalysisCommand implements Specs.Fields {

  final InputOptions in = new InputOptions();
  final OutputOptions out = new OutputOptions();
  final StartTimeOption start = new StartTimeOption();
  final ViewOptions view = new ViewOptions();
  final TimeWindowOption window = new TimeWindowOption();
  final ExcludeOptions exclude = new ExcludeOptions();
  final ZoneOption tz = new ZoneOption();
  final IntervalOption interval = new IntervalOption();
  final FollowOptions follow = new FollowOptions();
  final TableOptions tables = new TableOptions();
  /** report's --fleet; never given to check. */
  final FleetOption fleet = new FleetOption();
  /**
   * How a check groups a table's rows: by its requirements over the report's grouping; a
   * report's keeps the report's.
   */
  java.util.function.Function<SampledGrouping, tardy.record.grouping.Grouping> groupsBy =
      g -> g;
  /** The histogram table read instead of logs; null when logs were read. */
  java.nio.file.Path tableRead;

  /** With --table: by input name, the host each JVM log names in its decorators, if any. */
  java.util.Map<String, java.util.Optional<String>> loggedHosts = java.util.Map.of();
  boolean debug;
  boolean quiet;
  /** --save: the result written here too, to be read later instead of its logs; null: not. */
  java.nio.file.Path save;
  /** The grouping the read was recorded with, set by the shape of the command. */
  SampledGrouping decided;
  /** The requirements whose grouping the read was recorded with; null: a report's. */
  RequirementsLoader.Text groupedBy;
  /** The saved result read instead of logs; null when logs were read. */
  SavedRun saved;
  /** The command's name (report, check), which an HTML page's title says. */
  private String name = "";

  final Streams streams;

  AnalysisCommand(Streams streams, Driver driver) {
    this.streams = streams;
    in.driver = driver;
  }

  @Override
  public Object get(String field) {
    return switch (field) {
      case "debug" -> debug;
      case "quiet" -> quiet;
      case "save" -> save;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "debug" -> debug = (boolean) value;
      case "quiet" -> quiet = (boolean) value;
      case "save" -> save = (java.nio.file.Path) value;
      default -> throw Specs.noField(this, field);
    }
  }

  /** The command with the options report and check share, in the order the manual lists them. */
  CommandSpec spec(String name, String description) {
    CommandSpec spec = Specs.command(this, name, description);
    this.name = name;
    in.addTo(spec);
    out.addTo(spec);
    spec.addOption(Specs.option(this, "save", "--save").paramLabel("FILE")
        .description("Also save the result to FILE (complete or not at all), to be read later"
            + " as an INPUT of report, check or compare instead of its logs.").build());
    start.addTo(spec);
    view.addTo(spec);
    tz.addTo(spec, "Not in CSV and JSON, whose times are numbers.");
    window.addTo(spec);
    exclude.addTo(spec);
    interval.addTo(spec);
    tables.addTo(spec);
    follow.addTo(spec);
    spec.addOption(Specs.option(this, "debug", "--debug")
        .description("Show the stack trace of an error.").build());
    spec.addOption(Specs.option(this, "quiet", "-q", "--quiet")
        .description("No progress display (shown only on a terminal, for runs longer than a"
            + " second).").build());
    return spec;
  }

  /**
   * The same with the grouping decided from the planned inputs' samples, or the saved result the
   * INPUT names; the result is saved too with --save.
   */
  Analysis analyze(Function<Plan, SpecRecipe> shapeOf) {
    view.validate();
    window.validate();
    tardy.record.window.Exclusions exclusions = exclude.exclusions();
    start.epochMillis();
    tables.validate();
    tableRead = tables.tableInput(in.inputs);
    fleet.validate(out.format(), tableRead != null || tables.table != null);
    if (tableRead != null) {
      return analyzeTable();
    }
    saved = SavedInput.of(in.inputs, "INPUT").orElse(null);
    if (saved != null) {
      refuseRecordingOptions();
      in.checkOutputs(streams, out.output);
      return analyzed(saved.result());
    }
    checkSave();
    in.checkOutputs(streams, out.output); // before a long read
    Progress progress = Progress.start(streams, in.resolve(streams), quiet);
    Result result;
    SpecRecipe[] used = new SpecRecipe[1]; // the whole's shape: a partition's rows take it too
    Plan[] planned = new Plan[1];
    try {
      // JVM logs first, whole and small: every request is then put against their pauses
      result = in.readWithPauses(streams, plan -> used[0] = shapeOf.apply(planned[0] = plan)
              .withWindow(window.window(plan, start.epochMillis()))
              .withExclusions(exclusions)
              .withPerInterval(interval.millis())
              .withJvmStart(start.epochMillis())
              .withHosts(tables.table != null && plan.namesHosts()), start.epochMillis());
      if (tables.table != null) { // the JVM logs' hosts, as the Spark job reads them
        loggedHosts = TablePartitions.loggedHosts(planned[0]);
      }
    } finally {
      progress.close();
    }
    if (tables.table != null) {
      TablePartitions.Written written = TablePartitions.write(this, result, used[0]);
      fleet.rows(written.columns(), written.rows(), result.spec());
    }
    if (save != null) { // before the analysis: what is saved is what was read
      byte[] bytes = SavedRun.encode(tool(), decided, groupedBy, result);
      try {
        tardy.render.AtomicOutput.write(save, target -> target.write(bytes));
      } catch (java.io.IOException e) {
        throw new UserError(save + ": cannot be written: " + e.getMessage(), e);
      }
    }
    Analysis analysis = analyzed(result);
    tardy.run.Phases.end("analysis");
    return analysis;
  }

  /**
   * A histogram table's rows rolled up, read as the logs they came from would be; what a table
   * cannot give is said on stderr.
   */
  private Analysis analyzeTable() {
    java.util.List<String> given = new java.util.ArrayList<>(recordingOptionsGiven());
    given.addAll(logReadingOptionsGiven());
    given.remove("--interval"); // the table's intervals, added into --interval's (TableIntervals)
    if (save != null) {
      given.add("--save");
    }
    if (tables.table != null) {
      given.add("--table");
    }
    if (follow.follow) {
      given.add("--follow");
    }
    if (!given.isEmpty()) {
      throw new UserError(tableRead + ": a histogram table is read as it was written: "
          + String.join(", ", given) + " cannot change it (give "
          + (given.size() == 1 ? "it" : "them") + " when reading its logs)");
    }
    in.checkOutputs(streams, out.output);
    decided = SampledGrouping.of(tardy.record.grouping.GroupingMode.INFER, java.util.Map.of(),
        SpecRecipe.expectedGroups(in.maxOperations));
    long perInterval = interval.millis();
    tardy.record.grouping.Grouping judged = groupsBy.apply(decided);
    TableInput.Read read = TableInput.read(tableRead, tables.filters(),
        names -> Result.Spec.report(judged, Math.max(in.maxOperations, names))
            .withPerInterval(perInterval),
        rows -> TableRowNames.renamed(rows, judged, decided));
    fleet.rows(read.columns(), read.rows(), read.spec()); // a column it lacks: before the note
    streams.err().println("tardy: " + read.note());
    if (!read.uncounted().isEmpty() && read.rows().stream().allMatch(r -> r.objective() == null)) {
      streams.err().println("tardy: " + tableRead + ": objectives (slo:) are not counted from a"
          + " table: it keeps no status codes nor good and bad requests per minute, so their"
          + " error budgets have no data here, on the fleet and on each host; judge them on the"
          + " logs");
    } else if (!read.uncounted().isEmpty()) { // some partitions written without them
      streams.err().println("tardy: " + tableRead + ": objectives (slo:) are not counted from a"
          + " table where some of their rows keep no good and bad requests per minute (written"
          + " without them): " + String.join(", ", read.uncounted()) + "; their error budgets"
          + " have no data here, on the fleet and on each host; write those partitions again"
          + " from their logs with these requirements");
    }
    return analyzed(read.result());
  }

  /** Refuses --follow with --save or a saved result: a followed log has no end, a saved one no tail. */
  void checkFollowable() {
    if (tables.table != null || !tables.filters().isEmpty()
        || tables.tableInput(in.inputs) != null) {
      throw new UserError("--follow reads a growing log: not with a histogram table (--table,"
          + " --where, or a table as INPUT)");
    }
    if (save != null) {
      throw new UserError("--save cannot be used with --follow: a followed log has no end to"
          + " save");
    }
    SavedInput.of(in.inputs, "INPUT").ifPresent(saved -> {
      throw new UserError(in.inputs.get(0) + ": a saved result has no lines to follow: --follow"
          + " reads logs");
    });
  }

  static String tool() {
    return "tardy " + Tardy.Version.get();
  }

  /** Refuses --save where there is nothing to save, or where it would replace an input. */
  void checkSave() {
    if (save == null) {
      return;
    }
    OutputOptions.checkTarget(save);
    if (out.output != null && save.toAbsolutePath().normalize()
        .equals(out.output.toAbsolutePath().normalize())) {
      throw new UserError(save + ": named by both --output and --save: one would replace the"
          + " other; choose two files");
    }
    OutputOptions.refuseRead(save, () -> in.readFiles(in.resolve(streams), streams));
  }

  /**
   * Options that decide what is recorded cannot change a saved result, only the logs it came
   * from: refused rather than silently not applied.
   */
  private void refuseRecordingOptions() {
    String name = in.inputs.get(0);
    java.util.List<String> given = new java.util.ArrayList<>(logReadingOptionsGiven());
    if (in.maxOperations != saved.maxGroups()
        && in.maxOperations != tardy.record.Recorder.DEFAULT_MAX_GROUPS) {
      given.add("--max-operations");
    }
    if (follow.follow) {
      given.add("--follow");
    }
    if (save != null) {
      given.add("--save");
    }
    if (tables.table != null) {
      given.add("--table");
    }
    given.addAll(recordingOptionsGiven());
    if (!given.isEmpty()) {
      throw new UserError(name + ": a saved result is read as it was recorded: "
          + String.join(", ", given) + " cannot change it (give "
          + (given.size() == 1 ? "it" : "them") + " when reading its logs, or save again)");
    }
  }

  /** The shared options that decide how logs are read, given: a table or saved result has none. */
  private java.util.List<String> logReadingOptionsGiven() {
    java.util.List<String> given = new java.util.ArrayList<>();
    if (window.given()) {
      given.add("--from/--to");
    }
    if (interval.nanos != null) {
      given.add("--interval");
    }
    if (start.text != null) {
      given.add("--start-time");
    }
    if (in.logFormat != null && !in.logFormat.isEmpty()) {
      given.add("--log-format");
    }
    if (in.rejects != null) {
      given.add("--rejects");
    }
    return given;
  }

  /** The command's own options that decide what is recorded, given with a saved result. */
  java.util.List<String> recordingOptionsGiven() {
    return java.util.List.of();
  }

  /**
   * The analysis of what was read, its times printed from now on in the logs' own zone when no
   * --tz was given (inside {@link #zoneScope}, whose end restores the zone before it).
   */
  private Analysis analyzed(Result result) {
    printInLoggedZone(result);
    return Analyzer.analyze(tool(), result);
  }

  /** Without --tz, times are printed in the zone the logs' timestamps carried ({@link LoggedZone}). */
  void printInLoggedZone(Result result) {
    if (tz.zone == null) {
      tardy.render.PrintedZone.use(LoggedZone.of(result.zoneOffsets(), streams.err()));
    }
  }

  /** Times printed in --tz until closed: the table's, the HTML page's text, axes and hovers. */
  tardy.render.PrintedZone.Scope zoneScope() {
    return tardy.render.PrintedZone.use(tz.zoneId());
  }

  /** The view as this command lays it out: {@code report --exemplars} adds to it. */
  tardy.render.View laidOut(tardy.render.View view) {
    return view;
  }

  void render(Analysis analysis) {
    tardy.render.View shown = laidOut(view.view(streams, out).withCommand(name));
    tardy.render.Renderer renderer = fleet.renderer(out.format(), shown, analysis)
        .orElseGet(() -> out.format().renderer(shown));
    out.write(streams, target -> renderer.render(analysis, target));
    tardy.run.Phases.end("render");
  }
}
