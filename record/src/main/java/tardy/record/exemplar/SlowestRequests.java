package tardy.record.exemplar;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The slowest requests of each group of a part of the input, by group name. Their places depend
 * on the order of the lines, so a recorder cuts them off with its evidence and adds them with the
 * same shifts: the slowest of the whole are those a single pass keeps, whatever the threads.
 */
public final class SlowestRequests {

  private final Map<String, Slowest> byGroup = new LinkedHashMap<>();

  /** The slowest of that group, made on first use. */
  public Slowest of(String group) {
    return byGroup.computeIfAbsent(group, g -> new Slowest());
  }

  /**
   * Adds the slowest of a later part, whose places move by these shifts, each group's under the
   * name {@code groupHere} gives it here: a group this part does not track goes into its {@code
   * (other)}, so what is kept stays bounded by the groups tracked.
   */
  public void addLater(SlowestRequests later, int inputShift, long lineShift,
      java.util.function.UnaryOperator<String> groupHere) {
    for (Map.Entry<String, Slowest> e : later.byGroup.entrySet()) {
      of(groupHere.apply(e.getKey())).addLater(e.getValue(), inputShift, lineShift);
    }
  }

  /**
   * The slowest of the groups of these names, each in its own entry, and of every other group
   * together under {@code other}: as the capped rows show them.
   */
  public Map<String, Slowest> as(Set<String> kept, String other) {
    Map<String, Slowest> out = new TreeMap<>();
    for (Map.Entry<String, Slowest> e : byGroup.entrySet()) {
      String name = kept.contains(e.getKey()) ? e.getKey() : other;
      out.computeIfAbsent(name, n -> new Slowest()).add(e.getValue());
    }
    return out;
  }

  public boolean isEmpty() {
    return byGroup.isEmpty();
  }

  /** Everything kept, groups in name order, for the result's encoding. */
  public void write(DataOutput out) throws IOException {
    write(new TreeMap<>(byGroup), out);
  }

  /** The same, as the capped rows show them ({@link #as}). */
  public void writeAs(Set<String> kept, String other, DataOutput out) throws IOException {
    write(as(kept, other), out);
  }

  private static void write(Map<String, Slowest> groups, DataOutput out) throws IOException {
    out.writeInt(groups.size());
    for (Map.Entry<String, Slowest> e : groups.entrySet()) {
      out.writeUTF(e.getKey());
      e.getValue().write(out);
    }
  }

  /** Adds what {@link #write} wrote. */
  public void read(DataInput in) throws IOException {
    for (int n = in.readInt(); n > 0; n--) {
      String name = in.readUTF();
      of(name).add(Slowest.read(in));
    }
  }

  /** The names of the groups with requests kept. */
  public Collection<String> groups() {
    return byGroup.keySet();
  }
}
