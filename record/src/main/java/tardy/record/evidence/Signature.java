package tardy.record.evidence;

/**
 * A likely cause of pauses and how it shows in a JVM log, or of slow or abandoned requests and
 * how it shows in an access log. Each says what evidence it needs (its
 * threshold, as the user reads it) and what to consider, worded as a hypothesis: the log shows the
 * symptom, not the cause.
 */
public enum Signature {

  TIME_TO_SAFEPOINT("time-to-safepoint", "Time to safepoint dominates",
      "reaching the safepoint took at least " + Thresholds.TTSP_MIN_MS
          + " ms and longer than everything after it",
      "threads were slow to stop: a long counted loop without a safepoint poll (JIT), page faults"
          + " or a thread in native code may be delaying the safepoint; -Xlog:safepoint*=debug"
          + " (JDK 17+: -XX:+SafepointTimeout) names the threads"),

  KERNEL_TIME("kernel-time", "Kernel time, not GC work",
      "sys CPU above user CPU and at least " + Thresholds.SYS_MIN_MS + " ms",
      "the collector waited on the kernel: page faults on heap touched for the first time,"
          + " transparent huge pages being assembled or swapping; consider -XX:+AlwaysPreTouch,"
          + " THP set to madvise, and check swap use"),

  WALL_WITHOUT_CPU("wall-without-cpu", "Wall time with no CPU behind it",
      "real at least " + Thresholds.NO_CPU_RATIO + " x (user + sys) and longer by at least "
          + Thresholds.NO_CPU_MIN_MS + " ms",
      "the JVM was not running during the pause: CPU starvation by other processes, container"
          + " CPU throttling, or I/O stalls (hsperfdata writes on a busy disk: consider"
          + " -XX:+PerfDisableSharedMem or a tmpfs for /tmp)"),

  NON_GC_SAFEPOINTS("non-gc-safepoints", "Safepoints that are not GC",
      "VM operations that are not collections hold at least " + Thresholds.NON_GC_MIN_PERCENT
          + "% of the stopped time",
      "something outside the collector stops the JVM: thread dumps or sampling profilers"
          + " (ThreadDump, FindDeadlocks), biased-lock revocation (-XX:-UseBiasedLocking on"
          + " JDK 8-14), deoptimization, inline-cache or cleanup safepoints"),

  EVACUATION_FAILURE("evacuation-failure", "Collector in trouble: evacuation failure",
      "G1 pauses marked to-space exhausted / evacuation failure",
      "live objects did not fit where G1 copies them: the heap may be too small for the live set,"
          + " or -XX:G1ReservePercent / an earlier concurrent start may help"),

  HUMONGOUS_ALLOCATION("humongous-allocation", "Collector in trouble: humongous allocations",
      "G1 pauses caused by humongous allocations",
      "objects of half a G1 region or more are allocated often: a larger -XX:G1HeapRegionSize or"
          + " smaller arrays/buffers may avoid these pauses"),

  CONCURRENT_FAILURE("concurrent-failure", "Collector in trouble: concurrent collection lost",
      "CMS concurrent mode failure or promotion failed, Shenandoah degenerated GC",
      "the concurrent collector fell behind the allocation rate and stopped the world: more heap,"
          + " an earlier start of the concurrent cycle or a lower allocation rate may help"),

  FULL_GC("full-gc", "Collector in trouble: full collections",
      "full collections, by the cause the log gives",
      "a full collection stops everything; its cause says what to look at (System.gc():"
          + " -XX:+DisableExplicitGC or find the caller; Metadata GC Threshold: -XX:MetaspaceSize;"
          + " Allocation Failure / Ergonomics: the old generation fills up)"),

  ALLOCATION_STALL("allocation-stall", "Collector in trouble: allocation stalls",
      "threads stalled waiting for memory (ZGC Allocation Stall; a stall of one thread, not a"
          + " pause)",
      "ZGC could not free memory as fast as it was allocated: more heap (-Xmx, or"
          + " -XX:SoftMaxHeapSize lower than it) or more concurrent GC threads may help"),

  LIVE_SET_GROWTH("live-set-growth", "Live set grows (a leak?)",
      "the heap after full collections (after full and mixed ones when a run has fewer than "
          + Thresholds.LIVE_SET_MIN_COLLECTIONS + " full) rises, by a line through them, by at"
          + " least " + Thresholds.LIVE_SET_GROWTH_PERCENT + "% of where it starts and "
          + Thresholds.LIVE_SET_CAPACITY_PERCENT + "% of the heap's capacity, over at least "
          + Thresholds.LIVE_SET_MIN_COLLECTIONS + " collections",
      "objects stay reachable that should not (a leak), or the load or a cache grows: compare two"
          + " class histograms (jcmd PID GC.class_histogram) or heap dumps taken apart in time;"
          + " the old generation filling up is what brings the full collections"),

