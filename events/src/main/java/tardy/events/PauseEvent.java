package tardy.events;

/**
 * One pause from a JVM log: a safepoint, a GC pause or one thread's stall ({@link #family}). A parser reuses one instance for every line
 * ({@link #reset}); sinks must copy what they keep.
 *
 * <p>The kind is the VM operation or GC cause the log names, as a byte range (empty when the log
 * names none). Durations are nanoseconds; the time to safepoint is {@link Times#NONE} when the log
 * does not give it. Both clocks are kept when the log has both: wall time (epoch milliseconds)
 * and JVM uptime (milliseconds), each {@link Times#NONE} when absent. The line's time is when the
 * pause ended (the JVM prints a safepoint, a UL GC pause and a JDK 8 stopped-time line after the
 * pause), unless the parser says it is when the pause began (a JDK 8 {@code [GC} datestamp).
 */
public final class PauseEvent {

  /** {@link #trouble}: the collector failed to evacuate (G1 to-space exhausted, on its own line). */
  public static final int EVACUATION_FAILED = 1;
  /** {@link #trouble}: a young collection could not promote (CMS and ParNew {@code promotion failed}). */
  public static final int PROMOTION_FAILED = 2;
  /** {@link #trouble}: CMS lost the race with the allocations ({@code concurrent mode failure}). */
  public static final int CONCURRENT_MODE_FAILURE = 4;

  private byte[] kindBuf = new byte[0];
  private int kindFrom;
  private int kindTo;
  private int kindHash;
  private boolean kindHashed; // whether kindHash is the current kind's
  private long totalNanos;
  private long timeToSafepointNanos;
  private long wallMillis;
  private long uptimeMillis;
  private long line;
  private Family family;
  private long userNanos;
  private long sysNanos;
  private long realNanos;
  private long heapBeforeBytes;
  private long heapAfterBytes;
  private long heapCapacityBytes;
  private long youngBeforeBytes;
  private long youngAfterBytes;
  private long oldBeforeBytes;
  private long oldAfterBytes;
  private long metaspaceAfterBytes;
  private boolean generationsInRegions;
  private long regionBytes;
  private boolean stampedAtStart;
  private int trouble;
  private byte[] hostBuf = new byte[0];
  private int hostFrom;
  private int hostTo;

  /** Clears every field; the family becomes {@link Family#SAFEPOINT}. */
  public PauseEvent reset() {
    stampedAtStart = false;
    trouble = 0;
    hostFrom = hostTo = 0;
    kindFrom = kindTo = 0;
    kindHashed = false;
    family = Family.SAFEPOINT;
    userNanos = sysNanos = realNanos = Times.NONE;
    heapBeforeBytes = heapAfterBytes = heapCapacityBytes = Times.NONE;
    youngBeforeBytes = youngAfterBytes = oldBeforeBytes = oldAfterBytes = Times.NONE;
    metaspaceAfterBytes = Times.NONE;
    generationsInRegions = false;
    regionBytes = Times.NONE;
    totalNanos = Times.NONE;
    timeToSafepointNanos = Times.NONE;
    wallMillis = Times.NONE;
    uptimeMillis = Times.NONE;
    line = Times.NONE;
    return this;
  }

  public PauseEvent kind(byte[] buf, int from, int to) {
    this.kindBuf = buf;
    this.kindFrom = from;
    this.kindTo = to;
    this.kindHashed = false;
    return this;
  }

  /**
   * The pause's duration: for a safepoint, the whole time application threads were stopped,
   * reaching the safepoint included; for a GC pause, the time the collector logs.
   */
  public PauseEvent totalNanos(long nanos) {
    this.totalNanos = nanos;
    return this;
  }

  public PauseEvent timeToSafepointNanos(long nanos) {
    this.timeToSafepointNanos = nanos;
    return this;
  }

  public PauseEvent wallMillis(long epochMillis) {
    this.wallMillis = epochMillis;
    return this;
  }

  public PauseEvent uptimeMillis(long millis) {
    this.uptimeMillis = millis;
    return this;
  }

  /** A safepoint, a GC pause or a stall: never one of {@link Family#REQUEST}. */
  public PauseEvent family(Family family) {
    if (!family.isPause()) {
      throw new IllegalArgumentException("a pause cannot be a request");
    }
    this.family = family;
    return this;
  }

  /** The CPU the collector's threads used in user and system mode, and the wall time it logged. */
  public PauseEvent cpuNanos(long user, long sys, long real) {
    this.userNanos = user;
    this.sysNanos = sys;
    this.realNanos = real;
    return this;
  }

  /** The heap used before and after a GC pause and its capacity after it, in bytes. */
  public PauseEvent heapBytes(long before, long after, long capacity) {
    this.heapBeforeBytes = before;
    this.heapAfterBytes = after;
    this.heapCapacityBytes = capacity;
    return this;
  }

