package tardy.record.objective;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import tardy.events.RequestEvent;
import tardy.events.Times;
import java.util.function.Function;

/**
 * Per group that has an objective ({@code Grouping.objective}), its good and bad events per
 * minute: all an error budget and its burn rates need, and mergeable like every other part.
 */
public final class ObjectiveCounts {

  private final Function<String, Objective> objectiveOf; // null: the group has none
  private final Map<String, MinuteCounts> byGroup = new HashMap<>();
  private final Map<String, Objective> objectives = new HashMap<>(); // null values: none
  private long endMillis = Long.MIN_VALUE; // a table's: the last request's time, kept apart

  /** @param objectiveOf a group's objective, null when it has none */
  public ObjectiveCounts(Function<String, Objective> objectiveOf) {
    this.objectiveOf = objectiveOf;
  }

  /** Counts a request of that group, when the group has an objective. */
  public void request(String group, RequestEvent e) {
    Objective objective = objectives.computeIfAbsent(group, objectiveOf);
    if (objective == null) {
      return;
    }
    MinuteCounts counts = byGroup.computeIfAbsent(group, g -> new MinuteCounts());
    if (Times.isSet(e.wallMillis())) {
      counts.record(e.wallMillis(), objective.bad(e.latencyNanos(), e.status()));
    } else {
      counts.unplaced();
    }
  }

  /** Adds what another recorded. */
  public void add(ObjectiveCounts other) {
    other.byGroup.forEach((g, c) -> byGroup.computeIfAbsent(g, k -> new MinuteCounts()).add(c));
    endMillis = Math.max(endMillis, other.endMillis);
  }

  /** Adds counts of one group recorded elsewhere (a histogram table's rows). */
  public void add(String group, MinuteCounts counts) {
    byGroup.computeIfAbsent(group, k -> new MinuteCounts()).add(counts);
  }

  /** The group's objective, null when it has none. */
  public Objective objective(String group) {
    return objectives.computeIfAbsent(group, objectiveOf);
  }

  /**
   * Keeps the wall-clock time of the last request where no request was recorded (counts rolled
   * up from a table): a window ends with it, as with the logs' last request.
   */
  public void seeEnd(long lastRequestMillis) {
    endMillis = Math.max(endMillis, lastRequestMillis);
  }

  /** The time {@link #seeEnd} kept, the latest; empty when none. */
  public java.util.Optional<Long> knownEnd() {
    return endMillis == Long.MIN_VALUE ? java.util.Optional.empty()
        : java.util.Optional.of(endMillis);
  }

  /** The counts of one group; empty counts when it saw no event. */
  public MinuteCounts of(String group) {
    return byGroup.getOrDefault(group, new MinuteCounts());
  }

  /** The groups with counts, by name. */
  public Map<String, MinuteCounts> all() {
    return Collections.unmodifiableMap(new TreeMap<>(byGroup));
  }

  /** Groups by name, each with its counts. */
  public void write(DataOutput out) throws IOException {
    Map<String, MinuteCounts> sorted = new TreeMap<>(byGroup);
    out.writeInt(sorted.size());
    for (Map.Entry<String, MinuteCounts> e : sorted.entrySet()) {
      tardy.record.wire.Wire.writeString(out, e.getKey());
      e.getValue().write(out);
    }
  }

  public static ObjectiveCounts read(DataInput in, Function<String, Objective> objectiveOf)
      throws IOException {
    ObjectiveCounts counts = new ObjectiveCounts(objectiveOf);
    for (int n = in.readInt(); n > 0; n--) {
      counts.byGroup.put(tardy.record.wire.Wire.readString(in), MinuteCounts.read(in));
    }
    return counts;
  }
}
