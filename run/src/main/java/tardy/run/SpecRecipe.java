package tardy.run;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import tardy.record.grouping.Grouping;
import tardy.record.Result;
import tardy.record.interval.IntervalRecorder;
import tardy.analysis.requirements.Requirements;
import tardy.analysis.requirements.RequirementsException;
import tardy.analysis.requirements.RequirementsLoader;
import tardy.record.grouping.GroupingMode;
import tardy.record.grouping.SampledGrouping;
import tardy.record.pause.PauseIndex;

/**
 * A command's {@link Result.Spec} as plain data, so that a machine that parses a part rebuilds
 * the very same spec: the grouping is decided once from the plan's traffic samples, and what it
 * was decided from (the sampled requests, the requirements' text) travels instead of the
 * grouping. {@link SampledGrouping#of} is a function of that data alone.
 */
public interface SpecRecipe extends Serializable {

  /**
   * The spec; its grouping is built once per copy of the recipe, and may be used by parts parsed
   * at the same time.
   */
  Result.Spec spec();

  /** A report's: the grouping inferred from the sample, at most {@code maxGroups} groups. */
  static SpecRecipe report(SampledGrouping decided, int maxGroups) {
    return new Report(decided, maxGroups);
  }

  /** A check's: the requirements' grouping over the report's. */
  static SpecRecipe check(RequirementsLoader.Text text, Requirements requirements,
      SampledGrouping decided, int maxGroups) {
    return new Check(text, requirements, new Report(decided, maxGroups));
  }

  /**
   * An .hlog's: interval histograms per pause kind or operation ({@link GroupingMode#IDS}'s
   * names); past the cap, those of the operations the plan's traffic sample saw most.
   */
  static SpecRecipe intervals(IntervalRecorder.Settings settings, tardy.run.Plan plan) {
    return new Intervals(settings, plan);
  }

  /** The same, with requests put against these JVM pauses (null: none). */
  default SpecRecipe withPauses(PauseIndex pauses) {
    return pauses == null ? this : new WithPauses(this, pauses);
  }

  /** The same, keeping only the events in this window (null: all); it travels with the recipe. */
  default SpecRecipe withWindow(tardy.record.window.TimeWindow window) {
    return window == null ? this : new Windowed(this, window);
  }

  /** The same, leaving out the requests these exclusions match (null or empty: none). */
  default SpecRecipe withExclusions(tardy.record.window.Exclusions exclusions) {
    return exclusions == null || exclusions.isEmpty() ? this : new Excluding(this, exclusions);
  }

  /**
   * The same, with the requests also recorded per host their lines name when {@code hosts} (a
   * histogram table is written: its rows per host of one file).
   */
  default SpecRecipe withHosts(boolean hosts) {
    return hosts ? new PerHost(this) : this;
  }

  /** The same, with the report's latencies per interval of that many ms (0: none). */
  default SpecRecipe withPerInterval(long millis) {
    return millis <= 0 ? this : new PerInterval(this, millis);
  }

  /**
   * The same, with uptime-only pauses placed at the JVM's start plus their uptime in the report's
   * intervals and spans ({@code --start-time}; empty: not placed).
   */
  default SpecRecipe withJvmStart(java.util.OptionalLong millis) {
    return millis.isEmpty() ? this : new JvmStart(this, millis.getAsLong());
  }

  /** How many of the sample's heaviest groups are tracked whatever the cap. */
  static int expectedGroups(int maxGroups) {
    return 2 * maxGroups;
  }

  /**
   * A report's shape. On the machine that decided it, the grouping and requirements already
   * built are used as they are; elsewhere they are built again from the data.
   */
  final class Report implements SpecRecipe {
    private static final long serialVersionUID = 1L;

    private final GroupingMode mode;
    // in the order first seen (it matters): the grouping's own map, which no one adds to after it
    // is decided, kept as it is (a copy cost the main thread 10 ms of a 100 k-line report); an
    // unmodifiable view of a LinkedHashMap travels to a cluster's executors in its order
    private final Map<String, Long> sample;
    private final int maxGroups;
    private final boolean perBackend;
    private transient SampledGrouping grouping;

    private Report(SampledGrouping decided, int maxGroups) {
      this.mode = decided.mode();
      this.sample = decided.sample();
      this.maxGroups = maxGroups;
      this.perBackend = decided.byBackend();
      this.grouping = decided;
    }

    synchronized SampledGrouping grouping() {
      if (grouping == null) {
        grouping = SampledGrouping.of(mode, sample, expectedGroups(maxGroups));
        grouping = perBackend ? grouping.perBackend() : grouping;
      }
      return grouping;
    }

    @Override
    public Result.Spec spec() {
      return Result.Spec.report(grouping(), maxGroups);
    }
  }

  /** A check's shape: the requirements' text travels, and is read again where needed. */
  final class Check implements SpecRecipe {
    private static final long serialVersionUID = 1L;

    private final RequirementsLoader.Text text;
    private final Report report;
    private transient Requirements requirements;

    private Check(RequirementsLoader.Text text, Requirements requirements, Report report) {
      this.text = text;
      this.report = report;
      this.requirements = requirements;
    }

