package tardy.spark;

import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.spark.hadoop.HadoopFiles;
import tardy.spark.hadoop.HadoopPath;

/**
 * Where an input is, as a machine other than the one that planned it opens it again: the name
 * it is known by in reports, and the file (an absolute local path, or a Hadoop URI): an
 * executor's working directory is not the submitting shell's, so a relative path would name
 * another file there, or none.
 */
record Location(String name, String file, boolean hadoop) implements Serializable {

  private static final long serialVersionUID = 1L;

  static Location of(Input input) {
    Path file = input.path().orElseThrow(() -> new IllegalArgumentException(
        input.name() + ": not a file"));
    return file instanceof HadoopPath h
        ? new Location(input.name(), h.hadoop().toString(), true)
        : new Location(input.name(), file.toAbsolutePath().toString(), false);
  }

  /** The input, opened where this runs. */
  Input input(HadoopFiles files) {
    if (hadoop) {
      return Input.file(files.path(name, file));
    }
    Path path = Path.of(file);
    if (!Files.exists(path)) { // the Spark driver found it: not where the task runs
      throw new InputException(name + ": no such file on a Spark executor: a local path must"
          + " name the same file on every executor (a shared mount); or give an hdfs:// or"
          + " s3a:// path");
    }
    return Input.file(name, path);
  }
}
