package tardy.cli;

import tardy.run.Driver;
import tardy.run.SpecRecipe;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.InputHealth;
import tardy.record.Result;
import tardy.record.grouping.GroupingMode;
import tardy.analysis.Judge;
import tardy.analysis.requirements.Requirements;
import tardy.analysis.requirements.RequirementsException;
import tardy.analysis.requirements.RequirementsLoader;
import tardy.analysis.Verdict;
import tardy.render.CheckWords;
import tardy.render.Escape;
import tardy.render.registry.OutputFormat;

/** {@code tardy check}: the report judged against a requirements file; exit 1 when a budget fails. */
final class CheckCommand extends AnalysisCommand implements Callable<Integer> {

  Path requirements;

  CheckCommand(Streams streams, Driver driver) {
    super(streams, driver);
  }

  @Override
  public Object get(String field) {
    return switch (field) {
      case "requirements" -> requirements;
      default -> super.get(field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "requirements" -> requirements = (Path) value;
      default -> super.set(field, value);
    }
  }

  CommandSpec spec() {
    CommandSpec spec = spec("check",
        "The report judged against a requirements file: exit 1 when a budget fails.");
    spec.addOption(Specs.option(this, "requirements", "--requirements").required(true)
        .paramLabel("FILE")
        .description("The requirements file (YAML): categories, operations and their budgets.")
        .build());
    return Specs.help(spec);
  }

  @Override
  public Integer call() {
    RequirementsLoader.Text text = read(); // before any input is opened: a typo must not cost a long read
    Requirements r = parse(text);
    in.alsoRead = requirements; // no output of the run may replace it
    if (follow.follow) {
      checkFollowable();
      return new LiveRun(this, follow, r).run(plan -> Result.Spec.report(
          r.grouping(plan.grouping(GroupingMode.INFER,
              SpecRecipe.expectedGroups(in.maxOperations))),
          in.maxOperations));
    }
    groupedBy = text;
    Analysis analysis = analyze(plan -> {
      decided = plan.grouping(GroupingMode.INFER,
          SpecRecipe.expectedGroups(in.maxOperations));
      return SpecRecipe.check(text, r, decided, in.maxOperations);
    });
    if (saved != null) {
      refuseOtherGrouping(text);
      decided = saved.grouping();
    }
    List<String> unread = InputHealth.problems(analysis.inputs());
    if (!unread.isEmpty()) { // a gate must not pass, nor fail, on lines it could not read
      throw new UserError(unread, null);
    }
    for (String note : r.takenIn(decided.sample(), decided)) {
      analysis = analysis.withNote(note);
    }
    refuseEmpty(analysis);
    Analysis judged = Judge.judge(analysis, r);
    if (judged.verdict().orElse(Verdict.PASS) != Verdict.FAIL) { // a failure stands on its own
      NothingJudged.why(judged, r).ifPresent(why -> {
        throw new UserError("nothing was judged: " + why + "; a check that judges nothing does"
            + " not pass");
      });
    }
    render(judged);
    if (out.output != null || out.format() != OutputFormat.TABLE) { // the table ends with it
      streams.err().println(CheckWords.verdict(judged, Escape::terminal));
    }
    return judged.verdict().orElse(Verdict.PASS) == Verdict.FAIL ? ExitCodes.BUDGET_FAILED : ExitCodes.OK;
  }

  /**
   * A check groups requests by its requirements' operations, which histograms cannot be
   * regrouped into: a saved result is checked only against the requirements it was saved with.
   */
  private void refuseOtherGrouping(RequirementsLoader.Text text) {
    String name = in.inputs.get(0);
    if (saved.requirements().isEmpty()) {
      throw new UserError(name + ": saved by 'tardy report': its operations were not grouped by"
          + " requirements, and saved histograms cannot be regrouped; save it with 'tardy check"
          + " --requirements " + requirements + " --save " + name + "'");
    }
    if (!saved.requirements().get().text().equals(text.text())) {
      throw new UserError(name + ": saved with other requirements ("
          + saved.requirements().get().file() + "): its operations were grouped by those, and"
          + " saved histograms cannot be regrouped; check it against the requirements it was"
          + " saved with, or read its logs");
    }
  }

  /**
   * Inputs without a single line are refused as they are when no --log-format is named: a check
   * right after a log's rotation has nothing to judge, and neither passes nor fails.
   */
  private static void refuseEmpty(Analysis analysis) {
    if (analysis.lines() == 0) {
      throw new UserError(String.join("\n", analysis.inputs().stream()
          .map(in -> in.source() + ": is empty: no lines to read").toList()));
    }
  }

  private RequirementsLoader.Text read() {
    try {
      return RequirementsLoader.text(requirements);
    } catch (RequirementsException e) {
      throw new UserError(e.problems(), e);
    }
  }

  private static Requirements parse(RequirementsLoader.Text text) {
    try {
      return RequirementsLoader.parse(text.file(), text.text());
    } catch (RequirementsException e) {
      throw new UserError(e.problems(), e);
    }
  }
}
