package tardy.record.exemplar;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The slowest requests of each group of a part of the input, by group name. Their places depend
 * on the order of the lines, so a recorder cuts them off with its evidence and adds them with the
 * same shifts: the slowest of the whole are those a single pass keeps, whatever the threads.
 *
 * <p>Memory is bounded by a total, not by the groups the log brings nor by {@code
 * --max-operations}: pinned groups (a requirement's, which the user writes) keep theirs, and so
 * do the input sample's {@link #RANKED_OWN} heaviest; every other group is plain, and once more
 * than {@link #MAX_PLAIN_GROUPS} plain names have some, all of those go into one shared pool
 * ({@link #pooled()}). At most {@link #MAX_OWN_LISTS} lists besides the pinned ones, whatever the
 * cap (whose sample expects up to 2 x the cap groups). The rows then show the slowest of the
 * pinned and ranked groups, and of {@code (other)} when it holds every plain group; the total
 * always holds the slowest of all. Whether the pool is used depends on the number of distinct
 * names in the whole input, never on how it is split.
 */
public final class SlowestRequests {

  /** The most lists kept besides the pinned groups': 5 MB or so with 36-byte ids. */
  public static final int MAX_OWN_LISTS = 10_000;

  /** The sample's heaviest that keep their own: all the default cap's sample (2 x 1,000). */
  public static final int RANKED_OWN = 2_000;

  /** The most plain groups that keep their own slowest: the rest of {@link #MAX_OWN_LISTS}. */
  public static final int MAX_PLAIN_GROUPS = MAX_OWN_LISTS - RANKED_OWN;

  private final Predicate<String> plain; // a group the log names, not the user
  private final Map<String, Slowest> byGroup = new LinkedHashMap<>();
  private int plainGroups;
  private Slowest pool; // null until the plain groups outgrew MAX_PLAIN_GROUPS

  /** @param plain whether a group name is plain: neither pinned nor among the ranked heaviest */
  public SlowestRequests(Predicate<String> plain) {
    this.plain = plain;
  }

  /** Whether the plain groups share one pool: past {@link #MAX_PLAIN_GROUPS} of them. */
  public boolean pooled() {
    return pool != null;
  }

  /** The slowest of that group (or of the pool it shares), made on first use. */
  public Slowest of(String group) {
    Slowest own = byGroup.get(group);
    if (own != null) {
      return own;
    }
    if (!plain.test(group)) {
      return made(group);
    }
    if (pool != null) {
      return pool;
    }
    if (plainGroups == MAX_PLAIN_GROUPS) {
      pool();
      return pool;
    }
    plainGroups++;
    return made(group);
  }

  private Slowest made(String group) {
    Slowest s = new Slowest();
    byGroup.put(group, s);
    return s;
  }

  /** Moves every plain group's slowest into the pool: their own are no longer kept. */
  private void pool() {
    pool = new Slowest();
    for (var it = byGroup.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<String, Slowest> e = it.next();
      if (plain.test(e.getKey())) {
        pool.add(e.getValue());
        it.remove();
      }
    }
    plainGroups = 0;
  }

  /**
   * Adds the slowest of a later part, whose places move by these shifts, each group's under the
   * name {@code groupHere} gives it here: a group this part does not track goes into its {@code
   * (other)}, so what is kept stays bounded by the groups tracked.
   */
  public void addLater(SlowestRequests later, int inputShift, long lineShift,
      UnaryOperator<String> groupHere) {
    if (later.pool != null && pool == null) {
      pool();
    }
    if (later.pool != null) {
      pool.addLater(later.pool, inputShift, lineShift);
    }
    for (Map.Entry<String, Slowest> e : later.byGroup.entrySet()) {
      of(groupHere.apply(e.getKey())).addLater(e.getValue(), inputShift, lineShift);
    }
  }

  /**
   * The slowest as the capped rows show them: the groups of these names each in its own entry,
   * every other group together under {@code other}. A plain row whose own went into the pool has
   * none, and so has {@code other} unless it holds every plain group; what no row shows stays in
   * the pool, so that {@link #all()} is still the slowest of all.
   */
  public SlowestRequests as(Set<String> kept, String other) {
    SlowestRequests out = new SlowestRequests(plain);
    boolean plainRowWithoutOwn = false;
    for (String name : kept) {
      plainRowWithoutOwn |= pool != null && plain.test(name) && !byGroup.containsKey(name);
    }
    Slowest unshown = pool == null ? null : new Slowest();
    if (unshown != null) {
      unshown.add(pool);
    }
    Map<String, Slowest> rows = new TreeMap<>();
    for (Map.Entry<String, Slowest> e : byGroup.entrySet()) {
      String name = kept.contains(e.getKey()) ? e.getKey() : other;
      if (name.equals(other) && plainRowWithoutOwn) {
        unshown.add(e.getValue());
      } else {
        rows.computeIfAbsent(name, n -> new Slowest()).add(e.getValue());
      }
    }
    if (unshown != null && !plainRowWithoutOwn) { // (other) holds every plain group
      rows.computeIfAbsent(other, n -> new Slowest()).add(unshown);
      unshown = null;
    }
    out.byGroup.putAll(rows);
    out.pool = unshown;
    return out;
  }

  /** Each group's own slowest, by name. */
  public Map<String, Slowest> rows() {
    return java.util.Collections.unmodifiableMap(byGroup);
  }

  /** The slowest of every group and of the pool together. */
  public Slowest all() {
    Slowest all = new Slowest();
    for (Slowest s : byGroup.values()) {
      all.add(s);
    }
    if (pool != null) {
      all.add(pool);
    }
    return all;
  }

  public boolean isEmpty() {
    return byGroup.isEmpty() && pool == null;
  }

  /** Everything kept, groups in name order, for the result's encoding. */
  public void write(DataOutput out) throws IOException {
    out.writeInt(byGroup.size());
    for (Map.Entry<String, Slowest> e : new TreeMap<>(byGroup).entrySet()) {
      out.writeUTF(e.getKey());
      e.getValue().write(out);
    }
    out.writeBoolean(pool != null);
    if (pool != null) {
      pool.write(out);
    }
  }

  /** The same, as the capped rows show them ({@link #as}). */
  public void writeAs(Set<String> kept, String other, DataOutput out) throws IOException {
    as(kept, other).write(out);
  }

  /** Adds what {@link #write} wrote. */
  public void read(DataInput in) throws IOException {
    java.util.List<String> names = new ArrayList<>();
    java.util.List<Slowest> kept = new ArrayList<>();
    for (int n = in.readInt(); n > 0; n--) {
      names.add(in.readUTF());
      kept.add(Slowest.read(in));
    }
    if (in.readBoolean()) {
      Slowest read = Slowest.read(in);
      if (pool == null) {
        pool();
      }
      pool.add(read);
    }
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      Slowest own = byGroup.get(name);
      if (own == null && (pool == null || !plain.test(name))) {
        made(name).add(kept.get(i)); // a row read back keeps its own, whatever the bound
      } else {
        of(name).add(kept.get(i));
      }
    }
  }
}
