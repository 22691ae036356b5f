package tardy.record.grouping;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.HelperThreads;
import tardy.events.LineParser;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * The requests of sampled lines as "METHOD path" (query dropped, spelled as the recorder keys
 * them) with their counts, in the order first seen: what the grouping is decided from.
 */
public final class SampleKeys implements EventSink {

  // each key with its count and raw key, in the order first seen
  private final Map<String, Key> keys = new LinkedHashMap<>();
  // each key's raw key under the grouping's fold (GroupKeys.rawKey), made when the key is first
  // seen, by the thread that reads it: the inference then only looks them up (null: not kept)
  private final GroupingMode folds;
  private final Grouping bare;
  // a key by its bytes as logged, "METHOD path" spelled as combined spells it, one cache per
  // spelling rule: a key seen again makes neither a String nor a boxed count
  private final RawKeyCache<Key> asLogged = new RawKeyCache<>(1 << 12);
  private final RawKeyCache<Key> asLoggedAsSent = new RawKeyCache<>(1 << 4);

  /** One key's count, and its raw key when kept. */
  private static final class Key {
    final String raw;
    long count;

    Key(String raw) {
      this.raw = raw;
    }
  }

  /** Keys and counts only: {@link SampledGrouping#of(GroupingMode, Map, int)} folds them itself. */
  public SampleKeys() {
    this(null);
  }

  /**
   * Keys and counts, and each key's raw key as the grouping of {@code mode} folds it: what
   * {@link SampledGrouping#of(GroupingMode, SampleKeys, int)} groups the sample by.
   */
  public SampleKeys(GroupingMode mode) {
    this.folds = mode;
    this.bare = mode == null ? null : SampledGrouping.bare(mode);
  }

  /** Fewer sampled lines than this are read by one thread: a second one would cost more. */
  static final int SPLIT_LINES = 4096;

  /** Adds the requests of {@code lines}, parsed by {@code parser}. */
  public SampleKeys add(LineParser parser, List<byte[]> lines) {
    for (byte[] line : lines) {
      parser.parse(line, 0, line.length, this);
    }
    return this;
  }

  /**
   * The same as {@link #add(LineParser, List)}, with the lines' second half read by a second
   * thread when {@code split}: the sample is read before the parallel pass, all of it on the
   * critical path. The halves' keys are added in order (the first half's, then the second's),
   * so the counts and the order first seen are the one-thread reading's.
   *
   * @param parsers a new parser per thread (a parser keeps state)
   */
  public SampleKeys add(Supplier<LineParser> parsers, List<byte[]> lines, boolean split) {
    if (!split || lines.size() < SPLIT_LINES) {
      return add(parsers.get(), lines);
    }
    int half = lines.size() / 2;
    SampleKeys second = new SampleKeys(folds);
    Throwable[] failed = new Throwable[1];
    Thread helper = new Thread(() -> {
      try {
        second.add(parsers.get(), lines.subList(half, lines.size()));
      } catch (Throwable t) { // handed to the caller's thread, which throws it
        failed[0] = t;
      }
    }, "tardy-sample-keys");
    helper.setDaemon(true);
    helper.start();
    add(parsers.get(), lines.subList(0, half));
    HelperThreads.join(helper);
    HelperThreads.rethrowFailure(failed[0]);
    second.keys.forEach((key, theirs) -> {
      Key ours = keys.get(key);
      if (ours == null) { // the raw key is a function of the key: the second thread's is as good
        keys.put(key, theirs);
      } else {
        ours.count += theirs.count;
      }
    });
    return this;
  }

  /** The keys and their counts, in the order first seen: a new map, made when asked. */
  public Map<String, Long> counts() {
    Map<String, Long> counts = new LinkedHashMap<>(Math.max(16, keys.size() * 4 / 3 + 1));
    keys.forEach((key, k) -> counts.put(key, k.count));
    return counts;
  }

  /** The fold the raw keys were made under; null when none were kept. */
  GroupingMode folds() {
    return folds;
  }

  /** The raw key of a key seen here under {@link #folds()}, or null. */
  String rawKey(String key) {
    Key k = keys.get(key);
    return k == null ? null : k.raw;
  }

  @Override
  public void request(RequestEvent e) {
    if (!e.wellFormed() || !Times.isSet(e.latencyNanos()) || e.latencyNanos() < 0) {
      return; // only what the recorder records
    }
    byte[] b = e.buf();
    int from = e.methodFrom();
    int pathTo = Ascii.indexOf(b, e.targetFrom(), e.targetTo(), (byte) '?');
    pathTo = pathTo < 0 ? e.targetTo() : pathTo;
    // the key is a function of these bytes and the spelling rule (GroupKeys.requestKey)
    boolean bytesAreKey = e.targetFrom() == e.methodTo() + 1 && b[e.methodTo()] == ' ';
    RawKeyCache<Key> cache = e.isAsSent() ? asLoggedAsSent : asLogged;
    int hash = bytesAreKey ? RawKeyCache.hash(b, from, pathTo) : 0;
    Key k = bytesAreKey ? cache.get(b, from, pathTo, hash) : null;
    if (k == null) {
      String key = GroupKeys.requestKey(e);
      k = keys.get(key);
      if (k == null) {
        k = new Key(bare == null ? null : GroupKeys.rawKey(bare, key));
        keys.put(key, k);
      }
      if (bytesAreKey) {
        cache.put(b, from, pathTo, hash, k);
      }
    }
    k.count++;
  }

  @Override
  public void pause(PauseEvent e) {}
}
