package tardy.run;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tardy.events.input.InputException;
import tardy.formats.jvm.LoggedHost;

/**
 * The host each planned JVM log names in its unified-logging decorators, read where the run is
 * planned from the log's first bytes (one open per JVM log, for a histogram table only).
 */
public final class LoggedHosts {

  /** Enough for the first lines of a unified log, whose first decorated line names the host. */
  private static final int HEAD = 8 << 10;

  private LoggedHosts() {}

  /** Per entry, in the order given: its host, if it is a unified JVM log that names one. */
  public static List<Optional<String>> of(List<Plan.Entry> entries) {
    List<Optional<String>> hosts = new ArrayList<>();
    for (Plan.Entry e : entries) {
      hosts.add("jvm-unified".equals(e.format().name()) ? read(e) : Optional.empty());
    }
    return hosts;
  }

  private static Optional<String> read(Plan.Entry e) {
    if (e.head() != null) { // a stream, read once: its head was kept while planning
      return ofLines(e.head().lines());
    }
    byte[] head = new byte[HEAD];
    int n = 0;
    try (InputStream in = e.input().open()) {
      for (int r; n < HEAD && (r = in.read(head, n, HEAD - n)) > 0; ) {
        n += r;
      }
    } catch (IOException ex) {
      throw new InputException(e.input().name() + ": cannot be read: " + ex.getMessage(), ex);
    }
    return LoggedHost.of(head, n);
  }

  private static Optional<String> ofLines(List<byte[]> lines) {
    java.io.ByteArrayOutputStream head = new java.io.ByteArrayOutputStream();
    for (byte[] line : lines) {
      if (head.size() + line.length + 1 > HEAD) {
        break;
      }
      head.write(line, 0, line.length);
      head.write('\n');
    }
    return LoggedHost.of(head.toByteArray(), head.size());
  }
}
