package tardy.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.run.PartSpec.Location;
import tardy.spark.hadoop.HadoopFiles;
import tardy.spark.hadoop.HadoopPath;

/**
 * Where a part's input is for the executors, and the input opened again on one: Hadoop's files
 * by their Hadoop path, local files by their absolute path, which must name the same file on
 * every executor.
 */
final class ExecutorFiles {

  private ExecutorFiles() {}

  static Location locate(Input input) {
    return input.path().orElse(null) instanceof HadoopPath h
        ? new Location(input.name(), h.hadoop().toString(), true)
        : Location.local(input);
  }

  /** The input, opened where this runs. */
  static Input open(Location location, HadoopFiles files) {
    if (location.remote()) {
      return Input.file(files.path(location.name(), location.file()));
    }
    Path path = Path.of(location.file());
    if (!Files.exists(path)) { // the Spark driver found it: not where the task runs
      throw new InputException(location.name() + ": no such file on a Spark executor: a local"
          + " path must name the same file on every executor (a shared mount); or give an"
          + " hdfs:// or s3a:// path");
    }
    return Input.file(location.name(), path);
  }
}
