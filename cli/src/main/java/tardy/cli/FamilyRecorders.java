package tardy.cli;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;
import tardy.classify.interval.IntervalRecorder;
import tardy.parse.EventSink;
import tardy.parse.Family;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;

/**
 * One interval recorder per family, so that an .hlog holds numbers of one family only: a GC pause
 * and the safepoint that holds it, or a pause and a request, are never in one histogram.
 */
final class FamilyRecorders implements EventSink {

  private final Supplier<IntervalRecorder> create;
  private final Map<Family, IntervalRecorder> byFamily = new EnumMap<>(Family.class);

  FamilyRecorders(Supplier<IntervalRecorder> create) {
    this.create = create;
  }

  @Override
  public void request(RequestEvent e) {
    byFamily.computeIfAbsent(Family.REQUEST, f -> create.get()).request(e);
  }

  @Override
  public void pause(PauseEvent e) {
    byFamily.computeIfAbsent(e.family(), f -> create.get()).pause(e);
  }

  /** Adds a later part of the input, family by family. */
  void add(FamilyRecorders later) {
    later.byFamily.forEach((family, theirs) -> {
      IntervalRecorder ours = byFamily.get(family);
      if (ours == null) {
        byFamily.put(family, theirs);
      } else {
        ours.add(theirs);
      }
    });
  }

  /** The recorders of the families seen, in {@link Family} order. */
  Map<Family, IntervalRecorder> byFamily() {
    return byFamily;
  }
}
