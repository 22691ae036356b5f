package tardy.analysis.requirements;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.snakeyaml.engine.v2.nodes.Node;
import tardy.analysis.heap.HeapThresholds;

/**
 * Reads a requirements file's {@code heap:} mapping, every problem reported at its place:
 * {@code throughput: { min: 95% }}, {@code allocation_rate: { max: 1GB/s }}, and {@code
 * thresholds: { long_pause: 400ms, pauseless_long_pause: 30ms, low_throughput: 90%, sys_share:
 * 50% }}.
 */
final class HeapBudgetsReader {

  static final List<String> HEAP_KEYS = List.of("throughput", "allocation_rate", "thresholds");
  private static final List<String> MIN_KEYS = List.of("min");
  private static final List<String> MAX_KEYS = List.of("max");
  private static final List<String> THRESHOLD_KEYS =
      List.of("long_pause", "pauseless_long_pause", "low_throughput", "sys_share");

  private final RequirementsLoader loader;
  private final YamlProblems problems;

  HeapBudgetsReader(RequirementsLoader loader, YamlProblems problems) {
    this.loader = loader;
    this.problems = problems;
  }

  /** The section; what is wrong in it is reported and left at its default. */
  HeapBudgets read(Node node) {
    Map<String, Node> fields = new TreeMap<>();
    loader.mapping(node, "heap", HEAP_KEYS, fields::put);
    Optional<Double> throughput = Optional.empty();
    Optional<Double> rate = Optional.empty();
    HeapThresholds thresholds = HeapThresholds.DEFAULTS;
    if (fields.containsKey("throughput")) {
      Node min = only(fields.get("throughput"), "throughput", MIN_KEYS,
          "throughput: { min: 95% }");
      BigDecimal p = min == null ? null : percent(min, "throughput min");
      throughput = Optional.ofNullable(p).map(v -> v.doubleValue() / 100);
    }
    if (fields.containsKey("allocation_rate")) {
      Node max = only(fields.get("allocation_rate"), "allocation_rate", MAX_KEYS,
          "allocation_rate: { max: 1GB/s }");
      rate = max == null ? Optional.empty() : rate(max);
    }
    if (fields.containsKey("thresholds")) {
      thresholds = thresholds(fields.get("thresholds"));
    }
    return new HeapBudgets(throughput, rate, thresholds);
  }

  private HeapThresholds thresholds(Node node) {
    Map<String, Node> fields = new TreeMap<>();
    loader.mapping(node, "heap thresholds", THRESHOLD_KEYS, fields::put);
    HeapThresholds d = HeapThresholds.DEFAULTS;
    long pause = fields.containsKey("long_pause")
        ? positive(loader.duration(fields.get("long_pause"), "long_pause"), d.longPauseNanos())
        : d.longPauseNanos();
    long pauseless = fields.containsKey("pauseless_long_pause")
        ? positive(loader.duration(fields.get("pauseless_long_pause"), "pauseless_long_pause"),
            d.pauselessLongPauseNanos())
        : d.pauselessLongPauseNanos();
    double low = d.lowThroughputPercent();
    if (fields.containsKey("low_throughput")) {
      BigDecimal p = percent(fields.get("low_throughput"), "low_throughput");
      low = p == null ? low : p.doubleValue();
    }
    int sys = fields.containsKey("sys_share") ? sysShare(fields.get("sys_share"))
        : d.sysSharePercent();
    return new HeapThresholds(pause, pauseless, low, sys);
  }

  /**
   * {@code 50%}: a whole percentage from 0 to 99 (the pauses are kept by whole percents of sys
   * in user + sys), or the default after reporting it.
   */
  private int sysShare(Node node) {
    String text = loader.scalar(node, "sys_share");
    if (text == null) {
      return HeapThresholds.DEFAULTS.sysSharePercent();
    }
    BigDecimal p = PercentText.parse(text);
    if (p != null && p.signum() >= 0 && p.compareTo(BigDecimal.valueOf(99)) <= 0
        && p.stripTrailingZeros().scale() <= 0) {
      return p.intValueExact();
    }
    problems.at(node, "sys_share: '" + text + "' is not a whole percentage from 0% to 99% (a GC"
        + " pause's sys CPU above it of user + sys is kernel time): write e.g. 50%");
    return HeapThresholds.DEFAULTS.sysSharePercent();
  }

  private static long positive(long value, long otherwise) {
    return value > 0 ? value : otherwise; // 0: the duration was reported as wrong
  }

  /** The one key a budget holds, or null after reporting what is wrong. */
  private Node only(Node node, String what, List<String> keys, String example) {
    Map<String, Node> fields = new TreeMap<>();
    int before = problems.count();
    loader.mapping(node, what, keys, fields::put);
    if (problems.count() > before) {
      return null;
    }
    if (fields.isEmpty()) {
      problems.at(node, what + " needs '" + keys.get(0) + "': write e.g. " + example);
      return null;
    }
    return fields.get(keys.get(0));
  }

  /** {@code 95%} (more than 0, at most 100), or null after reporting it. */
  private BigDecimal percent(Node node, String what) {
    String text = loader.scalar(node, what);
    if (text == null) {
      return null;
    }
    BigDecimal p = PercentText.parse(text);
    if (p != null && p.signum() > 0 && p.compareTo(BigDecimal.valueOf(100)) <= 0) {
      return p;
    }
    problems.at(node, what + ": '" + text + "' is not a percentage above 0% and at most 100%:"
        + " write e.g. 95%");
    return null;
  }

  private Optional<Double> rate(Node node) {
    String text = loader.scalar(node, "allocation_rate max");
    if (text == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(RateText.bytesPerSecond(text.trim()));
    } catch (IllegalArgumentException e) {
      problems.at(node, "allocation_rate max: " + e.getMessage());
      return Optional.empty();
    }
  }
}
