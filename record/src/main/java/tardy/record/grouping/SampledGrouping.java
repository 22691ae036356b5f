package tardy.record.grouping;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tardy.record.grouping.GroupKeys;
import tardy.record.grouping.Grouping;
import tardy.record.grouping.PathTemplates;
import tardy.events.Ascii;

/**
 * The grouping of {@code report}, decided from a {@link TrafficSample} before the parallel pass:
 * the templates (in {@link GroupingMode#INFER} mode), which groups the sample expects among its
 * heaviest (so the cap can choose among them whatever the input holds), and what the review list
 * shows for each template: distinct values and examples seen in the sample.
 */
public final class SampledGrouping implements Grouping {

  /** What the sample showed of one group: its requests, distinct paths and the commonest ones. */
  public record Seen(String group, long requests, int distinctPaths, List<String> examples) {}

  static final int EXAMPLES = 3;

  private final GroupingMode mode;
  private final Map<String, PathTree> trees; // per method; empty unless inferring
  private final Map<String, Integer> expected; // the sample's heaviest, by rank
  private final Map<String, Seen> seen;
  private final Map<String, Long> sample;
  private final Set<String> hashedNames; // file names with a {hash} in the sample
  private final byte[][] methods; // the trees' methods as bytes, for raw keys
  private final PathTree[] methodTrees;
  private final boolean parameters; // whether any tree has a parameter position to fold
  private boolean byBackend; // set once, before the grouping is handed to a recorder

  private SampledGrouping(GroupingMode mode, Map<String, PathTree> trees, Set<String> hashedNames,
      Map<String, Integer> expected, Map<String, Seen> seen, Map<String, Long> sample) {
    this.mode = mode;
    this.trees = trees;
    this.hashedNames = hashedNames;
    this.expected = expected;
    this.seen = seen;
    this.sample = sample;
    this.methods = trees.keySet().stream()
        .map(m -> m.getBytes(java.nio.charset.StandardCharsets.UTF_8)).toArray(byte[][]::new);
    this.methodTrees = trees.values().toArray(PathTree[]::new);
    this.parameters = trees.values().stream().anyMatch(PathTree::folds);
  }

  /**
   * @param requests "METHOD path" (query dropped) → requests, in the order first seen
   * @param maxExpected how many of the sample's heaviest groups to track whatever the cap
   */
  public static SampledGrouping of(GroupingMode mode, Map<String, Long> requests, int maxExpected) {
    return of(mode, requests, null, maxExpected, true);
  }

  /**
   * The same from sampled keys that kept their raw keys under {@code mode} (folded once per key
   * by the threads that read the sample). The grouping keeps the keys' map as its {@link
   * #sample()}: {@code keys} must not be added to afterwards.
   */
  public static SampledGrouping of(GroupingMode mode, SampleKeys keys, int maxExpected) {
    return of(mode, keys.counts(), mode == keys.folds() ? keys : null, maxExpected, false);
  }

  /** A grouping of {@code mode} with nothing sampled: what raw keys are folded by before inferring. */
  static SampledGrouping bare(GroupingMode mode) {
    return new SampledGrouping(mode, new TreeMap<>(), new java.util.HashSet<>(), Map.of(),
        Map.of(), Map.of());
  }

