package tardy.analysis.compare;

import java.util.List;
import tardy.analysis.Summary;
import tardy.events.Family;

/**
 * One operation (or pause kind) on both sides.
 *
 * @param before null when the operation is only after (new)
 * @param after null when it is only before (gone)
 * @param changes per percentile, p50 … max; empty unless on both sides
 */
public record OperationChange(String key, Family family, Summary before, Summary after,
    List<Change> changes) {

  public OperationChange {
    changes = List.copyOf(changes);
  }

  /** Whether it is on both sides, only after, or only before. */
  public enum Presence {
    BOTH, NEW, GONE;

    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public Presence presence() {
    return before == null ? Presence.NEW : after == null ? Presence.GONE : Presence.BOTH;
  }

  public long beforeCount() {
    return before == null ? 0 : before.count();
  }

  public long afterCount() {
    return after == null ? 0 : after.count();
  }

  public java.util.Optional<Change> change(String label) {
    return changes.stream().filter(c -> c.label().equals(label)).findFirst();
  }
}
