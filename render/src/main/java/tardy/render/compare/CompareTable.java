package tardy.render.compare;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import tardy.analysis.Analysis;
import tardy.analysis.Verdict;
import tardy.analysis.compare.BudgetCheck;
import tardy.analysis.compare.Change;
import tardy.analysis.compare.Comparison;
import tardy.analysis.compare.OperationChange;
import tardy.events.Family;
import tardy.render.Durations;
import tardy.render.Escape;

/** A comparison for people: per operation, each percentile before and after and its test. */
public final class CompareTable {

  private CompareTable() {}

  public static void render(Comparison c, OutputStream target) throws IOException {
    target.write(text(c).getBytes(StandardCharsets.UTF_8)); // its own error: a closed pipe is told apart
  }

  static String text(Comparison c) {
    StringBuilder out = new StringBuilder();
    out.append("before: ").append(c.beforeTable().map(CompareWords::table)
        .orElseGet(() -> side(c.before()))).append('\n');
    out.append("after:  ").append(c.afterTable().map(CompareWords::table)
        .orElseGet(() -> side(c.after()))).append('\n');
    out.append(counts(c)).append('\n');
    out.append("Each percentile's change is tested at level ").append(CompareWords.alpha(c))
        .append(" (quantile test; requests taken as independent, see docs/compare.md).\n");
    Family family = null;
    for (OperationChange op : c.operations()) {
      if (op.family() != family) {
        family = op.family();
        out.append('\n').append(family.title()).append('\n');
      }
      operation(out, op);
    }
    if (c.verdict().isPresent()) {
      out.append("\nRegression budgets\n");
      for (BudgetCheck k : c.budgets()) {
        out.append("  ").append(CompareWords.budget(k, Escape::terminal)).append('\n');
      }
      long failed = c.budgets().stream().filter(k -> k.outcome() == BudgetCheck.Outcome.FAIL).count();
      long judged = c.budgets().stream()
          .filter(k -> k.outcome() != BudgetCheck.Outcome.INSUFFICIENT).count();
      out.append('\n').append(c.verdict().get() == Verdict.FAIL
          ? "FAIL: " + failed + " of " + c.budgets().size() + " budget" + (c.budgets().size() == 1 ? "" : "s") + " failed"
          : "PASS: no budget failed (" + judged + " judged" + (judged == c.budgets().size() ? ""
              : ", " + (c.budgets().size() - judged) + " insufficient") + ")").append('\n');
    }
    return out.toString();
  }

  private static String side(Analysis a) {
    long parsed = a.inputs().stream().mapToLong(i -> i.parsed()).sum();
    return a.inputs().size() + " input" + (a.inputs().size() == 1 ? "" : "s") + ", "
        + a.lines() + " lines, " + parsed + " parsed" + leftOut(a)
        + (a.inputs().size() <= 3 ? " (" + String.join(", ", a.inputs().stream()
            .map(i -> Escape.terminal(i.source())).toList()) + ")" : "");
  }

  /** ", 12 left out by --exclude-*": the lines --exclude-status/method/path took out; "" for none. */
  private static String leftOut(Analysis a) {
    long out = a.inputs().stream().flatMap(i -> i.reasons().stream())
        .filter(r -> tardy.record.window.Exclusions.isReason(r.reason())).mapToLong(r -> r.count()).sum();
    return out == 0 ? "" : ", " + out + " left out by --exclude-*";
  }

  /** {@code 2 slower, 1 faster, 7 unchanged; 1 new, 0 gone}: an operation is slower if any percentile is. */
  private static String counts(Comparison c) {
    Map<OperationChange.Presence, Integer> presence = new EnumMap<>(OperationChange.Presence.class);
    int slower = 0;
    int faster = 0;
    for (OperationChange op : c.operations()) {
      presence.merge(op.presence(), 1, Integer::sum);
      if (op.changes().stream().anyMatch(ch -> ch.verdict() == Change.Significance.SLOWER)) {
        slower++;
      } else if (op.changes().stream().anyMatch(ch -> ch.verdict() == Change.Significance.FASTER)) {
        faster++;
      }
    }
    return "operations on both sides: " + presence.getOrDefault(OperationChange.Presence.BOTH, 0)
        + " (" + slower + " significantly slower at some percentile, " + faster + " only faster);"
        + " new: " + presence.getOrDefault(OperationChange.Presence.NEW, 0)
        + ", gone: " + presence.getOrDefault(OperationChange.Presence.GONE, 0);
  }

  private static void operation(StringBuilder out, OperationChange op) {
    out.append("  ").append(Escape.terminal(op.key())).append("  ");
    switch (op.presence()) {
      case NEW -> out.append("new: ").append(op.afterCount()).append(" after, none before\n");
      case GONE -> out.append("gone: ").append(op.beforeCount()).append(" before, none after\n");
      case BOTH -> {
        out.append(op.beforeCount()).append(" → ").append(op.afterCount()).append('\n');
        String[][] rows = new String[op.changes().size() + 1][];
        rows[0] = new String[] {"", "before", "after", "change", "", "test"};
        int r = 1;
        for (Change ch : op.changes()) {
          rows[r++] = new String[] {ch.name(), Durations.format(ch.beforeNanos()),
              Durations.format(ch.afterNanos()), CompareWords.delta(ch), CompareWords.relative(ch),
              ch.verdict() == Change.Significance.INSUFFICIENT
                  ? "insufficient (under " + tardy.analysis.compare.QuantileTest.minCount(
                      Double.parseDouble(ch.label())) + " on a side)"
                  : CompareWords.verdict(ch)};
        }
        int[] widths = new int[6];
        for (String[] row : rows) {
          for (int i = 0; i < row.length; i++) {
            widths[i] = Math.max(widths[i], row[i].length());
          }
        }
        for (String[] row : rows) {
          StringBuilder line = new StringBuilder("    ");
          for (int i = 0; i < row.length; i++) {
            String cell = row[i];
            boolean right = i >= 1 && i <= 4;
            String pad = " ".repeat(widths[i] - cell.length());
            line.append(right ? pad + cell : cell + (i < row.length - 1 ? pad : "")).append(i < row.length - 1 ? "  " : "");
          }
          out.append(line.toString().stripTrailing()).append('\n');
        }
      }
    }
  }
}
