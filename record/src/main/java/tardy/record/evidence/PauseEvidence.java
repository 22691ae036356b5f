package tardy.record.evidence;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import tardy.events.KindWords;
import tardy.record.grouping.RawKeyCache;
import tardy.events.Ascii;
import tardy.events.Family;
import tardy.events.LinePosition;
import tardy.events.PauseEvent;
import tardy.events.Times;

/**
 * Gathers, pause by pause, the evidence the findings need: per signature the matching pauses and
 * the worst few, the stopped time per minute, and the stopped time of non-GC VM operations. It
 * reads the reused event without allocating unless a pause becomes one of the worst few, and its
 * size is bounded whatever the log's size. Results of consecutive parts add up exactly.
 */
public final class PauseEvidence {

  /** The distinct subjects kept per signature (full-GC causes, non-GC operations). */
  static final int MAX_SUBJECTS = 32;

  /** The longest kind kept, in bytes. */
  static final int MAX_KIND_BYTES = 200;

  private static final long MILLI = 1_000_000;
  private static final byte[][] GC_OPERATIONS = Ascii.eachBytes("G1", "Gen", "Parallel", "Serial",
      "Z", "Shenandoah", "CMS", "CollectFor", "GC (", "GC pause", "GC remark", "GC cleanup",
      "Full GC", "Pause ", "y: Pause", "Y: Pause", "o: Pause", "O: Pause");
  /**
   * The kind a JDK 6-8 stopped-time line takes from a GC event printed inside its safepoint
   * when the event names no cause ({@code [GC [ParNew: …}, {@code [GC-- [PSYoungGen: …}): a GC.
   */
  private static final byte[] BARE_GC = Ascii.bytes("GC");
  private static final byte[][] CONCURRENT_FAILURE = Ascii.eachBytes("concurrent mode failure",
      "promotion failed", "Degenerated");
  private static final byte[][] FULL = Ascii.eachBytes("Pause Full", "Full GC");

  private static final LinePosition NOWHERE = new LinePosition() {
    @Override
    public long line() {
      return 1;
    }

    @Override
    public boolean startOfInput() {
      return true;
    }
  };

  private LinePosition position = NOWHERE;
  private int inputs; // the inputs this evidence covers (0: none read); instances count from 0
  private boolean startOfInput = true; // whether the first part starts its input
  private long lastInputLines = -1; // once parts were added: the lines of the last input so far
  private final List<Evidence> evidence = new ArrayList<>();
  private final List<Evidence> nonGcOperations = new ArrayList<>();
  private final MinuteShare safepointMinutes = new MinuteShare();
  private final MinuteShare gcMinutes = new MinuteShare();
  private long safepointNanos;
  private long gcNanos;
  private final RawKeyCache<KindFacts> kinds = new RawKeyCache<>();
  private final Evidence[] plain = new Evidence[Signature.values().length]; // subject ""
  private final SysShares sysShares = new SysShares(); // kernel time, decided in analysis

  /** Where the reader is, for the line numbers of kept pauses. */
  public void reading(LinePosition position) {
    this.position = position;
    this.startOfInput = position.startOfInput();
    this.inputs = 1;
  }

  /**
   * Looks at one pause; its total is known to be set and not negative. Safepoints and GC pauses
   * are kept apart (a log may hold both, the GC pause inside its safepoint); a stall stops one
   * thread, so it is evidence but not stopped time.
   */
  public void pause(PauseEvent e) {
    long nanos = e.totalNanos();
    Family family = e.family();
    if (family == Family.STALL) {
      offer(Signature.ALLOCATION_STALL, e);
      return;
    }
    boolean safepoint = family == Family.SAFEPOINT;
    boolean wall = Times.isSet(e.wallMillis());
    long time = wall ? e.wallMillis() : e.uptimeMillis();
    if (safepoint) {
      safepointNanos += nanos;
      if (Times.isSet(time)) {
        safepointMinutes.record(time, wall, nanos);
      }
      safepoint(e);
    } else {
      gcNanos += nanos;
      if (Times.isSet(time)) {
        gcMinutes.record(time, wall, nanos);
      }
      cpu(e);
      collector(e);
    }
  }

