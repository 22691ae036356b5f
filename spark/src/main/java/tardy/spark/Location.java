package tardy.spark;

import java.io.Serializable;
import java.nio.file.Path;
import tardy.parse.io.Input;

/**
 * Where an input is, as a machine other than the one that planned it can open it again: the
 * name it is known by in reports, and the file it is.
 */
record Location(String name, String file) implements Serializable {

  private static final long serialVersionUID = 1L;

  static Location of(Input input) {
    Path file = input.path().orElseThrow(() -> new IllegalArgumentException(
        input.name() + ": not a file"));
    return new Location(input.name(), file.toString());
  }

  /** The input, opened where this runs. */
  Input input() {
    return Input.file(Path.of(file));
  }
}
