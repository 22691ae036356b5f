package tardy.spark.table;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import tardy.record.table.PathPartitions;

/**
 * Where the job writes its histogram table ({@code --table PATH}) and how inputs' paths give
 * partition values ({@code --partition-by NAME=REGEX}, besides Hive's {@code name=value}
 * directories). The command line takes neither: the job's launcher takes them off the arguments
 * before the command sees them ({@link #split}).
 *
 * @param path the table's directory, on any file system Hadoop writes
 * @param rules the {@code --partition-by} rules, {@code NAME=REGEX}
 */
public record TableOutput(String path, List<String> rules) implements Serializable {

  private static final long serialVersionUID = 1L;

  public TableOutput {
    rules = List.copyOf(rules);
  }

  public PathPartitions partitions() {
    return PathPartitions.withRules(rules);
  }

  /**
   * The arguments without the table's options, and the table asked for (null: none).
   *
   * @param problem what was wrong with the table's options (null: nothing): the command refuses
   *     to run with it, exit code 2
   */
  public record Split(List<String> rest, TableOutput table, String problem) {}

  /** Takes {@code --table PATH} and every {@code --partition-by NAME=REGEX} off {@code args}. */
  public static Split split(String... args) {
    List<String> rest = new ArrayList<>();
    String path = null;
    List<String> rules = new ArrayList<>();
    String problem = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--")) { // what follows is inputs
        for (; i < args.length; i++) {
          rest.add(args[i]);
        }
        break;
      }
      String option = arg.startsWith("--table") ? "--table"
          : arg.startsWith("--partition-by") ? "--partition-by" : null;
      if (option == null || !(arg.equals(option) || arg.startsWith(option + "="))) {
        rest.add(arg);
        continue;
      }
      String value;
      if (arg.equals(option)) {
        if (i + 1 >= args.length) {
          problem = option + ": missing its value";
          break;
        }
        value = args[++i];
      } else {
        value = arg.substring(option.length() + 1);
      }
      if (option.equals("--table")) {
        if (path != null) {
          problem = "--table: given twice";
        }
        path = value;
      } else {
        rules.add(value);
      }
    }
    if (problem == null && path == null && !rules.isEmpty()) {
      problem = "--partition-by: only with --table PATH";
    }
    if (problem == null && path != null && path.isEmpty()) {
      problem = "--table: an empty path";
    }
    if (problem == null && path != null && withoutFleet(rest)) {
      problem = "--fleet: the job writes the table; its fleet view is `tardy report " + path
          + " --fleet COLUMN` on it (a local copy of the table)";
    }
    TableOutput table = path == null ? null : new TableOutput(path, rules);
    if (problem == null && table != null) {
      try {
        table.partitions();
      } catch (IllegalArgumentException e) {
        problem = e.getMessage();
      }
    }
    return new Split(List.copyOf(rest), table, problem);
  }

  /**
   * Takes {@code --fleet COLUMN} off the command's options, if given. The fleet view is made from
   * the table's rows, which the job writes on the cluster and the command never holds: refused,
   * and taken off so that the refusal, not the command's own about --table, is what the user
   * reads.
   */
  private static boolean withoutFleet(List<String> rest) {
    for (int i = 0; i < rest.size(); i++) {
      String arg = rest.get(i);
      if (arg.equals("--")) {
        return false;
      }
      if (arg.startsWith("--fleet=")) {
        rest.remove(i);
        return true;
      }
      if (arg.equals("--fleet")) {
        rest.remove(i);
        if (i < rest.size()) {
          rest.remove(i);
        }
        return true;
      }
    }
    return false;
  }
}
