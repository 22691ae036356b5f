package tardy.formats.jfr;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedObject;
import tardy.events.Outcome;
import tardy.events.ParseStats;
import tardy.events.Times;

/**
 * The collections of a recording while their events come in: a collection's pauses ({@code
 * jdk.GCPhasePause}), its collector and cause ({@code jdk.GarbageCollection}), G1's young type
 * ({@code jdk.G1GarbageCollection}) and the heap before and after it ({@code jdk.GCHeapSummary}).
 * JFR writes each thread's events in buffers and the buffers in no time order (a collection's
 * events may come after those of collections much later), but one thread's events stay in order:
 * a stop-the-world collection's pause comes just before its collector and type. So a pause waits
 * for them by its GC id and is handed on as soon as they are known; one that waits longer than
 * {@link #WAIT_RECORDS} events (its collection's events disabled, or written by another thread)
 * is handed on under what is known, and so is every pause when the reading ends. Memory is
 * bounded by {@link #KEPT} collections, not by the recording.
 */
final class GcCollections {

  /** How many events after a pause its collection's name may still come. */
  static final int WAIT_RECORDS = 1 << 15;
  /** How many collections are kept by GC id at most. */
  static final int KEPT = 1024;

  private static final Outcome NAMES_PAUSES = Outcome.ignored(
      "jdk.GarbageCollection: names the collector and cause of its pauses (each counted as a"
          + " jdk.GCPhasePause)");
  private static final Outcome CONCURRENT_WITHOUT_PAUSES = Outcome.ignored(
      "jdk.GarbageCollection: a concurrent collection whose pauses were not recorded"
          + " (jdk.GCPhasePause disabled): its pauses summed are not one pause");
  /** The collectors whose collection is one stop-the-world pause: its event gives that pause. */
  private static final java.util.Set<String> ONE_PAUSE = java.util.Set.of("DefNew", "ParNew",
      "ParallelScavenge", "PSMarkSweep", "ParallelOld", "SerialOld", "G1New", "G1Full");
  private static final Outcome G1_TYPE = Outcome.ignored(
      "jdk.G1GarbageCollection: names the type of its young pause (counted as a jdk.GCPhasePause)");
  private static final Outcome HEAP = Outcome.ignored(
      "jdk.GCHeapSummary: the heap before or after a collection, kept with its pause");

  /** One stop-the-world pause as recorded. */
  record Pause(String name, long nanos, long endMillis, long record) {}

  /** Receives each pause with its kind and the heap around it (before, after, committed), or null. */
  interface Emitter {
    void pause(Pause pause, String kind, long[] heap);
  }

  private static final class Collection {
    final List<Pause> waiting = new ArrayList<>(2);
    String collector;
    String cause;
    String g1Type;
    long lastRecord;
    long heapBefore = Times.NONE;
    long heapAfter = Times.NONE;
    long committedAfter = Times.NONE;
    long collectionRecord = -1; // its jdk.GarbageCollection, until counted
    Pause alone; // that event as the collection's one pause, for a collector of one pause

    /** Whether what names its pauses is known: the collector, and G1's young type for G1New. */
    boolean named() {
      return collector != null && (!"G1New".equals(collector) || g1Type != null);
    }
  }

  private final Emitter emitter;
  private final ParseStats stats;
  private EventTypes settings; // null: no settings to read (every pause from jdk.GCPhasePause)
  private final LinkedHashMap<Long, Collection> byId = new LinkedHashMap<>();
  private long lastSweep;

  GcCollections(Emitter emitter, ParseStats stats) {
    this.emitter = emitter;
    this.stats = stats;
  }

  void pause(RecordedEvent e, long record) {
    long endMillis = RecordingReader.endMillis(e.getStartTime(), e.getDuration());
    Collection c = of(e, record);
    c.waiting.add(new Pause(e.getString("name"), RecordingReader.nanos(e.getDuration()),
        endMillis, record));
    emitIfNamed(c);
  }

  /** The recording's settings: whether {@code jdk.GCPhasePause} was recorded. */
  void settings(EventTypes types) {
    this.settings = types;
  }

