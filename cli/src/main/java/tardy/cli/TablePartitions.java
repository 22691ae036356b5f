package tardy.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tardy.events.input.Input;
import tardy.record.Result;
import tardy.record.table.HostRows;
import tardy.record.table.LoggedPartitions;
import tardy.record.table.PathPartitions;
import tardy.run.LoggedHosts;
import tardy.run.Plan;
import tardy.run.SpecRecipe;

/**
 * The inputs of a run written with {@code --table}, by partition: each input's values from its
 * path (Hive's {@code name=value} directories, {@code --partition-by} rules), as the Spark job
 * takes them. Inputs of one partition (one machine's logs, the usual case) are the whole run's
 * result; with several, each partition's inputs are read once more, with the whole run's shape
 * (its operations, cap and {@code (other)}), so the rows of all partitions add up to the whole.
 * Lines that name their host ({@code $hostname}) add a {@code host} column, a row set per host
 * ({@link HostRows}); a host the path names wins over the lines', with a note.
 */
final class TablePartitions {

  private TablePartitions() {}

  /** The rows written, with the table's partition columns. */
  record Written(List<String> columns, List<tardy.record.table.TableRow> rows) {}

  /** By input name, the host each planned JVM log names in its decorators, if any. */
  static java.util.Map<String, java.util.Optional<String>> loggedHosts(Plan plan) {
    java.util.Map<String, java.util.Optional<String>> hosts = new java.util.HashMap<>();
    if (plan == null) {
      return hosts;
    }
    List<java.util.Optional<String>> of = LoggedHosts.of(plan.entries());
    for (int i = 0; i < of.size(); i++) {
      hosts.put(plan.entries().get(i).input().name(), of.get(i));
    }
    return hosts;
  }

  static Written write(AnalysisCommand c, Result whole, SpecRecipe shape) {
    PathPartitions rules;
    try {
      rules = PathPartitions.withRules(c.tables.rules());
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage(), e);
    }
    List<String> names = new ArrayList<>();
    for (Input input : c.in.resolve(c.streams)) {
      names.add(input.name());
    }
    List<java.util.Optional<String>> logged = new ArrayList<>();
    for (String name : names) {
      logged.add(c.loggedHosts.getOrDefault(name, java.util.Optional.empty()));
    }
    // a JVM log's pauses in its host's partition where the path names none, as in the Spark job
    PathPartitions.Columns byPath = rules.columns(names);
    PathPartitions.Columns columns = LoggedPartitions.fill(byPath, HostRows.COLUMN, logged);
    java.util.Set<List<String>> hostLogged = new java.util.HashSet<>(); // not the path's host
    int pathHostAt = byPath.names().indexOf(HostRows.COLUMN);
    for (int i = 0; i < names.size(); i++) {
      if (logged.get(i).isPresent()
          && (pathHostAt < 0 || byPath.values().get(i).get(pathHostAt) == null)) {
        hostLogged.add(columns.values().get(i));
      }
    }
    if (HostRows.named(whole)) {
      columns = HostRows.withColumn(columns);
    }
    Map<List<String>, List<String>> inputsOf = new LinkedHashMap<>();
    for (int i = 0; i < names.size(); i++) {
      inputsOf.computeIfAbsent(columns.values().get(i), k -> new ArrayList<>()).add(names.get(i));
    }
    List<TableWrite.Partition> partitions = new ArrayList<>();
    if (inputsOf.size() == 1) {
      partitions.add(new TableWrite.Partition(inputsOf.keySet().iterator().next(), whole));
    } else {
      if (names.contains("-")) {
        throw new UserError("--table: standard input cannot be read again for its partition;"
            + " give the logs as files");
      }
      List<String> given = c.in.inputs;
      try {
        for (Map.Entry<List<String>, List<String>> p : inputsOf.entrySet()) {
          c.in.inputs = p.getValue();
          partitions.add(new TableWrite.Partition(p.getKey(),
              c.in.readWithPauses(c.streams, plan -> shape, c.start.epochMillis())));
        }
      } finally {
        c.in.inputs = given;
      }
    }
    int hostAt = columns.names().indexOf(HostRows.COLUMN);
    for (TableWrite.Partition p : partitions) {
      String pathHost = hostAt < 0 ? null : p.values().get(hostAt);
      List<String> overruled = pathHost == null ? List.of() : HostRows.overruled(p.result(),
          pathHost);
      if (!overruled.isEmpty() && hostLogged.contains(p.values())) {
        // the first lines of the partition's JVM logs named its host, not its path
        c.streams.err().println(LoggedHostNote.of(pathHost, overruled));
      } else if (!overruled.isEmpty()) {
        c.streams.err().println("tardy: --table: the path's host=" + pathHost + " wins over the "
            + (overruled.size() == 1 ? "host" : overruled.size() + " hosts") + " its lines name ("
            + String.join(", ", overruled.subList(0, Math.min(3, overruled.size())))
            + (overruled.size() > 3 ? ", …" : "") + "): their requests are in " + pathHost
            + "'s rows; give such a log a path without host= for a row set per host");
      }
    }
    return new Written(columns.names(),
        TableWrite.write(c.tables.table, columns.names(), partitions, whole));
  }
}
