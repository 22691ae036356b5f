package tardy.record.interval;

import tardy.record.wire.Wire;

import tardy.record.grouping.Grouping;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import tardy.record.interval.IntervalRecorder;
import tardy.events.EventSink;
import tardy.events.Family;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/**
 * Interval histograms per family, so that an .hlog holds numbers of one family only: a GC pause
 * and the safepoint that holds it, or a pause and a request, are never in one histogram.
 */
public final class FamilyIntervals implements EventSink {

  /** The family an .hlog holds when the user names none: the first present in this order. */
  public static final List<Family> PREFERRED =
      List.of(Family.SAFEPOINT, Family.GC_PAUSE, Family.REQUEST, Family.STALL);

  private final Supplier<IntervalRecorder> create;
  private final Map<Family, IntervalRecorder> byFamily = new EnumMap<>(Family.class);
  /** The offsets from UTC the logs' times carried, for the StartTime comments' zone. */
  private final tardy.record.clock.ZoneOffsets offsets = new tardy.record.clock.ZoneOffsets();

  public FamilyIntervals(Supplier<IntervalRecorder> create) {
    this.create = create;
  }

  @Override
  public void request(RequestEvent e) {
    recording(Family.REQUEST).request(e);
  }

  @Override
  public void pause(PauseEvent e) {
    recording(e.family()).pause(e);
  }

  @Override
  public void zoneOffset(int offsetSeconds) {
    offsets.record(offsetSeconds);
  }

  /** The offsets from UTC the logs' times carried. */
  public tardy.record.clock.ZoneOffsets zoneOffsets() {
    return offsets;
  }

  private IntervalRecorder recording(Family family) {
    IntervalRecorder r = byFamily.get(family);
    if (r == null) {
      r = this.create.get();
      byFamily.put(family, r);
    }
    return r;
  }

  /** Adds a later part of the input, family by family. */
  public void addLater(FamilyIntervals later) {
    offsets.add(later.offsets);
    later.byFamily.forEach((family, theirs) -> {
      IntervalRecorder ours = byFamily.get(family);
      if (ours == null) {
        byFamily.put(family, theirs);
      } else {
        ours.add(theirs);
      }
    });
  }

  public void write(java.io.DataOutput out) throws java.io.IOException {
    out.writeInt(byFamily.size());
    for (Map.Entry<Family, IntervalRecorder> e : byFamily.entrySet()) {
      Wire.writeString(out, e.getKey().key());
      e.getValue().write(out);
    }
    offsets.write(out);
  }

  /** What {@link #write} wrote; further families recorded with {@code settings}. */
  public static FamilyIntervals read(java.io.DataInput in, IntervalRecorder.Settings settings,
      Grouping grouping) throws java.io.IOException {
    FamilyIntervals f = new FamilyIntervals(() -> new IntervalRecorder(settings, grouping));
    for (int n = in.readInt(); n > 0; n--) {
      String key = Wire.readString(in);
      Family family = java.util.Arrays.stream(Family.values()).filter(x -> x.key().equals(key))
          .findFirst().orElseThrow(() -> new java.io.IOException("an unknown family " + key));
      f.byFamily.put(family, IntervalRecorder.read(in, settings, grouping));
    }
    f.offsets.read(in);
    return f;
  }

  /** The families that have events, in {@link Family} order. */
  public List<Family> families() {
    return List.copyOf(byFamily.keySet());
  }

  public Optional<IntervalRecorder> of(Family family) {
    return Optional.ofNullable(byFamily.get(family));
  }

  /** The family an .hlog holds by default: see {@link #PREFERRED}. */
  public Optional<Family> preferred() {
    return PREFERRED.stream().filter(byFamily::containsKey).findFirst();
  }
}
