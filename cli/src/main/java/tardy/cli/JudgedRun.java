package tardy.cli;

import java.nio.file.Path;
import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.InputHealth;
import tardy.analysis.Judge;
import tardy.analysis.Verdict;
import tardy.analysis.requirements.Requirements;
import tardy.analysis.requirements.RequirementsException;
import tardy.analysis.requirements.RequirementsLoader;
import tardy.record.Result;
import tardy.record.grouping.GroupingMode;
import tardy.render.CheckWords;
import tardy.run.SavedRun;
import tardy.render.Escape;
import tardy.render.registry.OutputFormat;
import tardy.run.SpecRecipe;

/**
 * A run judged against a requirements file: {@code check}, a gate whose exit code is the
 * verdict, and {@code report --requirements}, the same judged report (requirements, error budgets,
 * the verdict said) that exits 0 whatever the verdict, reports on lines it could not read as a
 * report does (a warning, not a refusal), and says on stderr when it judged nothing instead of
 * refusing to pass.
 */
final class JudgedRun {

  private JudgedRun() {}

  /**
   * @param gate check: exit 1 on a failed budget, refuse unread lines, empty inputs and a run
   *     that judged nothing
   */
  static int run(AnalysisCommand c, Path file, GroupingMode mode, boolean gate) {
    RequirementsLoader.Text text = read(file); // before any input is opened: a typo must not cost a long read
    Requirements r = parse(text);
    c.in.alsoRead = file; // no output of the run may replace it
    if (c.follow.follow) {
      c.checkFollowable();
      return new LiveRun(c, c.follow, r, gate).run(plan -> Result.Spec.report(
          r.grouping(plan.grouping(mode, SpecRecipe.expectedGroups(c.in.maxOperations))),
          c.in.maxOperations));
    }
    c.groupedBy = text;
    c.fleet.judgedBy = r; // each host is judged as the fleet is
    c.groupsBy = r::grouping; // a table's rows are judged by the requirements' names
    Analysis analysis = c.analyze(plan -> {
      c.decided = plan.grouping(mode, SpecRecipe.expectedGroups(c.in.maxOperations));
      return SpecRecipe.check(text, r, c.decided, c.in.maxOperations);
    });
    if (c.saved != null) {
      refuseOtherGrouping(c.saved, c.in.inputs.get(0), file, text);
      c.decided = c.saved.grouping();
    }
    List<String> unread = InputHealth.problems(analysis.inputs());
    if (gate && !unread.isEmpty()) { // a gate must not pass, nor fail, on lines it could not read
      throw new UserError(unread, null);
    }
    for (String note : r.takenIn(c.decided.sample(), c.decided)) {
      analysis = analysis.withNote(note);
    }
    if (gate && c.tableRead == null) { // a table without rows was refused as it was read
      refuseEmpty(analysis);
    }
    Analysis judged = Judge.judge(analysis, r);
    if (judged.verdict().orElse(Verdict.PASS) != Verdict.FAIL) { // a failure stands on its own
      java.util.Optional<String> why = NothingJudged.why(judged, r);
      if (why.isPresent() && gate) {
        throw new UserError("nothing was judged: " + why.get() + "; a check that judges nothing"
            + " does not pass");
      }
      why.ifPresent(w -> c.streams.err().println("tardy: nothing was judged: " + w));
    }
    c.render(judged);
    boolean tableOnStdout = c.out.output == null && c.out.format() == OutputFormat.TABLE;
    if (!tableOnStdout) { // the table ends with it
      c.streams.err().println(CheckWords.verdict(judged, Escape::terminal));
      if (!gate) {
        for (String problem : unread) {
          c.streams.err().println("tardy: " + problem);
        }
      }
    }
    if (!gate) {
      return ExitCodes.OK;
    }
    return judged.verdict().orElse(Verdict.PASS) == Verdict.FAIL ? ExitCodes.BUDGET_FAILED
        : ExitCodes.OK;
  }

  /**
   * A judged run groups requests by its requirements' operations, which histograms cannot be
   * regrouped into: a saved result is judged only against the requirements it was saved with.
   */
  private static void refuseOtherGrouping(SavedRun saved, String name, Path file,
      RequirementsLoader.Text text) {
    if (saved.requirements().isEmpty()) {
      throw new UserError(name + ": saved by 'tardy report': its operations were not grouped by"
          + " requirements, and saved histograms cannot be regrouped; save it with 'tardy check"
          + " --requirements " + file + " --save " + name + "'");
    }
    if (!saved.requirements().get().text().equals(text.text())) {
      throw new UserError(name + ": saved with other requirements ("
          + saved.requirements().get().file() + "): its operations were grouped by those, and"
          + " saved histograms cannot be regrouped; judge it against the requirements it was"
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

  private static RequirementsLoader.Text read(Path file) {
    try {
      return RequirementsLoader.text(file);
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
