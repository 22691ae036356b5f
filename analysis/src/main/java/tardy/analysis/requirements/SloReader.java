package tardy.analysis.requirements;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads an {@code slo:} mapping of a category or an operation, every problem reported at its
 * place, one each: {@code { under: 300ms, target: 99%, window: 30d }}, with {@code errors: [5xx,
 * 499]} for availability, {@code budget_floor: 20%}, and {@code alerts:} to replace the workbook's
 * burn-rate alerts.
 */
final class SloReader {

  static final List<String> SLO_KEYS =
      List.of("under", "errors", "target", "window", "budget_floor", "alerts");
  private static final List<String> ALERT_KEYS = List.of("long", "short", "burn", "severity");

  private final RequirementsLoader loader;
  private final YamlProblems problems;

  SloReader(RequirementsLoader loader, YamlProblems problems) {
    this.loader = loader;
    this.problems = problems;
  }

  /** The objective, or null after reporting what is wrong with it. */
  Slo read(Node node, String owner) {
    Map<String, Node> fields = new TreeMap<>();
    int before = problems.count();
    loader.mapping(node, "the slo of " + owner, SLO_KEYS, fields::put);
    if (problems.count() > before) {
      return null;
    }
    long under = fields.containsKey("under") ? loader.duration(fields.get("under"), "under") : 0;
    List<String> errors = fields.containsKey("errors") ? errors(fields.get("errors")) : List.of();
    if (!fields.containsKey("under") && !fields.containsKey("errors")) {
      problems.at(node, "the slo of " + owner + " needs 'under: DURATION' (latency), 'errors:"
          + " [5xx, …]' (availability), or both: what makes a request bad");
    }
    BigDecimal target = required(node, fields, "target", owner) ? target(fields.get("target")) : null;
    long window = required(node, fields, "window", owner) ? window(fields.get("window"), "window") : 0;
    BigDecimal floor = fields.containsKey("budget_floor")
        ? floor(fields.get("budget_floor")) : null;
    List<BurnAlert> alerts = fields.containsKey("alerts") ? alerts(fields.get("alerts"))
        : BurnAlert.WORKBOOK;
    if (problems.count() > before) {
      return null;
    }
    Slo slo = new Slo(under, errors, target, window, floor, alerts);
    for (BurnAlert a : alerts) {
      if (a.longMillis() > window) {
        problems.at(fields.getOrDefault("alerts", fields.get("window")), "window "
            + WindowText.format(window) + " is shorter than the alert " + a.label()
            + "'s long window: a window must hold every alert's windows");
        return null;
      }
      if (a.burn().multiply(BigDecimal.valueOf(100).subtract(target))
          .compareTo(BigDecimal.valueOf(100)) > 0) {
        problems.at(fields.getOrDefault("alerts", fields.get("target")), "the alert " + a.label()
            + " can never fire at target " + target.toPlainString() + "%: it needs more than"
            + " every event bad (burn × (100% − target) > 100%)");
        return null;
      }
    }
    return slo;
  }

  private boolean required(Node owner, Map<String, Node> fields, String key, String what) {
    if (!fields.containsKey(key)) {
      problems.at(owner, "the slo of " + what + " needs '" + key + "'");
      return false;
    }
    return true;
  }

  private BigDecimal target(Node node) {
    BigDecimal t = percentValue(node, "target");
    if (t == null) {
      return null;
    }
    if (t.compareTo(BigDecimal.valueOf(100)) >= 0) {
      problems.at(node, "target " + t.toPlainString() + "% leaves no error budget: one slow or"
          + " failed request would spend it all; write a target below 100%, e.g. 99.9%");
      return null;
    }
    if (t.signum() <= 0) {
      problems.at(node, "target " + t.toPlainString() + "% is no objective: it must be more"
          + " than 0%");
      return null;
    }
    return t;
  }

  private BigDecimal floor(Node node) {
    BigDecimal p = percentValue(node, "budget_floor");
    if (p != null && p.compareTo(BigDecimal.valueOf(100)) >= 0) {
      problems.at(node, "budget_floor " + p.toPlainString() + "% can never be met: the whole"
          + " budget is left only while nothing fails; write less than 100%");
      return null;
    }
    return p;
  }

