package tardy.bench;

import java.util.ArrayList;
import java.util.List;

/** Generated log lines held in memory, split at LF, for the micro-benchmarks. */
final class Lines {

  final byte[] buf;
  final int[] from;
  final int[] to;

  Lines(byte[] buf) {
    this.buf = buf;
    List<int[]> ranges = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < buf.length; i++) {
      if (buf[i] == '\n') {
        ranges.add(new int[] {start, i});
        start = i + 1;
      }
    }
    from = new int[ranges.size()];
    to = new int[ranges.size()];
    for (int i = 0; i < from.length; i++) {
      from[i] = ranges.get(i)[0];
      to[i] = ranges.get(i)[1];
    }
  }

  static Lines generate(String kind, int count) {
    return new Lines(GenLogs.generate(kind, count, 42L));
  }

  int size() {
    return from.length;
  }
}
