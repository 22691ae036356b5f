package tardy.record.table;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Predicate;
import tardy.events.Family;
import tardy.record.Group;
import tardy.record.HostRecorders;
import tardy.record.Recorder;
import tardy.record.Result;

/**
 * The histogram table's rows of one partition whose lines name their host (nginx's {@code
 * $hostname}, a syslog header's HOSTNAME): the requests' rows once per host, in the {@value
 * #COLUMN} column, so that one file of many hosts (a central collector's) gives each host's rows;
 * requests naming none keep the partition's own value, the hosts past {@link
 * HostRecorders#MAX_HOSTS} are {@value Recorder#OTHER}. Pauses are split alike when a syslog
 * header named a JVM's host, else (a JVM log names its host per file) they stay the partition's. A host the
 * path names wins over the lines': such a partition's rows are the path's host's, as before.
 */
public final class HostRows {

  /** The partition column the lines' hosts fill. */
  public static final String COLUMN = "host";

  private HostRows() {}

  /** Whether some request of this result named its host: the table then needs {@value #COLUMN}. */
  public static boolean named(Result result) {
    return result.hosts().filter(HostRecorders::any).isPresent();
  }

  /** The same columns, {@value #COLUMN} added last (null in every row) when none gives it. */
  public static PathPartitions.Columns withColumn(PathPartitions.Columns columns) {
    if (columns.names().contains(COLUMN)) {
      return columns;
    }
    List<String> names = new ArrayList<>(columns.names());
    names.add(COLUMN);
    List<List<String>> values = new ArrayList<>();
    for (List<String> row : columns.values()) {
      List<String> more = new ArrayList<>(row);
      more.add(null);
      values.add(java.util.Collections.unmodifiableList(more));
    }
    return new PathPartitions.Columns(List.copyOf(names), List.copyOf(values));
  }

  /**
   * @param part one partition's result, recorded with {@link Result.Spec#hosts()}
   * @param kept the groups the whole run keeps
   * @param partition the partition's values, in the table's column order
   * @param hostAt where {@value #COLUMN} is among the partition's columns; -1: not a column
   */
  public static List<TableRow> of(Result part, Collection<Group> kept, List<String> partition,
      int hostAt) {
    Optional<HostRecorders> split = part.hosts().filter(HostRecorders::any);
    if (split.isEmpty() || hostAt < 0 || partition.get(hostAt) != null) {
      return TableRows.of(part, kept, partition);
    }
    HostRecorders hosts = split.get();
    // pauses per host once a syslog header named a JVM's host; else they stay the partition's
    Predicate<Family> families = hosts.pausesNamed() ? family -> true
        : family -> family == Family.REQUEST;
    List<TableRow> rows = new ArrayList<>();
    for (Map.Entry<String, Recorder> h : hosts.byHost().entrySet()) {
      rows.addAll(hostRows(h.getValue(), kept, partition, hostAt, h.getKey(), families));
    }
    if (hosts.folded() != null) {
      rows.addAll(hostRows(hosts.folded(), kept, partition, hostAt, Recorder.OTHER, families));
    }
    if (hosts.unnamed() != null) {
      rows.addAll(hostRows(hosts.unnamed(), kept, partition, hostAt, null, families));
    }
    if (!hosts.pausesNamed()) {
      rows.addAll(TableRows.of(part.recorder().orElseThrow(), kept, partition,
          family -> family != Family.REQUEST));
    }
    return rows;
  }

  private static List<TableRow> hostRows(Recorder recorder, Collection<Group> kept,
      List<String> partition, int hostAt, String host, Predicate<Family> families) {
    List<String> values = new ArrayList<>(partition);
    values.set(hostAt, host);
    return TableRows.of(recorder, kept, values, families);
  }

  /**
   * The hosts the lines of this partition named other than {@code pathHost}, the host its path
   * names (which wins): for the note that says so; empty when they agree or name none.
   */
  public static List<String> overruled(Result part, String pathHost) {
    TreeSet<String> others = new TreeSet<>();
    part.hosts().ifPresent(h -> {
      others.addAll(h.byHost().keySet());
      if (h.folded() != null) {
        others.add(Recorder.OTHER);
      }
    });
    others.remove(pathHost);
    return List.copyOf(others);
  }
}
