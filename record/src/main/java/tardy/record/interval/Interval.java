package tardy.record.interval;

import tardy.record.wire.Wire;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import tardy.record.histogram.NanosHistogram;

/**
 * What one interval of a timeline recorded: all events, and the events of each group. Live while
 * its time is current, in {@link IntervalHistogram}s (the events' bucket indices, sorted when
 * encoded); {@link #compact} once the timeline has moved on: encoded once,
 * into exactly the bytes its .hlog lines carry, so a long log costs tens of bytes per histogram
 * and the writer only copies them out. A late event or a merge decodes it again.
 */
public final class Interval {

  // every group name the intervals of this one's timeline hold, noted when compacted: the
  // writer's tags, without a walk over every interval at the end of the run
  private Set<String> timelineNames;
  private IntervalHistogram all; // null while compact
  private Map<String, IntervalHistogram> byGroup = new HashMap<>();
  private String[] names = new String[4]; // byGroup's keys as they came, sorted when encoded
  private int named; // names in use
  private EncodedHistogram compactAll;
  private String lastGroup; // the group the last event went to, while live
  private IntervalHistogram lastHistogram;
  private SortedGroups compactByGroup; // names sorted, with their encodings, while compact

  /** @param timelineNames where its timeline notes the names of its intervals' groups */
  Interval(Set<String> timelineNames) {
    this(timelineNames, 0);
  }

  /** @param expectedEvents how many events it will probably hold: room for them from the start */
  Interval(Set<String> timelineNames, int expectedEvents) {
    this.timelineNames = timelineNames;
    this.all = new IntervalHistogram(expectedEvents);
  }

  /** Events it holds. */
  long events() {
    return all != null ? all.totalCount() : compactAll.totalCount();
  }

  /** Its timeline is now one that notes the names in {@code names}. */
  void noteNamesIn(Set<String> names) {
    timelineNames = names;
  }

  void record(long nanos, String group) {
    live();
    all.record(nanos);
    if (group != null) {
      if (group != lastGroup) { // a group name is one instance per recorder: events in a row
        lastHistogram = group(group);
        lastGroup = group;
      }
      lastHistogram.record(nanos);
    }
  }

  /**
   * The time-weighted view: a pause seen by a thread sampling every {@code resolution} ns, the
   * samples HdrHistogram's {@code recordValueWithExpectedInterval} adds.
   */
  void recordSampled(long nanos, long resolutionNanos) {
    live();
    all.record(nanos);
    // The samples nanos - k * resolution, counted a bucket at a time: one by one, a 30 s pause at
    // --resolution 1ns was 3e10 records; by bucket it is at most the histogram's buckets.
    long missing = nanos - resolutionNanos;
    while (missing >= resolutionNanos) {
      long low = Math.max(NanosHistogram.valueFromIndex(NanosHistogram.index(missing)),
          resolutionNanos);
      long inBucket = (missing - low) / resolutionNanos + 1;
      all.record(missing, inBucket);
      missing -= inBucket * resolutionNanos;
    }
  }

  void recordZeros(long count) {
    if (count > 0) {
      live();
      all.record(0, count);
    }
  }

  void add(Interval later) {
    live();
    if (later.all != null) {
      all.add(later.all);
      later.byGroup.forEach((g, h) -> group(g).add(h));
    } else {
      all.add(later.compactAll.decodeLive());
      for (int i = 0; i < later.compactByGroup.size(); i++) {
        group(later.compactByGroup.name(i)).add(later.compactByGroup.encoding(i).decodeLive());
      }
    }
  }

  private IntervalHistogram group(String name) {
    IntervalHistogram h = byGroup.get(name);
    return h != null ? h : newGroup(name, new IntervalHistogram());
  }

  private IntervalHistogram newGroup(String name, IntervalHistogram h) {
    byGroup.put(name, h);
    if (named == names.length) {
      names = java.util.Arrays.copyOf(names, 2 * named);
    }
    names[named++] = name;
    return h;
  }

  /** A copy for a timeline that notes its names in {@code names}. */
  Interval copy(Set<String> names) {
    Interval c = new Interval(names);
    if (all == null) { // the compact form is immutable: share it
      c.all = null;
      c.byGroup = null;
      c.names = null;
      c.compactAll = compactAll;
      c.compactByGroup = compactByGroup;
    } else {
      c.add(this);
    }
    return c;
  }

  /** Forgets the histograms of the groups {@code keep} refuses; their events stay in all's. */
  void retainGroups(java.util.function.Predicate<String> keep) {
    if (all != null) {
      byGroup.keySet().removeIf(keep.negate());
      int kept = 0;
      for (int i = 0; i < named; i++) {
        if (byGroup.containsKey(names[i])) {
          names[kept++] = names[i];
        }
      }
      java.util.Arrays.fill(names, kept, named, null);
      named = kept;
      lastGroup = null;
      lastHistogram = null;
    } else {
      compactByGroup = compactByGroup.retain(keep);
    }
  }

