package tardy.formats.jfr;

/**
 * The pause kind of a recorded GC pause, spelled as the unified GC log spells the same pause
 * ({@code Pause Young (Normal) (G1 Evacuation Pause)}, {@code Pause Full (System.gc())}, {@code
 * Pause Remark}, {@code Pause Mark Start}), so a recording and a {@code -Xlog:gc} log of the same
 * JVM group their pauses alike.
 */
final class PauseKinds {

  /** What {@code jdk.GCPhasePause} names a collection's one pause, whatever the collection. */
  static final String GC_PAUSE = "GC Pause";

  private PauseKinds() {}

  /**
   * @param phase the pause's own name ({@code jdk.GCPhasePause.name})
   * @param collector the collection's collector ({@code jdk.GarbageCollection.name}), or null
   *     when the recording does not have it
   * @param cause the collection's cause, or null
   * @param g1Type G1's young collection type ({@code jdk.G1GarbageCollection.type}), or null
   */
  static String of(String phase, String collector, String cause, String g1Type) {
    if (!GC_PAUSE.equals(phase) || collector == null) {
      return phase; // a named pause (Remark, Cleanup, ZGC's) is named alike in the log
    }
    String kind = switch (collector) {
      case "DefNew", "ParNew", "ParallelScavenge", "G1New" -> "Pause Young";
      case "SerialOld", "ParallelOld", "PSMarkSweep", "G1Full", "ConcurrentMarkSweep" ->
          "Pause Full";
      default -> collector;
    };
    StringBuilder out = new StringBuilder(kind);
    if ("G1New".equals(collector) && g1Type != null && !g1Type.isEmpty()) {
      out.append(" (").append(g1Type).append(')');
    }
    if (cause != null && !cause.isEmpty()) {
      out.append(" (").append(cause).append(')');
    }
    return out.toString();
  }
}