  void collection(RecordedEvent e, long record) {
    Collection c = of(e, record);
    c.collector = e.getString("name");
    c.cause = e.getString("cause");
    c.collectionRecord = record; // counted when handed on: how depends on the settings
    if (ONE_PAUSE.contains(c.collector) && e.hasField("sumOfPauses")) {
      // the collection is its one pause: its sum of pauses, ending when the collection ended
      c.alone = new Pause(PauseKinds.GC_PAUSE, RecordingReader.nanos(e.getDuration("sumOfPauses")),
          RecordingReader.endMillis(e.getStartTime(), e.getDuration()), record);
    }
    emitIfNamed(c);
  }

  private boolean phasePausesDisabled() {
    return settings != null && settings.phasePausesDisabled();
  }

  void g1Type(RecordedEvent e, long record) {
    Collection c = of(e, record);
    c.g1Type = e.hasField("type") && e.getString("type") != null ? e.getString("type") : "";
    stats.count(G1_TYPE, record);
    emitIfNamed(c);
  }

  void heap(RecordedEvent e, long record) {
    Collection c = of(e, record);
    long used = RecordingReader.longField(e, "heapUsed");
    if ("Before GC".equals(e.getString("when"))) {
      c.heapBefore = used;
    } else {
      c.heapAfter = used;
      RecordedObject space = e.hasField("heapSpace") ? e.getValue("heapSpace") : null;
      c.committedAfter = space == null ? Times.NONE
          : RecordingReader.longField(space, "committedSize");
    }
    stats.count(HEAP, record);
  }

  /** Hands on every pause still waiting: the recording ended (or broke off). */
  void flushAll() {
    for (Collection c : byId.values()) {
      emit(c);
    }
    byId.clear();
  }

  private Collection of(RecordedEvent e, long record) {
    long id = e.getLong("gcId");
    Collection c = byId.get(id);
    if (c == null) {
      c = new Collection();
      byId.put(id, c);
      if (byId.size() > KEPT) {
        Iterator<Collection> eldest = byId.values().iterator();
        emit(eldest.next());
        eldest.remove();
      }
    }
    c.lastRecord = record;
    if (record - lastSweep >= WAIT_RECORDS) {
      sweep(record);
    }
    return c;
  }

  /** Hands on the pauses that waited too long for their collection's name. */
  private void sweep(long record) {
    lastSweep = record;
    for (Collection c : byId.values()) {
      if (!c.waiting.isEmpty() && record - c.waiting.get(0).record() >= WAIT_RECORDS) {
        emit(c);
      }
    }
  }

  private void emitIfNamed(Collection c) {
    // a collection with no pause yet waits for the settings, which may come later, to say
    // whether its own event is its pause
    boolean settingsUnknown = settings != null && !settings.phasePauseSettingKnown();
    if (c.named() && !(settingsUnknown && c.waiting.isEmpty() && c.collectionRecord >= 0)) {
      emit(c);
    }
  }

  private void emit(Collection c) {
    if (c.collectionRecord >= 0) { // its jdk.GarbageCollection, counted once
      if (!phasePausesDisabled()) {
        stats.count(NAMES_PAUSES, c.collectionRecord);
      } else if (c.alone != null && c.waiting.isEmpty()) {
        c.waiting.add(c.alone); // counted as parsed when handed on
      } else {
        stats.count(CONCURRENT_WITHOUT_PAUSES, c.collectionRecord);
      }
      c.collectionRecord = -1;
    }
    for (Pause p : c.waiting) {
      // the heap around the collection is its pause's when the collection is that one pause
      boolean onlyPause = PauseKinds.GC_PAUSE.equals(p.name());
      long[] heap = onlyPause && Times.isSet(c.heapBefore) && Times.isSet(c.heapAfter)
          ? new long[] {c.heapBefore, c.heapAfter, c.committedAfter} : null;
      emitter.pause(p, PauseKinds.of(p.name(), c.collector, c.cause,
          c.g1Type == null || c.g1Type.isEmpty() ? null : c.g1Type), heap);
    }
    c.waiting.clear();
  }
}
