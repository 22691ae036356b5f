package tardy.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import tardy.analysis.Analysis;
import tardy.analysis.Analyzer;
import tardy.analysis.InputHealth;
import tardy.analysis.Verdict;
import tardy.analysis.compare.Comparer;
import tardy.analysis.compare.Comparison;
import tardy.analysis.compare.Gate;
import tardy.analysis.compare.RegressionBudget;
import tardy.analysis.compare.RegressionBudgetsLoader;
import tardy.analysis.compare.TableSlice;
import tardy.analysis.requirements.RequirementsException;
import tardy.analysis.requirements.RequirementsLoader;
import tardy.events.input.Input;
import tardy.record.Recorder;
import tardy.record.grouping.GroupingMode;
import tardy.record.grouping.SampledGrouping;
import tardy.render.compare.CompareCsv;
import tardy.render.compare.CompareJson;
import tardy.render.compare.CompareTable;
import tardy.render.registry.OutputFormat;
import tardy.run.Driver;
import tardy.run.Plan;
import tardy.run.SavedRun;
import tardy.run.SpecRecipe;

/**
 * {@code tardy compare}: two runs side by side, each percentile's change tested, and regression
 * budgets judged where a change is significant (exit 1 when one fails).
 */
final class CompareCommand implements Specs.Fields, Callable<Integer> {

  List<String> before;
  List<String> after;
  List<String> inputs;
  String split;
  String beforeWindow;
  String afterWindow;
  /** --before-where / --after-where: each side's slice of a histogram table. */
  final TableOptions beforeTable = new TableOptions();
  final TableOptions afterTable = new TableOptions();
  Path requirements;
  double alpha = Comparer.DEFAULT_ALPHA;
  String grouping = GroupingMode.INFER.option();
  List<String> logFormat;
  int threads = Runtime.getRuntime().availableProcessors();
  int maxOperations = Recorder.DEFAULT_MAX_GROUPS;
  boolean debug;
  final OutputOptions out = new OutputOptions();
  final ExcludeOptions exclude = new ExcludeOptions();

  private final Streams streams;
  private final Driver driver;
  /** Before's and after's slices when the sides are histogram tables; nulls for logs. */
  private final TableSlice[] slices = new TableSlice[2];

  CompareCommand(Streams streams, Driver driver) {
    this.streams = streams;
    this.driver = driver;
  }

