package tardy.formats.jfr;

import java.util.LinkedHashMap;
import java.util.Map;
import tardy.events.Times;

/**
 * The time each recent safepoint took to reach ({@code jdk.SafepointBegin}), by safepoint id,
 * until its VM operation ({@code jdk.ExecuteVMOperation}, written after it by the same VM thread)
 * takes it. Bounded: a safepoint whose operation is not recorded (below its threshold) is dropped
 * once {@link #KEPT} later ones came.
 */
final class SafepointStarts {

  static final int KEPT = 64;

  private final Map<Long, Long> reaching = new LinkedHashMap<>() {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, Long> eldest) {
      return size() > KEPT;
    }
  };

  void begin(long safepointId, long nanos) {
    if (Times.isSet(nanos)) {
      reaching.put(safepointId, nanos);
    }
  }

  /** The time to reach this safepoint, {@link Times#NONE} when not recorded. */
  long take(long safepointId) {
    Long nanos = reaching.remove(safepointId);
    return nanos == null ? Times.NONE : nanos;
  }
}
