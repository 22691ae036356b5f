package tardy.render.table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tardy.analysis.Analysis;
import tardy.analysis.Summary;
import tardy.analysis.Judgement;
import tardy.analysis.VerdictChanges;
import tardy.events.Family;
import tardy.render.CheckWords;
import tardy.render.Durations;
import tardy.render.DisplayColumns;
import tardy.render.Escape;
import tardy.render.LiveFrame;
import tardy.render.Sort;

/**
 * The full-screen view of {@code --follow} as lines of text that fit the terminal: the live
 * facts, the request rate and status mix of the window, the check's verdict, then the top
 * operations with their percentiles over the window and since the start.
 */
public final class LiveScreen {

  private static final int NUMBER = 8; // a count or a duration, with its space
  private static final int MIN_NAME = 12;
  private static final String[] WINDOW = {"50", "90", "99", "100"};

  private LiveScreen() {}

  /** The screen for that frame, sorted by {@code sort}, at most {@code height} lines. */
  public static List<String> lines(LiveFrame f, Sort sort, int width, int height) {
    List<String> out = new ArrayList<>();
    out.add(fit("tardy --follow " + Escape.terminal(f.input()) + "  " + clock(f.elapsedNanos())
        + (f.restarts() > 0 ? "  rotated " + f.restarts() + "×" : "")
        + (f.last() ? "  (stopped)" : ""), width));
    Analysis w = f.window();
    out.add(fit(String.format(Locale.ROOT, "window %s of %s: %.1f req/s  %s", clock(f.windowNanos()),
        clock(f.windowLimitNanos()), f.windowRequestRate(), statusMix(w)), width));
    if (w.verdict().isPresent()) {
      out.add(fit(CheckWords.verdict(w, Escape::terminal), width));
    }
    for (tardy.analysis.slo.ErrorBudget b : w.errorBudgets()) { // counted since the start
      out.add(fit(tardy.render.SloWords.live(b, tardy.analysis.slo.BurnRates.of(b,
          f.sinceStart().objectiveCounts().of(b.requirement()))), width));
    }
    if (!f.alertChanges().isEmpty()) { // as for verdicts: the latest, and how many more
      out.add(fit(tardy.render.SloWords.change(f.alertChanges().get(f.alertChanges().size() - 1))
          + (f.alertChanges().size() > 1 ? " and " + (f.alertChanges().size() - 1) + " more" : ""),
          width));
    }
    if (!f.changes().isEmpty()) { // as it happens: the next refresh shows the state alone
      VerdictChanges.Change c = f.changes().get(0);
      out.add(fit("changed: " + c.to().word() + " " + Escape.terminal(c.key())
          + (c.budget().isEmpty() ? "" : " " + c.budget())
          + (c.from() == null ? "" : " (was " + c.from().label() + ")")
          + (f.changes().size() > 1 ? " and " + (f.changes().size() - 1) + " more" : ""), width));
    }
    out.add("");
    boolean sinceStart = width >= MIN_NAME + NUMBER * (2 + WINDOW.length + 2) + 9;
    boolean verdicts = w.verdict().isPresent();
    int name = Math.max(MIN_NAME, width - NUMBER * (1 + WINDOW.length)
        - (sinceStart ? NUMBER * 2 + 1 : 0) - (verdicts ? 9 : 0));
    StringBuilder head = new StringBuilder(pad("operation (window)", name));
    head.append(right("count", NUMBER));
    for (String p : WINDOW) {
      head.append(right(p.equals("100") ? "max" : "p" + p, NUMBER));
    }
    if (sinceStart) {
      head.append(" │").append(right("all", NUMBER - 1)).append(right("p99", NUMBER));
    }
    if (verdicts) {
      head.append("  verdict");
    }
    out.add(fit(head.toString(), width));
    Map<String, Summary> total = new HashMap<>();
    f.sinceStart().groups().forEach(s -> total.put(s.family() + " " + s.key(), s));
    List<Summary> rows = new ArrayList<>(w.groups().isEmpty() ? f.sinceStart().groups() : w.groups());
    rows.sort(sort.order());
    int room = Math.max(1, height - out.size() - 1);
    for (Summary s : rows.subList(0, Math.min(rows.size(), room))) {
      out.add(fit(row(s, total.get(s.family() + " " + s.key()), w, name, sinceStart, verdicts),
          width));
    }
    out.add(fit((rows.size() > room ? (rows.size() - room) + " more · " : "") + "sort: "
        + sort.label() + " (s: next) · q: quit", width));
    return out;
  }

  private static String row(Summary s, Summary all, Analysis w, int name, boolean sinceStart,
      boolean verdicts) {
    long resolution = Durations.resolution(w.kind());
    StringBuilder b = new StringBuilder(pad(Escape.terminal(s.key()), name));
    b.append(right(Long.toString(s.count()), NUMBER));
    for (String p : WINDOW) {
      b.append(right(s.count() == 0 ? "-" : Durations.format(s.latency().at(p), resolution), NUMBER));
    }
    if (sinceStart) {
      b.append(" │").append(right(all == null ? "-" : Long.toString(all.count()), NUMBER - 1))
          .append(right(all == null || all.count() == 0 ? "-"
              : Durations.format(all.latency().at("99"), resolution), NUMBER));
    }
    if (verdicts) {
      Judgement j = s.judgement();
      b.append("  ").append(j == null ? "" : j.verdict().word());
    }
    return b.toString();
  }

  /** {@code 2xx 84.4% 3xx 12.0% 4xx 3.4% 5xx 0.2%} over the window's requests. */
  static String statusMix(Analysis a) {
    Summary total = a.totalOf(Family.REQUEST).orElse(null);
    if (total == null || total.count() == 0) {
      return a.totals().stream().anyMatch(t -> t.count() > 0) ? "" : "nothing yet";
    }
    StringBuilder b = new StringBuilder();
    long[] classes = total.statusClasses();
    for (int i = 1; i < classes.length; i++) {
      if (classes[i] > 0) {
        b.append(b.length() == 0 ? "" : " ").append(i).append("xx ")
            .append(String.format(Locale.ROOT, "%.1f%%", 100.0 * classes[i] / total.count()));
      }
    }
    return b.toString();
  }

  /** {@code 1h02m05s}, {@code 2m05s}, {@code 5s}. */
  static String clock(long nanos) {
    long s = nanos / 1_000_000_000L;
    if (s >= 3600) {
      return String.format(Locale.ROOT, "%dh%02dm%02ds", s / 3600, s / 60 % 60, s % 60);
    }
    return s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
  }

  /** In display columns, so CJK and emoji names keep the columns after them in place. */
  private static String pad(String s, int width) {
    return DisplayColumns.padRight(DisplayColumns.cut(s, Math.max(1, width - 1)), width);
  }

  private static String right(String s, int width) {
    return " ".repeat(Math.max(1, width - DisplayColumns.of(s))) + s;
  }

  private static String fit(String raw, int width) {
    String s = Escape.terminal(raw); // every line of the screen passes here
    return DisplayColumns.cut(s, Math.max(1, width));
  }
}