  private void safepoint(PauseEvent e) {
    long nanos = e.totalNanos();
    long ttsp = e.timeToSafepointNanos();
    if (Times.isSet(ttsp) && ttsp >= Thresholds.TTSP_MIN_MS * MILLI && ttsp > nanos - ttsp) {
      offer(Signature.TIME_TO_SAFEPOINT, e);
    }
    if (e.kindFrom() < e.kindTo()) {
      KindFacts kind = facts(e);
      if (!kind.gcOperation) {
        offer(Signature.NON_GC_SAFEPOINTS, e);
        if (kind.nonGcOperation == null) {
          kind.nonGcOperation = subject(nonGcOperations, Signature.NON_GC_SAFEPOINTS,
              e.kindBuf(), e.kindFrom(), e.kindTo());
        }
        kind.nonGcOperation.count(nanos);
      }
    }
  }

  /** The CPU the log gives for a GC pause: kernel time, or wall time with no CPU behind it. */
  private void cpu(PauseEvent e) {
    long user = e.userNanos();
    long sys = e.sysNanos();
    long real = e.realNanos();
    if (!Times.isSet(user) || !Times.isSet(sys) || !Times.isSet(real)) {
      return;
    }
    long cpu = user + sys;
    if (sys >= Thresholds.SYS_MIN_MS * MILLI) { // the share of sys that counts is analysis's
      offer(sysShares.at(SysShares.bucket(user, sys)), e);
    }
    if (real >= Thresholds.NO_CPU_RATIO * cpu && real - cpu >= Thresholds.NO_CPU_MIN_MS * MILLI) {
      offer(Signature.WALL_WITHOUT_CPU, e);
    }
  }

  /** What the pause kind says of a collector in trouble. */
  private void collector(PauseEvent e) {
    KindFacts kind = facts(e);
    int trouble = e.trouble(); // what the log says beside the kind: a line of its own, the event's text
    if (kind.evacuationFailure || (trouble & PauseEvent.EVACUATION_FAILED) != 0) {
      offer(Signature.EVACUATION_FAILURE, e);
    } else if (kind.humongous) {
      offer(Signature.HUMONGOUS_ALLOCATION, e);
    }
    if (kind.concurrentFailure
        || (trouble & (PauseEvent.PROMOTION_FAILED | PauseEvent.CONCURRENT_MODE_FAILURE)) != 0) {
      offer(Signature.CONCURRENT_FAILURE, e);
    } else if (kind.full) {
      if (kind.fullCause == null) {
        kind.fullCause = subject(evidence, Signature.FULL_GC, e.kindBuf(), e.kindFrom(), e.kindTo());
      }
      offer(kind.fullCause, e);
    }
  }

  /** What the pause's kind says, worked out once per distinct kind: kinds repeat, pauses are many. */
  private KindFacts facts(PauseEvent e) {
    byte[] b = e.kindBuf();
    int from = e.kindFrom();
    int to = e.kindTo();
    int hash = e.kindHash();
    KindFacts kind = kinds.get(b, from, to, hash);
    return kind != null ? kind : learn(b, from, to, hash);
  }

  /**
   * Works out a kind met for the first time: a few times per log, so kept out of the compiled
   * per-pause path.
   */
  private KindFacts learn(byte[] b, int from, int to, int hash) {
    KindFacts kind = new KindFacts(b, from, to);
    kinds.put(b, from, to, hash, kind);
    return kind;
  }

  /** The facts of one pause kind, and the evidence of its subject once found. */
  private static final class KindFacts {
    final boolean gcOperation;
    final boolean evacuationFailure;
    final boolean humongous;
    final boolean concurrentFailure;
    final boolean full;
    Evidence nonGcOperation; // null until a safepoint of this kind counted as non-GC
    Evidence fullCause; // null until a full collection of this kind was offered