  /**
   * @param folded the keys' raw keys under {@code mode} when kept, else null
   * @param copy whether {@code requests} is the caller's and the sample must be a copy of it
   */
  private static SampledGrouping of(GroupingMode mode, Map<String, Long> requests,
      SampleKeys folded, int maxExpected, boolean copy) {
    Map<String, PathTree> trees = new TreeMap<>();
    Set<String> hashedNames = new java.util.HashSet<>();
    SampledGrouping bare = new SampledGrouping(mode, trees, hashedNames, Map.of(), Map.of(),
        Map.of());
    // the requests by the raw key the recorder looks them up by: what it folds maps alike, so
    // each raw key is normalised and placed once (a sample's ids alone are thousands of keys)
    Map<String, RawKey> rawKeys = new LinkedHashMap<>();
    for (Map.Entry<String, Long> request : requests.entrySet()) {
      String raw = folded == null ? null : folded.rawKey(request.getKey());
      if (raw == null) {
        raw = GroupKeys.rawKey(bare, request.getKey());
      }
      RawKey k = rawKeys.get(raw);
      if (k == null) {
        k = new RawKey(raw);
        rawKeys.put(raw, k);
      }
      k.add(request);
    }
    Map<String, Tally> byGroup = new LinkedHashMap<>();
    if (mode == GroupingMode.INFER) { // each key normalised and cut once: it is cold code
      List<Sampled> sampled = new ArrayList<>(rawKeys.size());
      rawKeys.values().forEach(k -> sampled.add(Sampled.of(k, k.requests)));
      for (Sampled r : sampled) {
        if (r.segments != null && r.fileName().contains(Placeholders.HASH)) {
          hashedNames.add(r.fileName());
        }
      }
      for (Sampled r : sampled) {
        if (r.segments != null) {
          bare.joinDigitHash(r.segments);
          trees.computeIfAbsent(r.method, m -> new PathTree()).add(r.segments, r.count);
        }
      }
      trees.values().forEach(PathTree::decide);
      trees.values().forEach(PathTree::index);
      for (Sampled r : sampled) {
        String group = r.method + ' ' + (r.segments == null ? r.normalized
            : bare.template(r.method, r.segments));
        byGroup.computeIfAbsent(group, g -> new Tally()).add(r.key);
      }
    } else {
      rawKeys.values().forEach(k -> {
        int space = k.key.indexOf(' ');
        String group = bare.requestGroup(k.key.substring(0, space), k.key.substring(space + 1));
        byGroup.computeIfAbsent(group, g -> new Tally()).add(k);
      });
    }
    Map<String, Seen> seen = new HashMap<>();
    byGroup.forEach((group, tally) -> seen.put(group, tally.seen(group)));
    List<String> heaviest = seen.values().stream()
        .sorted(Comparator.comparingLong(Seen::requests).reversed().thenComparing(Seen::group))
        .limit(maxExpected).map(Seen::group).toList();
    Map<String, Integer> expected = new HashMap<>();
    for (int rank = 0; rank < heaviest.size(); rank++) {
      expected.put(heaviest.get(rank), rank);
    }
    return new SampledGrouping(mode, trees, hashedNames, expected, Map.copyOf(seen),
        java.util.Collections.unmodifiableMap(copy ? new LinkedHashMap<>(requests) : requests));
  }

  /** The sampled requests of one raw key: "METHOD path" as logged, with their counts. */
  private static final class RawKey {
    final String key;
    final List<Map.Entry<String, Long>> requested = new ArrayList<>();
    long requests;

    RawKey(String key) {
      this.key = key;
    }

    void add(Map.Entry<String, Long> request) {
      requested.add(request);
      requests += request.getValue();
    }
  }

  /**
   * What the sample holds of one group: its requests, distinct paths and the commonest ones. The
   * paths are compared within their keys ("METHOD path"), cut out only for the examples kept.
   */
  private static final class Tally {
    private long requests;
    private int paths;
    private final String[] top = new String[EXAMPLES]; // the keys of the commonest, ties by path
    private final long[] topCounts = new long[EXAMPLES];

    void add(RawKey k) {
      requests += k.requests;
      paths += k.requested.size();
      for (Map.Entry<String, Long> request : k.requested) {
        long count = request.getValue();
        // most of a sample's keys are an id's few requests: below the last example, they are out
        if (top[EXAMPLES - 1] == null || count >= topCounts[EXAMPLES - 1]) {
          offer(request.getKey(), count);
        }
      }
    }

    private void offer(String key, long count) {
      int at = EXAMPLES;
      while (at > 0 && (top[at - 1] == null || count > topCounts[at - 1]
          || count == topCounts[at - 1] && comparePaths(key, top[at - 1]) < 0)) {
        at--;
      }
      if (at < EXAMPLES) {
        System.arraycopy(top, at, top, at + 1, EXAMPLES - at - 1);
        System.arraycopy(topCounts, at, topCounts, at + 1, EXAMPLES - at - 1);
        top[at] = key;
        topCounts[at] = count;
      }
    }

    Seen seen(String group) {
      return new Seen(group, requests, paths, java.util.Arrays.stream(top)
          .filter(java.util.Objects::nonNull).map(Tally::path).toList());
    }

    private static String path(String key) {
      return key.substring(key.indexOf(' ') + 1);
    }
  }

  /** The sign of {@code path(a).compareTo(path(b))}, without cutting the paths out. */
  static int comparePaths(String a, String b) {
    int i = a.indexOf(' ') + 1;
    int j = b.indexOf(' ') + 1;
    int n = Math.min(a.length() - i, b.length() - j);
    for (int k = 0; k < n; k++) {
      char x = a.charAt(i + k);
      char y = b.charAt(j + k);
      if (x != y) {
        return x - y;
      }
    }
    return (a.length() - i) - (b.length() - j);
  }

