package tardy.spark;

import java.io.Serializable;
import java.nio.file.Path;
import tardy.parse.io.Input;
import tardy.spark.hadoop.HadoopFiles;
import tardy.spark.hadoop.HadoopPath;

/**
 * Where an input is, as a machine other than the one that planned it opens it again: the name
 * it is known by in reports, and the file (a local path, or a Hadoop URI).
 */
record Location(String name, String file, boolean hadoop) implements Serializable {

  private static final long serialVersionUID = 1L;

  static Location of(Input input) {
    Path file = input.path().orElseThrow(() -> new IllegalArgumentException(
        input.name() + ": not a file"));
    return file instanceof HadoopPath h
        ? new Location(input.name(), h.hadoop().toString(), true)
        : new Location(input.name(), file.toString(), false);
  }

  /** The input, opened where this runs. */
  Input input(HadoopFiles files) {
    return Input.file(hadoop ? files.path(name, file) : Path.of(file));
  }
}