  @Override
  public Object get(String field) {
    return switch (field) {
      case "before" -> before;
      case "after" -> after;
      case "inputs" -> inputs;
      case "split" -> split;
      case "beforeWindow" -> beforeWindow;
      case "afterWindow" -> afterWindow;
      case "requirements" -> requirements;
      case "alpha" -> alpha;
      case "grouping" -> grouping;
      case "logFormat" -> logFormat;
      case "threads" -> threads;
      case "maxOperations" -> maxOperations;
      case "debug" -> debug;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  @SuppressWarnings("unchecked")
  public void set(String field, Object value) {
    switch (field) {
      case "before" -> before = (List<String>) value;
      case "after" -> after = (List<String>) value;
      case "inputs" -> inputs = (List<String>) value;
      case "split" -> split = (String) value;
      case "beforeWindow" -> beforeWindow = (String) value;
      case "afterWindow" -> afterWindow = (String) value;
      case "requirements" -> requirements = (Path) value;
      case "alpha" -> alpha = (double) value;
      case "grouping" -> grouping = (String) value;
      case "logFormat" -> logFormat = (List<String>) value;
      case "threads" -> threads = (int) value;
      case "maxOperations" -> maxOperations = (int) value;
      case "debug" -> debug = (boolean) value;
      default -> throw Specs.noField(this, field);
    }
  }

  CommandSpec spec() {
    CommandSpec spec = Specs.command(this, "compare",
        "Two runs side by side: each percentile's change per operation, whether it is"
            + " significant, and regression budgets (exit 1 when one fails).");
    spec.addPositional(Specs.positional(this, "inputs").arity("0..*").paramLabel("INPUT")
        .description("With --split or --before-window/--after-window: the log files or globs"
            + " cut in two by time.").build());
    spec.addOption(Specs.option(this, "before", "--before").paramLabel("INPUT").arity("1..*")
        .description("The logs of the run before (files or globs; repeatable), or one result"
            + " saved with 'report --save'.").build());
    spec.addOption(Specs.option(this, "after", "--after").paramLabel("INPUT").arity("1..*")
        .description("The logs of the run after (files or globs; repeatable), or one result"
            + " saved with 'report --save'.").build());
    spec.addOption(Specs.option(this, "split", "--split").paramLabel("TIME")
        .description("Compare the INPUTs' events logged before TIME with those at or after it"
            + " (ISO-8601 with offset, e.g. 2026-11-20T14:00:00Z).").build());
    spec.addOption(Specs.option(this, "beforeWindow", "--before-window").paramLabel("FROM..TO")
        .description("The INPUTs' events of the run before: logged at or after FROM and before"
            + " TO, each a time or a duration before the end of the log as --from/--to of"
            + " report take (either may be left out: ..TO, FROM..).").build());
    spec.addOption(Specs.option(this, "afterWindow", "--after-window").paramLabel("FROM..TO")
        .description("The INPUTs' events of the run after, as --before-window.").build());
    spec.addOption(Specs.option(beforeTable, "where", "--before-where")
        .paramLabel("COLUMN=VALUE")
        .description("With a histogram table as --before: only its rows whose partition column"
            + " (or family, name) has that value (repeatable).").build());
    spec.addOption(Specs.option(afterTable, "where", "--after-where").paramLabel("COLUMN=VALUE")
        .description("The rows of the table given as --after, as --before-where.").build());
    spec.addOption(Specs.option(this, "requirements", "--requirements").paramLabel("FILE")
        .description("A requirements file whose 'regressions:' hold budgets such as"
            + " 'p99: { max_increase: 10%% }': judged where the change is significant; exit 1"
            + " when one fails.").build());
    spec.addOption(Specs.option(this, "alpha", "--alpha").paramLabel("LEVEL")
        .description("Significance level of each percentile's test (default: ${DEFAULT-VALUE}).")
        .build());
    spec.addOption(Specs.option(this, "grouping", "--grouping").paramLabel("infer|ids|raw")
        .completionCandidates(List.of("infer", "ids", "raw"))
        .description("How paths become operations, decided once from both sides' samples"
            + " (default: infer).").build());
    spec.addOption(Specs.option(this, "logFormat", "--log-format")
        .paramLabel("[GLOB=]NAME|STRING").completionCandidates(new InputOptions.FormatNames())
        .description("Force a format, as for report (repeatable).").build());
    spec.addOption(Specs.option(this, "threads", "--threads").paramLabel("N")
        .description("Threads that parse a large plain file in parallel (default:"
            + " ${DEFAULT-VALUE}).").build());
    spec.addOption(Specs.option(this, "maxOperations", "--max-operations").paramLabel("N")
        .description("Groups kept apart on each side (default: ${DEFAULT-VALUE}).").build());
    exclude.addTo(spec); // both sides alike
    spec.addOption(Specs.option(out, "format", "--format").paramLabel("FORMAT")
        .completionCandidates(List.of("table", "json", "csv", "html")) // not hgrm: refused here
        .description("Output format: table, json, csv or html (default: from the --output"
            + " file's extension, .json .csv .html; else table).").build());
    spec.addOption(Specs.option(out, "output", "-o", "--output").paramLabel("FILE")
        .description("Write to FILE (complete or not at all) instead of standard output.").build());
    spec.addOption(Specs.option(this, "debug", "--debug")
        .description("Show the stack trace of an error.").build());
    return Specs.help(spec);
  }

  @Override
  public Integer call() {
    OutputFormat format = out.format();
    if (format == OutputFormat.HGRM) {
      throw new UserError("--format " + format.label() + ": compare writes table, json, csv or html");
    }
    if (!(alpha > 0 && alpha < 0.5)) {
      throw new UserError("--alpha must be above 0 and below 0.5, not " + alpha);
    }
    List<RegressionBudget> budgets = budgets(); // before any input: a typo must not cost a read
    tardy.record.window.Exclusions exclusions = exclude.exclusions();
    boolean oneSet = cutByTime();
    InputOptions was = side(oneSet ? inputs : before, "--before");
    InputOptions is = side(oneSet ? inputs : after, "--after");
    TimeWindowOption[] windows = windows();
    Analysis a;
    Analysis b;
    Path wasTable = beforeTable.tableInput(was.inputs);
    Path isTable = afterTable.tableInput(is.inputs);
    if (wasTable != null || isTable != null) {
      if (!exclusions.isEmpty()) {
        throw new UserError("--exclude-status, --exclude-method and --exclude-path leave requests"
            + " out of logs as they are read: a histogram table holds histograms, not requests");
      }
      a = table("--before", was, wasTable, beforeTable, 0);
      b = table("--after", is, isTable, afterTable, 1);
    } else {
      SavedRun wasSaved = saved(was, "--before");
      SavedRun isSaved = saved(is, "--after");
      if (!exclusions.isEmpty() && (wasSaved != null || isSaved != null)) {
        throw new UserError("--exclude-status, --exclude-method and --exclude-path leave requests"
            + " out of logs as they are read: a saved result holds histograms, not requests");
      }
      was.checkOutputs(streams, out.output);
      is.checkOutputs(streams, out.output);
      SpecRecipe recipe = recipeOfBoth(was, wasSaved, is, isSaved);
      SpecRecipe excluding = recipe.withExclusions(exclusions);
      a = read("before", was, wasSaved, excluding, windows[0]);
      b = read("after", is, isSaved, excluding, windows[1]);
    }
    String tool = "tardy " + Tardy.Version.get();
    Comparison c = Comparer.compare(tool, a, b, alpha);
    if (slices[0] != null) {
      c = c.ofTables(slices[0], slices[1]);
    }
    Integer code = ExitCodes.OK;
    if (budgets != null) {
      Optional<Comparison> judged = Gate.judge(c, budgets);
      if (judged.isEmpty()) {
        throw new UserError("nothing was judged: no regression budget met an operation with"
            + " enough values on both sides; a gate that judges nothing does not pass");
      }
      c = judged.get();
      code = c.verdict().get() == Verdict.FAIL ? ExitCodes.BUDGET_FAILED : ExitCodes.OK;
    }
    Comparison done = c;
    out.write(streams, target -> {
      switch (format) {
        case JSON -> CompareJson.render(done, target);
        case CSV -> CompareCsv.render(done, target);
        case HTML -> tardy.render.html.CompareHtml.render(done, target);
        default -> CompareTable.render(done, target);
      }
    });
    if (done.verdict().isPresent() && (out.output != null || format != OutputFormat.TABLE)) {
      streams.err().println(done.verdict().get() == Verdict.FAIL
          ? "FAIL: a regression budget failed" : "PASS: no regression budget failed");
    }
    return code;
  }

  private List<RegressionBudget> budgets() {
    if (requirements == null) {
      return null;
    }
    try {
      return RegressionBudgetsLoader.parse(RequirementsLoader.text(requirements));
    } catch (RequirementsException e) {
      throw new UserError(e.problems(), e);
    }
  }

  /** Whether one set of INPUTs is cut in two by time (--split, or two windows). */
  private boolean cutByTime() {
    if (split != null && (beforeWindow != null || afterWindow != null)) {
      throw new UserError("--split cuts the INPUTs at one time: --before-window and"
          + " --after-window are for two windows; give one or the other");
    }
    if ((beforeWindow == null) != (afterWindow == null)) {
      throw new UserError((beforeWindow == null ? "--after-window" : "--before-window")
          + " needs " + (beforeWindow == null ? "--before-window" : "--after-window")
          + ": the two windows are the two runs");
    }
    return split != null || beforeWindow != null;
  }

  private InputOptions side(List<String> names, String option) {
    if (split != null || beforeWindow != null) {
      String cut = split != null ? "--split" : "--before-window/--after-window";
      if (before != null || after != null) {
        throw new UserError(cut + " compares one set of INPUTs: --before and --after are for"
            + " two");
      }
      if (names == null || names.isEmpty()) {
        throw new UserError(cut + " needs the INPUTs it cuts");
      }
    } else {
      if (inputs != null && !inputs.isEmpty()) {
        throw new UserError("name the two runs with --before and --after (or one set with"
            + " --split TIME, or --before-window and --after-window), not as INPUTs: "
            + inputs.get(0));
      }
      if (names == null || names.isEmpty()) {
        throw new UserError("compare needs " + option + " INPUT...: the logs of both runs");
      }
    }
    if (names.contains("-")) {
      throw new UserError("compare reads each input twice (once to decide the operations of"
          + " both sides), so not standard input: name a file");
    }
    InputOptions in = new InputOptions();
    in.driver = driver;
    in.inputs = names;
    in.logFormat = logFormat;
    in.threads = threads;
    in.maxOperations = maxOperations;
    return in;
  }

  /** The windows of --split or --before-window/--after-window, before then after; none without. */
  private TimeWindowOption[] windows() {
    TimeWindowOption was = new TimeWindowOption();
    TimeWindowOption is = new TimeWindowOption();
    if (beforeWindow != null) {
      return new TimeWindowOption[] {
          window("--before-window", beforeWindow), window("--after-window", afterWindow)};
    }
    if (split != null) {
      TimeWindowOption.bound("--split", split); // refused now when unreadable
      if (split.strip().matches("-?[0-9.]+[a-z]+")) {
        throw new UserError("--split takes a time with its offset (e.g. 2026-11-20T14:00:00Z),"
            + " not a duration");
      }
      was.to = split;
      is.from = split;
    }
    return new TimeWindowOption[] {was, is};
  }

  /** "FROM..TO" as --from and --to; either end may be left out, not both. */
  static TimeWindowOption window(String option, String text) {
    int dots = text.indexOf("..");
    if (dots < 0 || text.indexOf("..", dots + 2) >= 0) {
      throw new UserError(option + " takes FROM..TO (e.g. 2026-11-20T13:00:00Z..2026-11-20T14:00:00Z,"
          + " or ..TO, FROM..), not '" + text + "'");
    }
    TimeWindowOption w = new TimeWindowOption();
    w.from = text.substring(0, dots).isBlank() ? null : text.substring(0, dots).strip();
    w.to = text.substring(dots + 2).isBlank() ? null : text.substring(dots + 2).strip();
    if (!w.given()) {
      throw new UserError(option + " '" + text + "' leaves out both ends: name FROM, TO or both");
    }
    TimeWindowOption.bound(option, w.from); // refused now when unreadable
    TimeWindowOption.bound(option, w.to);
    return w;
  }

  /**
   * A side read from a histogram table; both sides are tables (their operations are the
   * table's, named as their logs were grouped; logs beside them would be grouped apart).
   */
  private Analysis table(String option, InputOptions side, Path table, TableOptions slice,
      int at) {
    if (table == null) {
      throw new UserError(option + ": compared with a histogram table, a side is a table too"
          + " (the same table with --before-where and --after-where, or another)");
    }
    if (cutByTime()) {
      throw new UserError(table + ": a histogram table keeps no times to cut: --split and"
          + " --before-window/--after-window cut logs; give each side's slice with"
          + " --before-where and --after-where");
    }
    side.checkOutputs(streams, out.output);
    SampledGrouping none = SampledGrouping.of(GroupingMode.INFER, java.util.Map.of(),
        SpecRecipe.expectedGroups(maxOperations));
    TableInput.Read read = TableInput.read(table, slice.filters(),
        names -> tardy.record.Result.Spec.report(none, Math.max(maxOperations, names)));
    streams.err().println("tardy: " + option + " " + read.note());
    slices[at] = new TableSlice(table.toString(), slice.filters(), read.rows().size(),
        (int) read.rows().stream().map(tardy.record.table.TableRow::partition).distinct().count());
    return Analyzer.analyze("tardy " + Tardy.Version.get(), read.result());
  }

  /** The side's saved result, when its input is one; null when it is logs. */
  private SavedRun saved(InputOptions side, String option) {
    SavedRun saved = SavedInput.of(side.inputs, option).orElse(null);
    if (saved != null && cutByTime()) {
      throw new UserError(side.inputs.get(0) + ": a saved result keeps no times to cut:"
          + " --split and --before-window/--after-window cut logs; save each window with"
          + " 'tardy report --from … --to … --save' and compare the two");
    }
    return saved;
  }

  /**
   * One grouping for both sides: from the samples of every input of both when both are logs,
   * else the saved side's, so that the logs beside it are grouped as it was. Two saved results
   * grouped apart cannot be regrouped: their operations are matched by name, and this is said.
   */
  private SpecRecipe recipeOfBoth(InputOptions was, SavedRun wasSaved, InputOptions is,
      SavedRun isSaved) {
    if (wasSaved == null && isSaved == null) {
      List<Input> all = new ArrayList<>(was.resolve(streams));
      all.addAll(is.resolve(streams));
      SampledGrouping decided = Plan.of(all, was.formats())
          .grouping(mode(), SpecRecipe.expectedGroups(maxOperations));
      return SpecRecipe.report(decided, maxOperations);
    }
    SavedRun saved = wasSaved != null ? wasSaved : isSaved;
    if (mode() != GroupingMode.INFER && mode() != saved.grouping().mode()) {
      throw new UserError("--grouping " + grouping + ": " + (wasSaved != null ? was : is).inputs
          .get(0) + " was grouped with --grouping " + saved.grouping().mode().option()
          + ", which the logs beside it follow");
    }
    if (wasSaved != null && isSaved != null && !wasSaved.groupedAs(isSaved)) {
      streams.err().println("tardy: " + was.inputs.get(0) + " and " + is.inputs.get(0)
          + " were grouped apart (each from its own logs' sample): operations are matched by"
          + " name, and a request may be an operation of another name on the other side; to"
          + " group both alike, compare one of them with the other's logs (logs beside a saved"
          + " result are grouped as it was)");
    }
    try {
      return saved.recipe();
    } catch (SavedRun.Unreadable e) {
      throw new UserError(e.getMessage(), e);
    }
  }

  private Analysis read(String name, InputOptions in, SavedRun saved, SpecRecipe recipe,
      TimeWindowOption window) {
    Analysis a = saved != null ? Analyzer.analyze("tardy " + Tardy.Version.get(), saved.result())
        : Analyzer.analyze("tardy " + Tardy.Version.get(), in.read(streams,
        plan -> recipe.withWindow(window.window(plan, OptionalLong.empty()))));
    List<String> unread = InputHealth.problems(a.inputs());
    if (!unread.isEmpty()) { // a verdict must not stand on lines that could not be read
      throw new UserError(unread, null);
    }
    if (a.groups().stream().mapToLong(s -> s.count()).sum() == 0) {
      throw new UserError("the " + name + " side holds no request nor pause"
          + (split != null ? " (--split " + split + ")"
              : beforeWindow != null ? " (--" + name + "-window "
                  + (name.equals("before") ? beforeWindow : afterWindow) + ")" : "")
          + ": nothing to compare");
    }
    return a;
  }

  private GroupingMode mode() {
    for (GroupingMode m : GroupingMode.values()) {
      if (m.option().equals(grouping.toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw new UserError("--grouping must be infer, ids or raw, not " + grouping);
  }
}