  /** Keeps only the encoding; the next record or add decodes it. */
  void compact() {
    if (all == null) {
      return;
    }
    compactAll = HistogramEncoder.encode(all);
    String[] sorted = sortedNames(names, named);
    EncodedHistogram[] encodings = new EncodedHistogram[sorted.length];
    for (int i = 0; i < sorted.length; i++) {
      encodings[i] = HistogramEncoder.encode(byGroup.get(sorted[i]));
      if (!timelineNames.contains(sorted[i])) { // a plain lookup: nearly every name is known
        timelineNames.add(sorted[i]);
      }
    }
    compactByGroup = new SortedGroups(sorted, encodings);
    all = null;
    byGroup = null;
    names = null;
    named = 0;
    lastGroup = null;
    lastHistogram = null;
  }

  /**
   * The readers' way in: the test is theirs, so that {@link #compact}, compiled while it met live
   * intervals only, is not deoptimised when the writer asks every compact one.
   */
  private void compactIfLive() {
    if (all != null) {
      compact();
    }
  }

  /** Below this many groups, names are sorted by insertion: most intervals, a dozen at most. */
  private static final int FEW_GROUPS = 32;

  /**
   * The first {@code n} names, sorted, in a new array. A few are sorted by insertion, each after
   * the last one below it, found by halving: the JDK's merge sort is kilobytes of code that C2
   * compiles, and recompiles when a run first comes descending, for arrays this short.
   */
  private static String[] sortedNames(String[] names, int n) {
    String[] sorted = java.util.Arrays.copyOf(names, n);
    if (n >= FEW_GROUPS) {
      java.util.Arrays.sort(sorted);
      return sorted;
    }
    for (int i = 1; i < n; i++) {
      String v = sorted[i];
      int lo = 0;
      int hi = i; // sorted[hi], if any, is above v
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (sorted[mid].compareTo(v) > 0) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      System.arraycopy(sorted, lo, sorted, lo + 1, i - lo);
      sorted[lo] = v;
    }
    return sorted;
  }

  /** Decoded to record into again. */
  private void live() {
    if (all == null) {
      all = compactAll.decodeLive();
      byGroup = new HashMap<>();
      names = new String[Math.max(4, compactByGroup.size())];
      for (int i = 0; i < compactByGroup.size(); i++) {
        newGroup(compactByGroup.name(i), compactByGroup.encoding(i).decodeLive());
      }
      compactAll = null;
      compactByGroup = null;
    }
  }

  /** All events' histogram, encoded (the interval is compacted first). */
  public EncodedHistogram encodedAll() {
    compactIfLive();
    return compactAll;
  }

  /** Per group name (as the grouping named it), sorted by name, encoded (compacted first). */
  public Map<String, EncodedHistogram> encodedByGroup() {
    compactIfLive();
    return compactByGroup;
  }

  /** The groups that had events here (the interval is compacted first). */
  public int groups() {
    compactIfLive();
    return compactByGroup.size();
  }

  /** The name of group {@code i} of {@link #groups()}, in name order. */
  public String groupName(int i) {
    compactIfLive();
    return compactByGroup.name(i);
  }

  /** The encoded histogram of group {@code i} of {@link #groups()}. */
  public EncodedHistogram encodedGroup(int i) {
    compactIfLive();
    return compactByGroup.encoding(i);
  }

  /** All events' histogram as an HdrHistogram: a new copy, for readers of its API. */
  public AbstractHistogram all() {
    return all != null ? all.toHdrHistogram() : compactAll.toHistogram();
  }

  /** Per group name, sorted by name; see {@link #all()}. */
  public Map<String, AbstractHistogram> byGroup() {
    Map<String, AbstractHistogram> copies = new TreeMap<>();
    if (byGroup != null) {
      byGroup.forEach((g, h) -> copies.put(g, h.toHdrHistogram()));
    } else {
      compactByGroup.forEach((g, e) -> copies.put(g, e.toHistogram()));
    }
    return Collections.unmodifiableMap(copies);
  }

  /** The groups that had events here, sorted, without decoding anything. */
  public Set<String> groupNames() {
    return Collections.unmodifiableSet(byGroup != null
        ? new java.util.TreeSet<>(byGroup.keySet()) : compactByGroup.keySet());
  }

  /** Written compact (it is compacted first): what {@link #read} makes again. */
  void write(java.io.DataOutput out) throws java.io.IOException {
    compactIfLive();
    compactAll.write(out);
    out.writeInt(compactByGroup.size());
    for (int i = 0; i < compactByGroup.size(); i++) {
      Wire.writeString(out, compactByGroup.name(i));
      compactByGroup.encoding(i).write(out);
    }
  }

  static Interval read(java.io.DataInput in, Set<String> timelineNames)
      throws java.io.IOException {
    Interval iv = new Interval(timelineNames);
    iv.all = null;
    iv.byGroup = null;
    iv.names = null;
    iv.compactAll = EncodedHistogram.read(in);
    TreeMap<String, EncodedHistogram> groups = new TreeMap<>();
    for (int n = Wire.count(in); n > 0; n--) {
      groups.put(Wire.readString(in), EncodedHistogram.read(in));
    }
    iv.compactByGroup = new SortedGroups(groups.keySet().toArray(new String[0]),
        groups.values().toArray(new EncodedHistogram[0]));
    timelineNames.addAll(groups.keySet());
    return iv;
  }

  boolean isCompact() {
    return all == null;
  }
}