  LOW_THROUGHPUT("low-throughput", "Low throughput",
      "GC pauses stopped a run of at least a minute more than "
          + (100 - Thresholds.THROUGHPUT_MIN_PERCENT) + "% of its time (throughput under "
          + Thresholds.THROUGHPUT_MIN_PERCENT + "%)",
      "the collector runs too often or too long for this allocation rate: a larger heap or young"
          + " generation collects less often, a lower allocation rate means less work; the pause"
          + " kinds above say which collections cost most"),

  ALLOCATION_BEFORE_LONG_PAUSES("allocation-before-long-pauses",
      "Allocation before the long pauses",
      "a run has GC pauses of " + Thresholds.LONG_PAUSE_MS + " ms or more ("
          + Thresholds.PAUSELESS_LONG_PAUSE_MS + " ms for ZGC and Shenandoah, JIFA's defaults;"
          + " 'heap: thresholds:' in the requirements changes them) and the log gives the"
          + " allocation rate in the minute before them",
      "an allocation spike fills the young generation (or the heap) faster than the collector"
          + " keeps up: compare the rate before the long pauses with the run's average; a higher"
          + " one points at what the application did then (a batch, a cache load, large"
          + " responses), a similar one at the heap's sizing"),

  STOPPED_SHARE("stopped-share", "Stopped share per minute",
      "in its worst minute the application stood still at least " + Thresholds.MINUTE_MIN_PERCENT
          + "% of the time",
      "pauses cluster in time: read the other findings for that minute, and the GC log around it"),

  TIME_OUTSIDE_BACKEND("time-outside-backend", "Request time outside the backend",
      "an operation's p99 request time is at least " + Thresholds.OUTSIDE_RATIO
          + " x its p99 upstream time and above it by at least " + Thresholds.OUTSIDE_MIN_MS
          + " ms, over at least " + Thresholds.OUTSIDE_MIN_REQUESTS + " requests with an upstream"
          + " time (" + Thresholds.OUTSIDE_MIN_COVER_PERCENT + "% of its requests or more)",
      "the slow requests spend their time in nginx or the network, not in the backend: slow"
          + " clients or large responses over a slow network (request_time runs until the last"
          + " byte is sent), request bodies buffered before the backend sees them, or requests"
          + " queued in nginx; compare response sizes, $upstream_connect_time and"
          + " $upstream_header_time"),

  CLIENTS_GAVE_UP("client-closed", "Clients giving up (499)",
      "at least " + Thresholds.GAVE_UP_MIN_COUNT + " of an operation's requests and "
          + Thresholds.GAVE_UP_MIN_PERCENT + "% of them were given up by their client (nginx's"
          + " 499, HAProxy's C and c states, Envoy's DC: the client closed the connection first);"
          + " a cluster when " + Thresholds.CLUSTER_MIN_PERCENT + "% of those"
          + " waited within 10% of one another, " + Thresholds.CLUSTER_MIN_MS + " ms or more",
      "clients or a proxy in front closed the connection before the answer: a timeout"
          + " where the waits cluster (client, load balancer or proxy in front), or users leaving"
          + " slow pages; the backend may still have done the work");

  private final String id;
  private final String title;
  private final String threshold;
  private final String remedy;

  Signature(String id, String title, String threshold, String remedy) {
    this.id = id;
    this.title = title;
    this.threshold = threshold;
    this.remedy = remedy;
  }

  /** Whether it is read from the heap and throughput of a JVM run rather than from pauses one by one. */
  public boolean aboutHeap() {
    return this == LIVE_SET_GROWTH || this == LOW_THROUGHPUT
        || this == ALLOCATION_BEFORE_LONG_PAUSES;
  }

  /** Whether its events stop the application (a stall stops one thread: no stopped time). */
  public boolean stopsTheWorld() {
    return this != ALLOCATION_STALL && !aboutRequests();
  }

  /** Whether it is read from an access log's requests rather than from pauses. */
  public boolean aboutRequests() {
    return this == TIME_OUTSIDE_BACKEND || this == CLIENTS_GAVE_UP;
  }

  /** The stable name in JSON. */
  public String id() {
    return id;
  }

  public String title() {
    return title;
  }

  /** The evidence a pause must show to count, as the user reads it. */
  public String threshold() {
    return threshold;
  }

  /** What to consider, worded as a hypothesis. */
  public String remedy() {
    return remedy;
  }
}