  /**
   * The young generation (eden and survivors) and the old one used before and after a GC pause,
   * in bytes, each {@link Times#NONE} when the log does not give it.
   */
  public PauseEvent generationBytes(long youngBefore, long youngAfter, long oldBefore,
      long oldAfter) {
    this.youngBeforeBytes = youngBefore;
    this.youngAfterBytes = youngAfter;
    this.oldBeforeBytes = oldBefore;
    this.oldAfterBytes = oldAfter;
    return this;
  }

  /** The metaspace used after a GC pause, in bytes ({@link Times#NONE}: not logged). */
  public PauseEvent metaspaceAfterBytes(long bytes) {
    this.metaspaceAfterBytes = bytes;
    return this;
  }

  /**
   * Whether the generations are G1 region counts, not bytes: the log's region size had not been
   * read yet (it is in a part of the log read apart); {@link #regionBytes} when it had.
   */
  public PauseEvent generationsInRegions(boolean inRegions) {
    this.generationsInRegions = inRegions;
    return this;
  }

  /** The G1 region size the log gave before this pause, in bytes ({@link Times#NONE}: none). */
  public PauseEvent regionBytes(long bytes) {
    this.regionBytes = bytes;
    return this;
  }

  public boolean generationsInRegions() {
    return generationsInRegions;
  }

  public long regionBytes() {
    return regionBytes;
  }

  public long youngBeforeBytes() {
    return youngBeforeBytes;
  }

  public long youngAfterBytes() {
    return youngAfterBytes;
  }

  public long oldBeforeBytes() {
    return oldBeforeBytes;
  }

  public long oldAfterBytes() {
    return oldAfterBytes;
  }

  public long metaspaceAfterBytes() {
    return metaspaceAfterBytes;
  }

  public Family family() {
    return family;
  }

  /** CPU in user mode ({@code [Times: user=}, UL {@code User=}), {@link Times#NONE} if not logged. */
  public long userNanos() {
    return userNanos;
  }

  public long sysNanos() {
    return sysNanos;
  }

  public long realNanos() {
    return realNanos;
  }

  public long heapBeforeBytes() {
    return heapBeforeBytes;
  }

  public long heapAfterBytes() {
    return heapAfterBytes;
  }

  public long heapCapacityBytes() {
    return heapCapacityBytes;
  }

  /**
   * The number of the line the pause was read from, set when a parser hands the pause on from a
   * later line (the CPU times printed after it); {@link Times#NONE}: the line being read.
   */
  public PauseEvent line(long number) {
    this.line = number;
    return this;
  }

  public long line() {
    return line;
  }

  /** The line's time is when the pause began, not when it ended. */
  public PauseEvent stampedAtStart(boolean atStart) {
    this.stampedAtStart = atStart;
    return this;
  }

  public boolean stampedAtStart() {
    return stampedAtStart;
  }

  /**
   * Adds what the log says of the collector's trouble in this pause outside its kind ({@link
   * #EVACUATION_FAILED}, {@link #PROMOTION_FAILED}, {@link #CONCURRENT_MODE_FAILURE}).
   */
  public PauseEvent trouble(int flags) {
    this.trouble |= flags;
    return this;
  }

  /** The trouble flags the log gives outside the kind; 0 when none. */
  public int trouble() {
    return trouble;
  }

  /**
   * The host whose JVM paused, {@code buf[from, to)}: the syslog header's HOSTNAME of the line the
   * pause was read from, so that one collector's file of many JVMs gives each host's pauses.
   */
  public PauseEvent host(byte[] buf, int from, int to) {
    this.hostBuf = buf;
    this.hostFrom = from;
    this.hostTo = to;
    return this;
  }

  /** Whether the pause's line named its host ({@link #host(byte[], int, int)}). */
  public boolean hasHost() {
    return hostTo > hostFrom;
  }

  public byte[] hostBuf() {
    return hostBuf;
  }

  public int hostFrom() {
    return hostFrom;
  }

  public int hostTo() {
    return hostTo;
  }

  public byte[] kindBuf() {
    return kindBuf;
  }

  public int kindFrom() {
    return kindFrom;
  }

  public int kindTo() {
    return kindTo;
  }

  /** {@link Ascii#hash} of the kind, worked out once however many sinks ask. */
  public int kindHash() {
    if (!kindHashed) {
      kindHash = Ascii.hash(kindBuf, kindFrom, kindTo);
      kindHashed = true;
    }
    return kindHash;
  }

  public boolean hasKind() {
    return kindTo > kindFrom;
  }

  public long totalNanos() {
    return totalNanos;
  }

  public long timeToSafepointNanos() {
    return timeToSafepointNanos;
  }

  public long wallMillis() {
    return wallMillis;
  }

  public long uptimeMillis() {
    return uptimeMillis;
  }
}
