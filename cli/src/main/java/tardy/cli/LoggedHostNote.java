package tardy.cli;

import java.util.List;

/**
 * The note for a unified JVM log whose lines name other hosts than its first lines do (several
 * JVMs' logs concatenated into one file, no syslog header between): a JVM log is one host's, the
 * one its first lines name, so all its pauses are in that host's rows.
 */
final class LoggedHostNote {

  /** Hosts named in the note; more are counted. */
  private static final int NAMED = 3;

  private LoggedHostNote() {}

  /**
   * @param host the host the first lines of the partition's logs name
   * @param others the other hosts their later lines name, sorted
   */
  static String of(String host, List<String> others) {
    return "tardy: --table: a JVM log names host " + host + " in its first lines, but its lines"
        + " also name " + (others.size() == 1 ? "host " : others.size() + " other hosts ")
        + String.join(", ", others.subList(0, Math.min(NAMED, others.size())))
        + (others.size() > NAMED ? ", …" : "") + " (several JVMs' logs in one file): all its"
        + " pauses are in " + host + "'s rows; give each JVM's log its own file, or its lines a"
        + " syslog header, for a row set per host";
  }
}
