package tardy.events;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * The shared corpus of real logs ({@code shared/corpus} beside the repository, or {@code
 * $TARDY_CORPUS}). Tests that read it are skipped, with a message saying so, when it is absent.
 */
public final class Corpus {

  private Corpus() {}

  public static Optional<Path> find() {
    String env = System.getenv("TARDY_CORPUS");
    if (env != null && Files.isDirectory(Path.of(env))) {
      return Optional.of(Path.of(env));
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      for (Path candidate : new Path[] {dir.resolve("shared/corpus"), dir.resolve("../shared/corpus")}) {
        if (Files.isDirectory(candidate.resolve("jvm")) || Files.isDirectory(candidate.resolve("access"))) {
          return Optional.of(candidate.normalize());
        }
      }
    }
    return Optional.empty();
  }

  /** The corpus directory {@code sub} ("jvm", "access"); skips the calling test when absent. */
  public static Path require(String sub) {
    Optional<Path> root = find();
    Assumptions.assumeTrue(
        root.isPresent() && Files.isDirectory(root.get().resolve(sub)),
        "shared corpus not found (looked for shared/corpus beside the repository and $TARDY_CORPUS): skipping the corpus test");
    return root.get().resolve(sub);
  }
}