  /** {@code 99.9%}, or null after reporting it. */
  private BigDecimal percentValue(Node node, String what) {
    String text = loader.scalar(node, what);
    if (text == null) {
      return null;
    }
    BigDecimal p = PercentText.parse(text);
    if (p != null && p.signum() >= 0 && p.scale() <= 6) {
      return p;
    }
    problems.at(node, what + ": '" + text + "' is not a percentage: write e.g. 99.9%");
    return null;
  }

  private long window(Node node, String what) {
    String text = loader.scalar(node, what);
    if (text == null) {
      return 0;
    }
    try {
      return WindowText.parse(text.trim());
    } catch (IllegalArgumentException e) {
      problems.at(node, what + ": " + e.getMessage());
      return 0;
    }
  }

  private List<String> errors(Node node) {
    List<Node> items = node instanceof SequenceNode s ? s.getValue() : List.of(node);
    List<String> out = new ArrayList<>();
    for (Node item : items) {
      String text = loader.scalar(item, "errors");
      if (text == null) {
        continue;
      }
      String t = text.trim().toLowerCase(java.util.Locale.ROOT);
      boolean statusClass = t.length() == 3 && t.charAt(0) >= '1' && t.charAt(0) <= '5'
          && t.endsWith("xx");
      boolean status = t.length() == 3 && t.chars().allMatch(c -> c >= '0' && c <= '9')
          && t.charAt(0) >= '1' && t.charAt(0) <= '5';
      if (!statusClass && !status) {
        problems.at(item, "errors: '" + text + "' is not a status: write a class (5xx) or a code"
            + " (499, 503)");
      } else if (!out.contains(t)) {
        out.add(t);
      }
    }
    if (out.isEmpty() && items.isEmpty()) {
      problems.at(node, "errors is empty: name the statuses that count as failures, e.g. [5xx]");
    }
    return out;
  }

  private List<BurnAlert> alerts(Node node) {
    if (!(node instanceof SequenceNode seq) || seq.getValue().isEmpty()) {
      problems.at(node, "alerts must be a list of '{ long: 1h, short: 5m, burn: 14.4, severity:"
          + " page }'");
      return List.of();
    }
    List<BurnAlert> out = new ArrayList<>();
    for (Node item : seq.getValue()) {
      Map<String, Node> f = new TreeMap<>();
      int before = problems.count();
      loader.mapping(item, "an alert", ALERT_KEYS, f::put);
      if (problems.count() > before) {
        continue;
      }
      for (String key : ALERT_KEYS) {
        if (!f.containsKey(key)) {
          problems.at(item, "an alert needs '" + key + "'");
        }
      }
      if (problems.count() > before) {
        continue;
      }
      long longW = window(f.get("long"), "long");
      long shortW = window(f.get("short"), "short");
      BigDecimal burn = burn(f.get("burn"));
      String severity = loader.scalar(f.get("severity"), "severity");
      if (severity != null && !severity.equals("page") && !severity.equals("ticket")) {
        problems.at(f.get("severity"), "severity: '" + severity + "' is neither page nor ticket");
      }
      if (longW > 0 && shortW > 0 && shortW >= longW) {
        problems.at(f.get("short"), "short window " + WindowText.format(shortW) + " is not"
            + " shorter than the long window " + WindowText.format(longW));
      }
      if (problems.count() == before) {
        out.add(new BurnAlert(longW, shortW, burn, "page".equals(severity)));
      }
    }
    return out;
  }

  private BigDecimal burn(Node node) {
    String text = loader.scalar(node, "burn");
    if (text == null) {
      return null;
    }
    try {
      BigDecimal b = new BigDecimal(text.trim());
      if (b.signum() > 0 && b.compareTo(BigDecimal.valueOf(1_000_000)) <= 0 && b.scale() <= 6) {
        return b;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.at(node, "burn: '" + text + "' is not a burn rate: a number more than 0, e.g. 14.4");
    return null;
  }
}
