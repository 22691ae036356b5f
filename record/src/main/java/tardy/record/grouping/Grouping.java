package tardy.record.grouping;

/**
 * Names the group an event belongs to. Called once per distinct raw path or pause kind; the
 * recorder caches the answers, so an implementation may take its time.
 */
public interface Grouping {

  /** The group of requests that are not {@code METHOD target [PROTOCOL]}. */
  String INVALID_REQUEST = "(invalid request)";

  /** The group of pauses whose log names no VM operation (JDK 8 stopped-time lines). */
  String UNNAMED_PAUSE = "(unnamed)";

  /**
   * @param method the method as logged, e.g. {@code GET}
   * @param path the target as logged (nginx escapes included) with the query string dropped
   */
  String requestGroup(String method, String path);

  /**
   * @param kind the VM operation or GC cause as logged, or {@link #UNNAMED_PAUSE} when the log
   *     names none
   */
  String pauseGroup(String kind);

  /**
   * Whether a group must be kept whatever the cap on groups: a requirement's group may not
   * disappear into {@code (other)}, or a failing budget could pass unseen.
   */
  default boolean pinned(String group) {
    return false;
  }

  /**
   * Whether a sample of the input, taken before the parallel pass, found this group among its
   * heaviest: such groups are always recorded on their own, so the cap can still choose among
   * them when the input has more groups than memory allows to track.
   */
  default boolean expected(String group) {
    return false;
  }

  /**
   * The group's place among the sample's heaviest (0: the heaviest; ties by name), or {@link
   * Integer#MAX_VALUE} when the sample did not rank it: decided before the parallel pass, so
   * what it chooses (whose --interval histograms are kept when not all fit) is the same whatever
   * the threads.
   */
  default int sampleRank(String group) {
    return Integer.MAX_VALUE;
  }

  /**
   * Whether two paths that differ only in a standalone digit run or UUID always land in the same
   * group, so raw keys may be folded before the cache (see {@link GroupKeys}).
   */
  default boolean foldsIds() {
    return false;
  }

  /**
   * Folds, in place, more of a raw path whose ids are folded already (only asked when {@link
   * #foldsIds}): whatever this grouping surely maps to the same group as the path as it was, so
   * paths that differ only there share one raw key (build hashes in file names, for one).
   *
   * @return the new end of the path in {@code b}; {@code to} when nothing was folded
   */
  default int foldRawPath(byte[] b, int from, int to) {
    return to;
  }

  /**
   * The service-level objective that judges each request of this group, counted per minute
   * ({@link tardy.record.objective.ObjectiveCounts}); null when the group has none.
   */
  default tardy.record.objective.Objective objective(String group) {
    return null;
  }

  /**
   * Whether a request's group is named per backend ({@link Backends}): the same operation sent to
   * two backends of a proxy is two groups.
   */
  default boolean byBackend() {
    return false;
  }

  /** Whether any group has an objective: without, requests are not counted per minute. */
  default boolean hasObjectives() {
    return false;
  }

  /** The default: id-like path segments folded into placeholders, pause kinds as logged. */
  Grouping DEFAULT =
      new Grouping() {
        @Override
        public String requestGroup(String method, String path) {
          return method + ' ' + PathTemplates.normalize(path);
        }

        @Override
        public String pauseGroup(String kind) {
          return kind;
        }

        @Override
        public boolean foldsIds() {
          return true;
        }
      };
}
