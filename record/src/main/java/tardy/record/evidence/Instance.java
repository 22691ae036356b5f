package tardy.record.evidence;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Comparator;

/**
 * One pause kept as evidence: where it is (the input's place among the inputs and its line), when
 * it happened (epoch milliseconds on the wall clock, else JVM uptime), how long it stopped the
 * application, what the log calls it, and the figures that made it evidence ({@code
 * tardy.events.Times#NONE} when the log does not give them).
 */
public record Instance(int input, long line, long timeMillis, boolean wallClock, long nanos,
    String kind, long timeToSafepointNanos, long userNanos, long sysNanos, long realNanos) {

  /** Worst first; equal durations in the order of the log. */
  static final Comparator<Instance> WORST_FIRST = Comparator
      .comparingLong(Instance::nanos).reversed()
      .thenComparingInt(Instance::input)
      .thenComparingLong(Instance::line);

  /** Whether a pause of these figures comes before this one in {@link #WORST_FIRST}. */
  boolean isBeatenBy(long otherNanos, int otherInput, long otherLine) {
    if (otherNanos != nanos) {
      return otherNanos > nanos;
    }
    if (otherInput != input) {
      return otherInput < input;
    }
    return otherLine < line;
  }

  void write(DataOutput out) throws IOException {
    out.writeInt(input);
    out.writeLong(line);
    out.writeLong(timeMillis);
    out.writeBoolean(wallClock);
    out.writeLong(nanos);
    out.writeUTF(kind);
    out.writeLong(timeToSafepointNanos);
    out.writeLong(userNanos);
    out.writeLong(sysNanos);
    out.writeLong(realNanos);
  }

  static Instance read(DataInput in) throws IOException {
    return new Instance(in.readInt(), in.readLong(), in.readLong(), in.readBoolean(),
        in.readLong(), in.readUTF(), in.readLong(), in.readLong(), in.readLong(), in.readLong());
  }

  /** The same pause seen from a result that comes earlier: its input and line shifted. */
  Instance shifted(int inputShift, long lineShift) {
    return new Instance(input + inputShift, line + lineShift, timeMillis, wallClock, nanos, kind,
        timeToSafepointNanos, userNanos, sysNanos, realNanos);
  }
}
