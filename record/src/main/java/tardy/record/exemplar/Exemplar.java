package tardy.record.exemplar;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;

/**
 * One slow request kept as an example of its group: how long it took, where it is (the input's
 * place among the inputs and its line), when it ended (epoch ms, {@code tardy.events.Times#NONE}
 * without a time), its status (0: none) and the id the log gave it (a request or trace id) as
 * its UTF-8 bytes, or null: the few requests a group keeps cost no String until they are shown.
 */
public record Exemplar(long nanos, int input, long line, long wallMillis, int status,
    byte[] idBytes) {

  public Exemplar(long nanos, int input, long line, long wallMillis, int status,
      String requestId) {
    this(nanos, input, line, wallMillis, status,
        requestId == null ? null : requestId.getBytes(StandardCharsets.UTF_8));
  }

  /** The id the log gave the request, or null. */
  public String requestId() {
    return idBytes == null ? null : new String(idBytes, StandardCharsets.UTF_8);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Exemplar e && nanos == e.nanos && input == e.input && line == e.line
        && wallMillis == e.wallMillis && status == e.status
        && java.util.Arrays.equals(idBytes, e.idBytes);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(nanos, input, line, wallMillis, status)
        + 31 * java.util.Arrays.hashCode(idBytes);
  }

  @Override
  public String toString() {
    return "Exemplar[" + nanos + " ns, input " + input + ", line " + line + ", id "
        + requestId() + "]";
  }

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
    out.writeInt(idBytes == null ? -1 : idBytes.length);
    if (idBytes != null) {
      out.write(idBytes);
    }
  }

  static Exemplar read(DataInput in) throws IOException {
    Exemplar e = new Exemplar(in.readLong(), in.readInt(), in.readLong(), in.readLong(),
        in.readInt(), (byte[]) null);
    int length = in.readInt();
    if (length < 0) {
      return e;
    }
    byte[] id = new byte[length];
    in.readFully(id);
    return new Exemplar(e.nanos, e.input, e.line, e.wallMillis, e.status, id);
  }

  /** The same request seen from a result that comes earlier: its input and line shifted. */
  Exemplar shifted(int inputShift, long lineShift) {
    long shiftedLine = input == 0 ? line + lineShift : line;
    return new Exemplar(nanos, input + inputShift, shiftedLine, wallMillis, status, idBytes);
  }
}
