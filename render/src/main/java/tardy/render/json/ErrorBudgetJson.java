package tardy.render.json;

import java.util.List;
import tools.jackson.core.JsonGenerator;
import tardy.analysis.requirements.BurnAlert;
import tardy.analysis.requirements.Slo;
import tardy.analysis.slo.AlertSpan;
import tardy.analysis.slo.ErrorBudget;
import tardy.analysis.slo.Gap;

/** The JSON array {@code error_budgets}: one object per objective (docs/json-schema.md). */
final class ErrorBudgetJson {

  private ErrorBudgetJson() {}

  static void write(JsonGenerator g, List<ErrorBudget> budgets) {
    g.writeArrayPropertyStart("error_budgets");
    for (ErrorBudget b : budgets) {
      budget(g, b);
    }
    g.writeEndArray();
  }

  private static void budget(JsonGenerator g, ErrorBudget b) {
    g.writeStartObject();
    g.writeStringProperty("requirement", b.requirement());
    objective(g, b.slo());
    if (!b.noData()) {
      g.writeNumberProperty("window_start_ms", b.windowStartMillis());
      g.writeNumberProperty("end_ms", b.endMillis());
      g.writeNumberProperty("covered_ms", b.coveredMillis());
    }
    g.writeBooleanProperty("covers_window", !b.noData() && b.coversWindow());
    g.writeNumberProperty("total", b.total());
    g.writeNumberProperty("good", b.good());
    g.writeNumberProperty("bad", b.bad());
    g.writeNumberProperty("unplaced", b.unplaced());
    g.writeNumberProperty("allowed_bad", b.allowedBad());
    if (!b.noData()) {
      g.writeNumberProperty("spent_share", b.spent());
      g.writeNumberProperty("left_share", b.left());
      g.writeNumberProperty("burn_last_hour", b.burnLastHour());
    }
    if (b.millisLeftAtBurn() >= 0) {
      g.writeNumberProperty("time_left_ms", b.millisLeftAtBurn());
    }
    g.writeArrayPropertyStart("alerts");
    for (AlertSpan s : b.alerts()) {
      g.writeStartObject();
      alert(g, s.alert());
      g.writeNumberProperty("fired_ms", s.firedMillis());
      if (!s.firingAtEnd()) {
        g.writeNumberProperty("cleared_ms", s.clearedMillis());
      }
      g.writeBooleanProperty("firing_at_end", s.firingAtEnd());
      g.writeNumberProperty("peak_burn", s.peakBurn());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayPropertyStart("gaps");
    for (Gap gap : b.gaps()) {
      g.writeStartObject();
      g.writeNumberProperty("from_ms", gap.fromMillis());
      g.writeNumberProperty("to_ms", gap.toMillis());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayPropertyStart("failures");
    for (String f : b.failures()) {
      g.writeString(f);
    }
    g.writeEndArray();
    g.writeStringProperty("verdict", b.fails() ? "fail" : b.noData() ? "no_data" : "pass");
    g.writeEndObject();
  }

  private static void objective(JsonGenerator g, Slo slo) {
    g.writeObjectPropertyStart("objective");
    if (slo.underNanos() > 0) {
      g.writeNumberProperty("under_ns", slo.underNanos());
    }
    g.writeArrayPropertyStart("errors");
    for (String e : slo.errors()) {
      g.writeString(e);
    }
    g.writeEndArray();
    g.writeNumberProperty("target_percent", plain(slo.target()));
    g.writeNumberProperty("window_ms", slo.windowMillis());
    if (slo.budgetFloor() != null) {
      g.writeNumberProperty("budget_floor_percent", plain(slo.budgetFloor()));
    }
    g.writeArrayPropertyStart("alerts");
    for (BurnAlert a : slo.alerts()) {
      g.writeStartObject();
      alert(g, a);
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /** As written, without trailing zeros and never in exponent form: 99.9, 20, 14.4. */
  private static java.math.BigDecimal plain(java.math.BigDecimal v) {
    java.math.BigDecimal s = v.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }

  private static void alert(JsonGenerator g, BurnAlert a) {
    g.writeNumberProperty("long_ms", a.longMillis());
    g.writeNumberProperty("short_ms", a.shortMillis());
    g.writeNumberProperty("burn", plain(a.burn()));
    g.writeStringProperty("severity", a.page() ? "page" : "ticket");
  }
}
