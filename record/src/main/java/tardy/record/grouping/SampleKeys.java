package tardy.record.grouping;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * The requests of sampled lines as "METHOD path" (query dropped, spelled as the recorder keys
 * them) with their counts, in the order first seen: what the grouping is decided from.
 */
public final class SampleKeys implements EventSink {

  private final Map<String, Long> counts = new LinkedHashMap<>();
  // each key's raw key under the grouping's fold (GroupKeys.rawKey), made when the key is first
  // seen, by the thread that reads it: the inference then only looks them up (null: not kept)
  private final GroupingMode folds;
  private final Grouping bare;
  private final Map<String, String> rawKeys;

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
    this.rawKeys = mode == null ? null : new java.util.HashMap<>();
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
    boolean interrupted = false;
    while (true) {
      try {
        helper.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (failed[0] instanceof RuntimeException e) {
      throw e;
    }
    if (failed[0] instanceof Error e) {
      throw e;
    }
    second.counts.forEach((key, n) -> counts.merge(key, n, Long::sum));
    if (rawKeys != null) {
      second.rawKeys.forEach(rawKeys::putIfAbsent);
    }
    return this;
  }

  public Map<String, Long> counts() {
    return counts;
  }

  /** The fold the raw keys were made under; null when none were kept. */
  GroupingMode folds() {
    return folds;
  }

  /** The raw key of a key seen here under {@link #folds()}, or null. */
  String rawKey(String key) {
    return rawKeys == null ? null : rawKeys.get(key);
  }

  @Override
  public void request(RequestEvent e) {
    if (!e.wellFormed() || !Times.isSet(e.latencyNanos()) || e.latencyNanos() < 0) {
      return; // only what the recorder records
    }
    String key = GroupKeys.requestKey(e);
    if (counts.merge(key, 1L, Long::sum) == 1L && rawKeys != null) {
      rawKeys.put(key, GroupKeys.rawKey(bare, key));
    }
  }

  @Override
  public void pause(PauseEvent e) {}
}
