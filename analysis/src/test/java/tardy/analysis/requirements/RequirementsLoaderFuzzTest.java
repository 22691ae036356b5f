package tardy.analysis.requirements;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The requirements loader on mangled files: every input either loads or is refused with a
 * {@link RequirementsException} whose every problem names the file, line and column; nothing else
 * is thrown and nothing hangs. Rounds: {@code -Dtardy.fuzz.rounds=N} (short in the default build,
 * long in a soak run).
 */
class RequirementsLoaderFuzzTest {

  static final int ROUNDS = 15 * Integer.getInteger("tardy.fuzz.rounds", 200);

  static String seedFile() throws Exception {
    Path sample = Path.of("..", "samples", "shop-requirements.yaml");
    return Files.isRegularFile(sample) ? Files.readString(sample) : """
        categories:
          instant: { limit: 100ms, budgets: { p99: 250ms } }
        operations:
          - name: Browse
            request: GET /product/{id}
            category: instant
            budgets: { p99.9: 1s, max: 2s }
          - name: GC
            pause: G1*
            category: instant
        unmatched: { category: attention }
        """;
  }

  /** Cuts, duplicates, swaps and sprinkles YAML's own punctuation, bytes and aliases. */
  static String mangle(String text, Random random) {
    StringBuilder s = new StringBuilder(text);
    String[] bits = {":", "-", "{", "}", "[", "]", "&a", "*a", "!!str", "!x", "'", "\"", "#", "\n",
        "  ", "\t", "\u0000", "%", "p99", "ms", "1e9", "-5s", "999999999999999h", "\ufeff", "?"};
    int edits = 1 + random.nextInt(8);
    for (int k = 0; k < edits && s.length() > 0; k++) {
      int at = random.nextInt(s.length());
      switch (random.nextInt(4)) {
        case 0 -> s.insert(at, bits[random.nextInt(bits.length)]);
        case 1 -> s.delete(at, Math.min(s.length(), at + 1 + random.nextInt(12)));
        case 2 -> s.insert(at, s.substring(at, Math.min(s.length(), at + random.nextInt(40))));
        default -> s.setCharAt(at, (char) random.nextInt(128));
      }
    }
    return s.toString();
  }

  @Test
  void mangledFilesLoadOrAreRefusedWithPositions() throws Exception {
    String seed = seedFile();
    Random random = new Random(2026);
    int[] refused = {0};
    assertTimeoutPreemptively(Duration.ofMinutes(5), () -> {
      for (int round = 0; round < ROUNDS; round++) {
        String yaml = mangle(seed, random);
        try {
          RequirementsLoader.parse("fuzz.yaml", yaml);
        } catch (RequirementsException e) {
          refused[0]++;
          assertThat(e.problems()).as(yaml).isNotEmpty()
              .allSatisfy(p -> assertThat(p).startsWith("fuzz.yaml:").matches("(?s)fuzz\\.yaml:\\d+:\\d+: .+"));
        }
      }
    });
    assertThat(refused[0]).as("the mangling reaches the validation").isGreaterThan(ROUNDS / 10);
  }
}
