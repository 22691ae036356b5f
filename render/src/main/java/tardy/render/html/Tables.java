package tardy.render.html;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import tardy.record.histogram.Percentiles;
import tardy.analysis.Summary;
import tardy.analysis.BudgetResult;
import tardy.analysis.Judgement;
import tardy.events.Counts;
import tardy.render.CheckWords;
import tardy.render.Durations;
import tardy.render.Escape;
import tardy.render.StatusCodeWords;

/**
 * The page's tables. Rows are the shown groups in the page's order; the total is a footer the
 * sorting leaves in place. Each number cell carries its exact value in {@code data-v}
 * (nanoseconds, counts) so the script sorts numbers, not their text.
 */
final class Tables {

  private static final List<String> CHECK_SHOWN = List.of("50", "90", "99", "99.9", "99.99", "100");

  private Tables() {}

  static void percentiles(StringBuilder h, String id, String what, List<Summary> shown, Summary total,
      Function<Summary, Percentiles> pick, long resolution) {
    open(h, id);
    header(h, what, "name", true);
    header(h, "count", "count", false);
    for (Percentiles.Point p : total.latency().points()) {
      header(h, label(p.label()), "p" + p.label(), false);
    }
    h.append("</tr></thead>\n<tbody>\n");
    for (Summary s : shown) {
      if (pick.apply(s) != null && s.count() > 0) {
        percentileRow(h, s, pick.apply(s), resolution, "td");
      }
    }
    h.append("</tbody>\n");
    if (pick.apply(total) != null && total.count() > 0) {
      h.append("<tfoot>");
      percentileRow(h, total, pick.apply(total), resolution, "th");
      h.append("</tfoot>\n");
    }
    h.append("</table>\n");
  }

  private static void percentileRow(StringBuilder h, Summary s, Percentiles p, long resolution, String cell) {
    h.append("<tr").append(keyed(s, cell)).append("><").append(cell).append(">")
        .append(Escape.html(s.key())).append("</").append(cell).append(">");
    long n = p == s.latency() ? s.count() : p.count(); // the samples behind the percentiles
    number(h, n, Counts.grouped(n));
    for (Percentiles.Point point : p.points()) {
      number(h, point.nanos(), Durations.format(point.nanos(), resolution));
    }
    h.append("</tr>\n");
  }

  static void check(StringBuilder h, List<Summary> shown, Summary total, long resolution) {
    open(h, "requirements");
    header(h, "requirement", "name", true);
    h.append("<th data-col=\"category\">category</th>");
    header(h, "count", "count", false);
    for (String p : CHECK_SHOWN) {
      header(h, label(p), "p" + p, false);
    }
    h.append("<th class=\"budgets\">budgets</th><th>apdex</th><th data-col=\"verdict\">verdict</th></tr></thead>\n<tbody>\n");
    for (Summary s : shown) {
      Judgement j = s.judgement();
      h.append("<tr data-key=\"").append(Escape.html(s.key())).append("\"")
          .append(j == null ? "" : " class=\"row-" + j.verdict().label() + "\"").append("><td>")
          .append(Escape.html(s.key())).append("</td><td class=\"cat\">")
          .append(j == null ? "<span class=\"muted\">-</span>" : Escape.html(j.category())).append("</td>");
      number(h, s.count(), Counts.grouped(s.count()));
      for (String p : CHECK_SHOWN) {
        if (s.count() == 0) {
          h.append("<td data-v=\"-1\">-</td>");
        } else {
          number(h, s.latency().at(p), Durations.format(s.latency().at(p), resolution));
        }
      }
      judgement(h, s, j);
      h.append("</tr>\n");
    }
    h.append("</tbody>\n</table>\n");
  }

  private static void judgement(StringBuilder h, Summary s, Judgement j) {
    if (j == null) {
      h.append("<td class=\"budgets muted\">not judged</td><td></td><td data-v=\"3\" class=\"muted\">-</td>");
      return;
    }
    h.append("<td class=\"budgets\">");
    for (BudgetResult b : j.budgets()) {
      h.append("<div class=\"").append(b.verdict().label()).append("\">")
          .append(Escape.html(CheckWords.budget(b, s.count()))).append("</div>");
    }
    int rank = switch (j.verdict()) {
      case FAIL -> 0;
      case NO_DATA -> j.fails() ? 0 : 1;
      case INSUFFICIENT -> 1;
      case PASS -> 2;
    };
    h.append("</td><td class=\"apdex\">").append(Escape.html(CheckWords.apdex(j)))
        .append("</td><td data-v=\"").append(rank).append("\" class=\"").append(j.verdict().label())
        .append("\"><strong>").append(j.verdict().word()).append("</strong></td>");
  }

  /**
   * Status classes per operation; apart, the requests whose client went away before the answer
   * (nginx's 499, HAProxy's C and c states, Envoy's DC), whatever status they were logged with:
   * their latency is censored.
   */
  static void statuses(StringBuilder h, List<Summary> shown, Summary total) {
    open(h, "statuses");
    header(h, "operation", "name", true);
    for (String c : List.of("1xx", "2xx", "3xx", "4xx", "5xx", "client abort")) {
      header(h, c, c.substring(0, 3), false);
    }
    header(h, "codes", "codes", true);
    h.append("</tr></thead>\n<tbody>\n");
    for (Summary s : shown) {
      statusRow(h, s, "td");
    }
    h.append("</tbody>\n<tfoot>");
    statusRow(h, total, "th");
    h.append("</tfoot>\n</table>\n");
  }

  private static void statusRow(StringBuilder h, Summary s, String cell) {
    long[] c = s.statusClasses();
    h.append("<tr").append(keyed(s, cell))
        .append(c[5] > 0 ? " class=\"errors\"" : "").append("><").append(cell).append(">")
        .append(Escape.html(s.key())).append("</").append(cell).append(">");
    for (int i = 1; i <= 5; i++) {
      number(h, c[i], Counts.grouped(c[i]));
    }
    number(h, s.clientClosed(), Counts.grouped(s.clientClosed()));
    h.append("<td title=\"").append(StatusCodeWords.all(s.errorCodes())).append("\">")
        .append(StatusCodeWords.ranked(s.errorCodes(), StatusCodeWords.SHOWN)).append("</td>");
    h.append("</tr>\n");
  }

  /** The filter box hides rows by this key; the total row (a footer, in th) always stays. */
  private static String keyed(Summary s, String cell) {
    return cell.equals("th") ? "" : " data-key=\"" + Escape.html(s.key()) + "\"";
  }

  private static void open(StringBuilder h, String id) {
    h.append("<table class=\"sortable\" id=\"").append(id).append("\">\n<thead><tr>");
  }

  private static void header(StringBuilder h, String text, String col, boolean textual) {
    h.append("<th data-col=\"").append(col).append("\"").append(textual ? "" : " data-type=\"num\"")
        .append(">").append(text).append("</th>");
  }

  private static void number(StringBuilder h, long value, String text) {
    h.append("<td data-v=\"").append(value).append("\">").append(text).append("</td>");
  }

  private static String label(String percentile) {
    return percentile.equals("100") ? "max" : "p" + percentile;
  }
}
