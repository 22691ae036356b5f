package tardy.classify.infer;

import java.util.Map;
import tardy.classify.Pipeline;
import tardy.classify.Recorder;

/**
 * Recorders for {@code report} whose grouping is decided from the inputs' traffic sample before
 * the parallel pass, so every part of every input groups alike.
 */
public final class SampledRecorders implements Pipeline.Sinks<Recorder> {

  private final GroupingMode mode;
  private final int maxGroups;
  private SampledGrouping grouping;

  public SampledRecorders(GroupingMode mode, int maxGroups) {
    this.mode = mode;
    this.maxGroups = maxGroups;
    this.grouping = SampledGrouping.of(mode, Map.of(), 0);
  }

  @Override
  public boolean wantsSamples() {
    return true;
  }

  @Override
  public void sampled(java.util.List<Pipeline.Sampled> samples) {
    SampleKeys keys = new SampleKeys();
    for (Pipeline.Sampled s : samples) {
      keys.add(s.format().newParser(), s.lines());
    }
    grouping = SampledGrouping.of(mode, keys.counts(), 2 * maxGroups);
  }

  @Override
  public Recorder create() {
    return new Recorder(grouping, maxGroups);
  }

  @Override
  public void addLater(Recorder into, Recorder later) {
    into.add(later);
  }

  /** The grouping decided from the sample (before {@link #sampled}, one without templates). */
  public SampledGrouping grouping() {
    return grouping;
  }
}
