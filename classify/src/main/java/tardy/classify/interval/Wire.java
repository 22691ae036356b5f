package tardy.classify.interval;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import tardy.classify.ResultCodec;

/** The few shapes the interval recorder's encoding needs beyond plain numbers. */
final class Wire {

  private Wire() {}

  /** A group name, or null for an event of the untagged series only. */
  static void writeGroup(DataOutput out, String group) throws IOException {
    out.writeBoolean(group != null);
    if (group != null) {
      ResultCodec.writeString(out, group);
    }
  }

  static String readGroup(DataInput in) throws IOException {
    return in.readBoolean() ? ResultCodec.readString(in) : null;
  }

  /** A count of what follows; a negative one is damage. */
  static int count(DataInput in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      throw new IOException("a negative count");
    }
    return n;
  }
}
