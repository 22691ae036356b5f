package tardy.record.evidence;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * The GC pauses whose sys CPU is at least {@link Thresholds#SYS_MIN_MS}, kept by the share of
 * sys in user + sys, so the kernel-time finding's share is decided when the result is analysed
 * (a requirements file may set it) rather than while lines are read. A pause goes to bucket
 * {@code k} when {@code k % < share <= (k + 1) %}: the pauses whose share is above {@code p} % (a
 * whole percentage) are exactly buckets {@code p} to 99, so the evidence over any whole
 * percentage is the union of buckets, count, time and worst few alike. Bounded (100 buckets of
 * the worst few) and mergeable as {@link Evidence} is.
 */
public final class SysShares {

  /** One bucket per whole percent of sys in user + sys. */
  static final int BUCKETS = 100;

  private final Evidence[] byShare = new Evidence[BUCKETS]; // null: no pause of that share

  /**
   * The bucket of a pause's share, {@code ceil(100 sys / (user + sys)) - 1}, in whole numbers:
   * 0 to 99 for {@code sys > 0}.
   */
  static int bucket(long userNanos, long sysNanos) {
    long cpu = userNanos + sysNanos;
    long ceil = (100 * sysNanos + cpu - 1) / cpu;
    return (int) Math.max(0, Math.min(BUCKETS - 1, ceil - 1));
  }

  /** The evidence of a bucket, made when first needed. */
  Evidence at(int bucket) {
    Evidence ev = byShare[bucket];
    if (ev == null) {
      ev = byShare[bucket] = new Evidence(Signature.KERNEL_TIME, "");
    }
    return ev;
  }

  /**
   * The kernel-time evidence: the pauses whose sys is above {@code percent} % of user + sys
   * (0 to 99; 50, sys above user, is JIFA's default), a new object each time.
   */
  public Evidence over(int percent) {
    if (percent < 0 || percent >= BUCKETS) {
      throw new IllegalArgumentException("a share from 0 to 99 %: " + percent);
    }
    Evidence out = new Evidence(Signature.KERNEL_TIME, "");
    for (int k = percent; k < BUCKETS; k++) {
      if (byShare[k] != null) {
        out.addLater(byShare[k], 0, 0); // no shift: buckets of one result are side by side
      }
    }
    return out;
  }

  boolean isEmpty() {
    for (Evidence ev : byShare) {
      if (ev != null) {
        return false;
      }
    }
    return true;
  }

  /** Adds what a later part gathered, its places shifted as {@link Evidence#addLater} does. */
  void addLater(SysShares later, int inputShift, long lineShiftOfFirstInput) {
    for (int k = 0; k < BUCKETS; k++) {
      if (later.byShare[k] != null) {
        at(k).addLater(later.byShare[k], inputShift, lineShiftOfFirstInput);
      }
    }
  }

  /** A copy that no later reading changes. */
  SysShares copy() {
    SysShares out = new SysShares();
    out.addLater(this, 0, 0);
    return out;
  }

  void write(DataOutput out) throws IOException {
    int buckets = 0;
    for (Evidence ev : byShare) {
      buckets += ev == null ? 0 : 1;
    }
    out.writeInt(buckets);
    for (int k = 0; k < BUCKETS; k++) {
      if (byShare[k] != null) {
        out.writeByte(k);
        byShare[k].write(out);
      }
    }
  }

  void read(DataInput in) throws IOException {
    for (int n = in.readInt(); n > 0; n--) {
      int k = in.readByte();
      if (k < 0 || k >= BUCKETS) {
        throw new IOException("a sys share bucket out of range: " + k);
      }
      byShare[k] = Evidence.read(in);
    }
  }
}