  /** A sampled request key, its path normalised and, when absolute, cut into segments. */
  private record Sampled(RawKey key, String method, String normalized, String[] segments,
      long count) {

    static Sampled of(RawKey key, long count) {
      int space = key.key.indexOf(' ');
      String normalized = PathTemplates.normalize(key.key.substring(space + 1));
      return new Sampled(key, key.key.substring(0, space), normalized,
          normalized.startsWith("/") ? fileHashed(normalized) : null, count);
    }

    String fileName() {
      return segments[segments.length - 1];
    }
  }

  /** The segments of a normalized absolute path, build hashes in its file name replaced. */
  private static String[] fileHashed(String normalized) {
    String[] segments = normalized.substring(1).split("/", -1);
    int last = segments.length - 1;
    segments[last] = Placeholders.fileHashes(segments[last]);
    return segments;
  }

  /**
   * A build hash that happened to be all digits ({@code app.{id}.js}, the id rules came first)
   * is the same file as its hashed siblings when the sample saw them ({@code app.{hash}.js}).
   */
  private void joinDigitHash(String[] segments) {
    int last = segments.length - 1;
    String hashed = segments[last].replace(PathTemplates.ID, Placeholders.HASH);
    if (!hashed.equals(segments[last]) && hashedNames.contains(hashed)) {
      segments[last] = hashed;
    }
  }

  @Override
  public String requestGroup(String method, String path) {
    return switch (mode) {
      case RAW -> method + ' ' + path;
      case IDS -> DEFAULT.requestGroup(method, path);
      case INFER -> method + ' ' + template(method, PathTemplates.normalize(path));
    };
  }

  private String template(String method, String normalized) {
    if (!normalized.startsWith("/")) {
      return normalized;
    }
    String[] segments = fileHashed(normalized);
    joinDigitHash(segments);
    return template(method, segments);
  }

  private String template(String method, String[] segments) {
    PathTree tree = trees.get(method);
    return tree != null ? tree.template(segments) : "/" + String.join("/", segments);
  }

  @Override
  public String pauseGroup(String kind) {
    return kind;
  }

  @Override
  public boolean expected(String group) {
    return expected.containsKey(byBackend ? Backends.operation(group) : group);
  }

  @Override
  public int sampleRank(String group) {
    return expected.getOrDefault(byBackend ? Backends.operation(group) : group, Integer.MAX_VALUE);
  }

  /**
   * This grouping with each request's operation named per backend ({@link Backends}); the
   * sample's ranks are the operations', whatever their backend.
   */
  public SampledGrouping perBackend() {
    SampledGrouping g = new SampledGrouping(mode, trees, hashedNames, expected, seen, sample);
    g.byBackend = true;
    return g;
  }

  @Override
  public boolean byBackend() {
    return byBackend;
  }

  @Override
  public boolean foldsIds() {
    return mode != GroupingMode.RAW;
  }

  /**
   * Inferred templates replace every build hash in a file name and every value at a parameter
   * position: one raw key for all builds and all values. {@code b[0, from - 1)} is the method.
   */
  @Override
  public int foldRawPath(byte[] b, int from, int to) {
    if (mode != GroupingMode.INFER) {
      return to;
    }
    int end = Placeholders.rawPathFileHashes(b, from, to);
    return parameters ? foldParameters(b, from, end) : end;
  }

  /** {@link PathTree#foldRaw} on the method's tree, where it may fold something. */
  private int foldParameters(byte[] b, int from, int to) {
    PathTree tree = treeOf(b, 0, from - 1);
    if (tree == null || !tree.folds() || to == from || b[from] != '/'
        || Ascii.indexOf(b, from, Math.min(to, from + 10), SCHEME_END) >= 0) {
      return to; // normalize strips a scheme and host that start in the first eight bytes
    }
    return tree.foldRaw(b, from, to);
  }

  private static final byte[] SCHEME_END = Ascii.bytes("://");

  private PathTree treeOf(byte[] b, int from, int to) {
    for (int i = 0; i < methods.length; i++) {
      if (java.util.Arrays.equals(methods[i], 0, methods[i].length, b, from, to)) {
        return methodTrees[i];
      }
    }
    return null;
  }

  public GroupingMode mode() {
    return mode;
  }

  /** The sampled requests, "METHOD path" → count, in the order first seen. */
  public Map<String, Long> sample() {
    return sample;
  }

  /** What the sample showed of a group; empty when the sample never saw it. */
  public java.util.Optional<Seen> seen(String group) {
    return java.util.Optional.ofNullable(seen.get(group));
  }
}