    KindFacts(byte[] b, int from, int to) {
      gcOperation = startsWithAny(b, from, to, GC_OPERATIONS) || Ascii.equals(b, from, to, BARE_GC);
      evacuationFailure = KindWords.evacuationFailure(b, from, to);
      humongous = KindWords.humongous(b, from, to);
      concurrentFailure = Ascii.containsAny(b, from, to, CONCURRENT_FAILURE);
      full = startsWithAny(b, from, to, FULL);
    }
  }

  /** Counts the pause under the signature, which has no subject, and keeps it if among the worst. */
  private void offer(Signature signature, PauseEvent e) {
    Evidence ev = plain[signature.ordinal()];
    if (ev == null) {
      ev = plain[signature.ordinal()] = evidence(signature, "");
    }
    offer(ev, e);
  }

  /** Counts the pause under the evidence and keeps it if it is among the worst. */
  private void offer(Evidence ev, PauseEvent e) {
    ev.count(e.totalNanos());
    long line = Times.isSet(e.line()) ? e.line() : position.line();
    if (ev.keeps(e.totalNanos(), 0, line)) {
      keep(ev, e, line);
    }
  }

  /**
   * Keeps the pause among the worst of its evidence: rare once the worst few are known, so the
   * copy it makes is compiled apart from the per-pause path.
   */
  private static void keep(Evidence ev, PauseEvent e, long line) {
    boolean wall = Times.isSet(e.wallMillis());
    ev.keep(new Instance(0, line, wall ? e.wallMillis() : e.uptimeMillis(), wall,
        e.totalNanos(), text(e.kindBuf(), e.kindFrom(), e.kindTo()),
        e.timeToSafepointNanos(), e.userNanos(), e.sysNanos(), e.realNanos()));
  }

  private Evidence evidence(Signature signature, String subject) {
    for (Evidence ev : evidence) {
      if (ev.signature() == signature && ev.subject().equals(subject)) {
        return ev;
      }
    }
    Evidence ev = new Evidence(signature, subject);
    evidence.add(ev);
    return ev;
  }

  /** The evidence of that subject; past {@value #MAX_SUBJECTS} of a signature, "(other)". */
  private static Evidence subject(List<Evidence> in, Signature signature, byte[] b, int from,
      int to) {
    int seen = 0;
    for (Evidence ev : in) {
      if (ev.signature() == signature) {
        seen++;
        if (Ascii.equals(b, from, to, ev.subjectBytes())) {
          return ev;
        }
      }
    }
    String name = seen < MAX_SUBJECTS ? text(b, from, to) : "(other)";
    for (Evidence ev : in) {
      if (ev.signature() == signature && ev.subject().equals(name)) {
        return ev;
      }
    }
    Evidence ev = new Evidence(signature, name);
    in.add(ev);
    return ev;
  }

  /**
   * Adds what a later part of the log gathered. When the later part starts in the middle of an
   * input, it continues this one's last input: its first input's lines are shifted by the lines
   * read of it here; otherwise its inputs come after this one's.
   */
  public void addLater(PauseEvidence later) {
    if (later.inputs == 0 && later.holdsNothing()) { // read nothing: moves no input nor line
      return;
    }
    if (inputs == 0) { // nothing read here: the later part's places stand as they are
      startOfInput = later.startOfInput;
    }
    boolean continuesLastInput = inputs > 0 && !later.startOfInput;
    int inputShift = continuesLastInput ? inputs - 1 : inputs;
    long lineShift = continuesLastInput ? lastInputLines() : 0;
    for (Evidence theirs : later.evidence) {
      evidence(theirs.signature(), theirs.subject()).addLater(theirs, inputShift, lineShift);
    }
    for (Evidence theirs : later.nonGcOperations) {
      byte[] name = theirs.subjectBytes();
      subject(nonGcOperations, theirs.signature(), name, 0, name.length)
          .addLater(theirs, inputShift, lineShift);
    }
    sysShares.addLater(later.sysShares, inputShift, lineShift);
    safepointMinutes.addLater(later.safepointMinutes);
    gcMinutes.addLater(later.gcMinutes);
    safepointNanos += later.safepointNanos;
    gcNanos += later.gcNanos;
    lastInputLines = later.inputs == 1 ? lineShift + later.lastInputLines()
        : later.lastInputLines();
    inputs += later.inputs - (continuesLastInput ? 1 : 0);
  }

