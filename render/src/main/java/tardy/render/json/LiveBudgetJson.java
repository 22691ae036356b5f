package tardy.render.json;

import tardy.analysis.slo.AlertWatch;
import tardy.analysis.slo.BurnRates;
import tardy.analysis.slo.ErrorBudget;
import tardy.render.LiveFrame;
import tools.jackson.core.JsonGenerator;

/**
 * A live line's objectives (docs/json-schema.md): per objective the burn rates now over each
 * alert's two windows ({@code burn_rates}), and the alerts that fired or cleared since the last
 * line ({@code alert_changes}). The budgets themselves are the window's {@code error_budgets},
 * counted since the start.
 */
final class LiveBudgetJson {

  private LiveBudgetJson() {}

  static void write(JsonGenerator g, LiveFrame f) {
    g.writeArrayPropertyStart("burn_rates");
    for (ErrorBudget b : f.window().errorBudgets()) {
      for (BurnRates.Now n : BurnRates.of(b, f.sinceStart().objectiveCounts().of(b.requirement()))) {
        g.writeStartObject();
        g.writeStringProperty("requirement", b.requirement());
        g.writeStringProperty("alert", n.alert().label());
        g.writeNumberProperty("long_burn", n.longBurn());
        g.writeNumberProperty("short_burn", n.shortBurn());
        g.writeBooleanProperty("firing", n.firing());
        g.writeEndObject();
      }
    }
    g.writeEndArray();
    g.writeArrayPropertyStart("alert_changes");
    for (AlertWatch.Change c : f.alertChanges()) {
      g.writeStartObject();
      g.writeStringProperty("requirement", c.requirement());
      g.writeStringProperty("alert", c.span().alert().label());
      g.writeStringProperty("change", c.fired() ? "fired" : "cleared");
      g.writeNumberProperty("at_ms", c.atMillis());
      if (!c.fired()) {
        g.writeNumberProperty("fired_ms", c.span().firedMillis());
        g.writeNumberProperty("peak_burn", c.span().peakBurn());
      }
      g.writeEndObject();
    }
    g.writeEndArray();
  }
}