    @Override
    public synchronized Result.Spec spec() {
      if (requirements == null) {
        try {
          requirements = RequirementsLoader.parse(text.file(), text.text());
        } catch (RequirementsException e) { // read once already: the same text reads the same
          throw new IllegalStateException(e);
        }
      }
      return Result.Spec.report(requirements.grouping(report.grouping()), report.maxGroups);
    }
  }

  /** A recipe's spec, keeping only the events in a window. */
  record Windowed(SpecRecipe inner, tardy.record.window.TimeWindow window) implements SpecRecipe {
    private static final long serialVersionUID = 1L;

    @Override
    public Result.Spec spec() {
      return inner.spec().withWindow(window);
    }
  }

  /** A recipe's spec, leaving out the requests a user excluded. */
  record Excluding(SpecRecipe inner, tardy.record.window.Exclusions exclusions)
      implements SpecRecipe {
    private static final long serialVersionUID = 1L;

    @Override
    public Result.Spec spec() {
      return inner.spec().withExclusions(exclusions);
    }
  }

  /**
   * The settings of {@link IntervalRecorder} as numbers, and the traffic sample that ranks the
   * groups. Only an input past the cap needs the ranking: it is decided when first asked for, or
   * before the recipe travels (where it goes, there is no plan to sample).
   */
  final class Intervals implements SpecRecipe {
    private static final long serialVersionUID = 1L;

    private final long intervalMillis;
    private final long resolutionNanos;
    private final int maxGroups;
    private LinkedHashMap<String, Long> sample; // in the order first seen: it matters
    private transient tardy.run.Plan plan;
    private transient volatile SampledGrouping ranking;
    private transient Grouping grouping;

    private Intervals(IntervalRecorder.Settings settings, tardy.run.Plan plan) {
      this.intervalMillis = settings.intervalMillis();
      this.resolutionNanos = settings.resolutionNanos();
      this.maxGroups = settings.maxGroups();
      this.plan = plan;
    }

    @Override
    public synchronized Result.Spec spec() {
      if (grouping == null) {
        grouping = new RankedWhenAsked(this::ranking);
      }
      return Result.Spec.intervals(grouping,
          new IntervalRecorder.Settings(intervalMillis, resolutionNanos, maxGroups));
    }

    private SampledGrouping ranking() {
      SampledGrouping r = ranking;
      return r != null ? r : decide();
    }

    private synchronized SampledGrouping decide() {
      if (ranking == null) {
        if (sample == null) {
          ranking = plan.grouping(GroupingMode.IDS, maxGroups);
          sample = new LinkedHashMap<>(ranking.sample());
          plan = null;
        } else {
          ranking = SampledGrouping.of(GroupingMode.IDS, sample, maxGroups);
        }
      }
      return ranking;
    }

    private void writeObject(java.io.ObjectOutputStream out) throws java.io.IOException {
      decide();
      out.defaultWriteObject();
    }
  }

  /** The default grouping's names; which groups the sample ranked, asked of it when needed. */
  final class RankedWhenAsked implements Grouping {
    private final java.util.function.Supplier<SampledGrouping> ranking;

    RankedWhenAsked(java.util.function.Supplier<SampledGrouping> ranking) {
      this.ranking = ranking;
    }

    @Override
    public String requestGroup(String method, String path) {
      return DEFAULT.requestGroup(method, path);
    }

    @Override
    public String pauseGroup(String kind) {
      return DEFAULT.pauseGroup(kind);
    }

    @Override
    public boolean foldsIds() {
      return DEFAULT.foldsIds();
    }

    @Override
    public int foldRawPath(byte[] b, int from, int to) {
      return DEFAULT.foldRawPath(b, from, to);
    }

    @Override
    public boolean expected(String group) {
      return ranking.get().expected(group);
    }

    @Override
    public int sampleRank(String group) {
      return ranking.get().sampleRank(group);
    }
  }

  /** A recipe's spec, with latencies per interval. */
  record PerInterval(SpecRecipe inner, long millis) implements SpecRecipe {
    private static final long serialVersionUID = 1L;

    @Override
    public Result.Spec spec() {
      return inner.spec().withPerInterval(millis);
    }
  }

  /** A recipe's spec, with the requests per host too. */
  record PerHost(SpecRecipe inner) implements SpecRecipe {
    private static final long serialVersionUID = 1L;

    @Override
    public Result.Spec spec() {
      Result.Spec spec = inner.spec();
      return spec.report() ? spec.withHosts() : spec;
    }
  }

  /** A recipe's spec, with the JVM's start given. */
  record JvmStart(SpecRecipe inner, long millis) implements SpecRecipe {
    private static final long serialVersionUID = 1L;

    @Override
    public Result.Spec spec() {
      return inner.spec().withJvmStart(millis);
    }
  }

  /** Requests put against the JVM's pauses, which travel whole (a few numbers per pause). */
  record WithPauses(SpecRecipe recipe, PauseIndex pauses) implements SpecRecipe {
    private static final long serialVersionUID = 1L;

    @Override
    public Result.Spec spec() {
      return recipe.spec().withPauses(pauses);
    }
  }
}