  /**
   * How the places of {@code later} move when it is added after this one: its inputs' shift and
   * the line shift of its first input, as {@link #addLater} moves them. Asked before adding.
   */
  public long[] placeShift(PauseEvidence later) {
    boolean continuesLastInput = inputs > 0 && !later.startOfInput;
    return new long[] {continuesLastInput ? inputs - 1 : inputs,
        continuesLastInput ? lastInputLines() : 0};
  }

  private boolean holdsNothing() {
    return evidence.isEmpty() && nonGcOperations.isEmpty() && safepointNanos == 0 && gcNanos == 0
        && safepointMinutes.isEmpty() && gcMinutes.isEmpty() && sysShares.isEmpty();
  }

  /** The lines read of the last input. */
  private long lastInputLines() {
    return lastInputLines >= 0 ? lastInputLines : position.line() - 1;
  }

  /** The evidence of each signature and subject, in the order first seen. */
  public List<Evidence> evidence() {
    return List.copyOf(evidence);
  }

  /**
   * The GC pauses with at least {@value Thresholds#SYS_MIN_MS} ms of sys CPU by its share of
   * user + sys, for the kernel-time finding (a copy: reading on does not change it).
   */
  public SysShares sysShares() {
    return sysShares.copy();
  }

  /** The non-GC VM operations, each with its count and stopped time. */
  public List<Evidence> nonGcOperations() {
    return List.copyOf(nonGcOperations);
  }

  /** The stopped time per minute, of the family {@link StoppedFamily} names. */
  public MinuteShare minutes() {
    return safepointsAreStopped() ? safepointMinutes : gcMinutes;
  }

  /** The stopped time: the sum of the family {@link StoppedFamily} names. */
  public long stoppedNanos() {
    return safepointsAreStopped() ? safepointNanos : gcNanos;
  }

  private boolean safepointsAreStopped() {
    return StoppedFamily.of(safepointNanos, gcNanos) == Family.SAFEPOINT;
  }

  /** A kind as text, cut to {@value #MAX_KIND_BYTES} bytes: a name, not a line. */
  private static String text(byte[] b, int from, int to) {
    return Ascii.text(b, from, Math.min(to, from + MAX_KIND_BYTES));
  }

  /** Everything gathered, for a result's encoding. */
  public void write(DataOutput out) throws IOException {
    out.writeInt(inputs);
    out.writeBoolean(startOfInput);
    out.writeLong(inputs == 0 ? 0 : lastInputLines());
    writeAll(evidence, out);
    writeAll(nonGcOperations, out);
    safepointMinutes.write(out);
    gcMinutes.write(out);
    out.writeLong(safepointNanos);
    out.writeLong(gcNanos);
    sysShares.write(out);
  }

  /** What {@link #write} wrote, into this empty evidence. */
  public void read(DataInput in) throws IOException {
    inputs = in.readInt();
    startOfInput = in.readBoolean();
    lastInputLines = in.readLong();
    readAll(evidence, in);
    readAll(nonGcOperations, in);
    safepointMinutes.read(in);
    gcMinutes.read(in);
    safepointNanos = in.readLong();
    gcNanos = in.readLong();
    sysShares.read(in);
  }

  private static void writeAll(List<Evidence> all, DataOutput out) throws IOException {
    out.writeInt(all.size());
    for (Evidence ev : all) {
      ev.write(out);
    }
  }

  private static void readAll(List<Evidence> into, DataInput in) throws IOException {
    for (int n = in.readInt(); n > 0; n--) {
      into.add(Evidence.read(in));
    }
  }

  private static boolean startsWithAny(byte[] b, int from, int to, byte[][] prefixes) {
    for (byte[] p : prefixes) {
      if (Ascii.startsWith(b, from, to, p)) {
        return true;
      }
    }
    return false;
  }
}
