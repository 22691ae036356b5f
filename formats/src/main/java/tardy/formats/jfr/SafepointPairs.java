package tardy.formats.jfr;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import tardy.events.Times;

/**
 * Pairs each safepoint's VM operation ({@code jdk.ExecuteVMOperation}) with the time it took to
 * reach that safepoint ({@code jdk.SafepointBegin}) by safepoint id, whichever of the two the
 * recording holds first: JFR writes its events thread buffer by thread buffer, so the file's
 * order is not the order in time. An operation is handed on as soon as its begin is known; one
 * whose begin is not recorded (below its threshold, say) waits until {@link #KEPT} later
 * operations wait, or the reading ends, and is handed on without a time to safepoint. A begin
 * waits likewise for its operation. Memory is bounded by {@link #KEPT} of each.
 */
final class SafepointPairs {

  static final int KEPT = 1024;

  /** One VM operation run at a safepoint, as recorded. */
  record Operation(String name, long atSafepointNanos, long endMillis, long record) {}

  /** Receives each operation with the time to reach its safepoint, {@link Times#NONE} if unknown. */
  interface Emitter {
    void safepoint(Operation operation, long reachingNanos);
  }

  private final Emitter emitter;
  private final Map<Long, Long> begins = new LinkedHashMap<>();
  private final Map<Long, Operation> operations = new LinkedHashMap<>();

  SafepointPairs(Emitter emitter) {
    this.emitter = emitter;
  }

  void begin(long safepointId, long reachingNanos) {
    if (!Times.isSet(reachingNanos)) {
      return;
    }
    Operation waiting = operations.remove(safepointId);
    if (waiting != null) {
      emitter.safepoint(waiting, reachingNanos);
      return;
    }
    begins.put(safepointId, reachingNanos);
    if (begins.size() > KEPT) { // its operation was not recorded (below its threshold)
      Iterator<Long> eldest = begins.values().iterator();
      eldest.next();
      eldest.remove();
    }
  }

  void operation(long safepointId, Operation operation) {
    Long reaching = begins.remove(safepointId);
    if (reaching != null) {
      emitter.safepoint(operation, reaching);
      return;
    }
    Operation earlier = operations.putIfAbsent(safepointId, operation);
    if (earlier != null) { // a second operation in one safepoint (JDK 11): the first waits for it
      emitter.safepoint(operation, Times.NONE);
      return;
    }
    if (operations.size() > KEPT) {
      Iterator<Operation> eldest = operations.values().iterator();
      emitter.safepoint(eldest.next(), Times.NONE);
      eldest.remove();
    }
  }

  /** Hands on every operation still waiting: the recording ended (or broke off). */
  void flushAll() {
    for (Operation o : operations.values()) {
      emitter.safepoint(o, Times.NONE);
    }
    operations.clear();
    begins.clear();
  }
}
