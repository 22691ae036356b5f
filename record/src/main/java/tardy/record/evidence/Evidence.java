package tardy.record.evidence;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What one signature (and subject, such as a full collection's cause) gathered: how many pauses,
 * their stopped time, and the worst few, bounded whatever the log's size. Evidence of consecutive
 * parts adds up to what one pass gives, because the worst few of a union are the worst few of the
 * parts' worst few, in one fixed order.
 */
public final class Evidence {

  private final Signature signature;
  private final String subject; // "" when the signature has none
  private final byte[] subjectBytes;
  private long count;
  private long nanos;
  private final List<Instance> worst = new ArrayList<>(Thresholds.WORST_KEPT + 1);

  Evidence(Signature signature, String subject) {
    this.signature = signature;
    this.subject = subject;
    this.subjectBytes = subject.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  public Signature signature() {
    return signature;
  }

  public String subject() {
    return subject;
  }

  byte[] subjectBytes() {
    return subjectBytes;
  }

  public long count() {
    return count;
  }

  public long nanos() {
    return nanos;
  }

  /** The worst instances, worst first. */
  public List<Instance> worst() {
    return List.copyOf(worst);
  }

  void count(long pauseNanos) {
    count++;
    nanos += pauseNanos;
  }

  /** Whether a pause of these figures would be kept (asked before an instance is made). */
  boolean keeps(long pauseNanos, int input, long line) {
    return worst.size() < Thresholds.WORST_KEPT
        || worst.get(worst.size() - 1).isBeatenBy(pauseNanos, input, line);
  }

  void keep(Instance instance) {
    int at = 0;
    while (at < worst.size() && Instance.WORST_FIRST.compare(worst.get(at), instance) <= 0) {
      at++;
    }
    worst.add(at, instance);
    if (worst.size() > Thresholds.WORST_KEPT) {
      worst.remove(worst.size() - 1);
    }
  }

  void write(DataOutput out) throws IOException {
    out.writeInt(signature.ordinal());
    out.writeUTF(subject);
    out.writeLong(count);
    out.writeLong(nanos);
    out.writeInt(worst.size());
    for (Instance i : worst) {
      i.write(out);
    }
  }

  static Evidence read(DataInput in) throws IOException {
    Evidence ev = new Evidence(Signature.values()[in.readInt()], in.readUTF());
    ev.count = in.readLong();
    ev.nanos = in.readLong();
    for (int n = in.readInt(); n > 0; n--) {
      ev.worst.add(Instance.read(in));
    }
    return ev;
  }

  /** Adds the evidence of a later part, whose inputs and lines are shifted as given. */
  void addLater(Evidence later, int inputShift, long lineShiftOfFirstInput) {
    count += later.count;
    nanos += later.nanos;
    for (Instance i : later.worst) {
      long lineShift = i.input() == 0 ? lineShiftOfFirstInput : 0;
      if (keeps(i.nanos(), i.input() + inputShift, i.line() + lineShift)) {
        keep(i.shifted(inputShift, lineShift));
      }
    }
  }
}
