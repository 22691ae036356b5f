package tardy.record.exemplar;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Comparator;

/**
 * One slow request kept as an example of its group: how long it took, where it is (the input's
 * place among the inputs and its line), when it ended (epoch ms, {@code tardy.events.Times#NONE}
 * without a time), its status (0: none) and the id the log gave it (a request or trace id), or
 * null.
 */
public record Exemplar(long nanos, int input, long line, long wallMillis, int status,
    String requestId) {

  /** Slowest first; equal times in the order of the inputs and lines: one order for any split. */
  public static final Comparator<Exemplar> SLOWEST_FIRST = Comparator
      .comparingLong(Exemplar::nanos).reversed()
      .thenComparingInt(Exemplar::input)
      .thenComparingLong(Exemplar::line);

  void write(DataOutput out) throws IOException {
    out.writeLong(nanos);
    out.writeInt(input);
    out.writeLong(line);
    out.writeLong(wallMillis);
    out.writeInt(status);
    out.writeBoolean(requestId != null);
    if (requestId != null) {
      out.writeUTF(requestId);
    }
  }

  static Exemplar read(DataInput in) throws IOException {
    return new Exemplar(in.readLong(), in.readInt(), in.readLong(), in.readLong(), in.readInt(),
        in.readBoolean() ? in.readUTF() : null);
  }

  /** The same request seen from a result that comes earlier: its input and line shifted. */
  Exemplar shifted(int inputShift, long lineShift) {
    long shiftedLine = input == 0 ? line + lineShift : line;
    return new Exemplar(nanos, input + inputShift, shiftedLine, wallMillis, status, requestId);
  }
}
