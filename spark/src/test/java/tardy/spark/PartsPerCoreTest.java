package tardy.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.input.Inputs;
import tardy.run.PartSpec;
import tardy.run.Plan;

/**
 * How the job cuts a plain file: whole rounds of parts over the cores, none larger than about
 * the part size, together the file's bytes in order. Each part's result is encoded, sent and
 * decoded again, so the fewest parts that keep every core busy cost least.
 */
class PartsPerCoreTest {

  @TempDir
  static Path dir;

  @Test
  void aFileIsCutIntoWholeRoundsOfCoresOfPartsNoLargerThanThePartSize() throws IOException {
    Path log = dir.resolve("access.log");
    List<String> lines = Files.readAllLines(Path.of("../samples/shop-access.log"),
        StandardCharsets.ISO_8859_1);
    List<String> many = new ArrayList<>();
    while (many.size() < 20_000) {
      many.addAll(lines);
    }
    Files.write(log, many, StandardCharsets.ISO_8859_1);
    long size = Files.size(log);
    Plan plan = Plan.of(Inputs.resolve(List.of(log.toString()), () -> null), Optional.empty());
    for (int cores : new int[] {1, 2, 3, 5}) {
      // a part size that two parts cannot hold, three can: more parts than cores, but not a round
      long partBytes = size / 2 - 1;
      List<PartSpec> parts = SparkDriver.slices(plan, cores, partBytes, 4 << 10);
      assertThat(parts.size() % cores).as("%d cores: %d parts", cores, parts.size()).isZero();
      assertThat(parts.size()).as("%d cores", cores).isGreaterThanOrEqualTo(3);
      long longestLine = many.stream().mapToLong(l -> l.length() + 1).max().orElseThrow();
      long from = 0;
      for (PartSpec part : parts) {
        assertThat(part.from()).isEqualTo(from);
        assertThat(part.to() - part.from()).isLessThanOrEqualTo(partBytes + longestLine);
        from = part.to();
      }
      assertThat(from).isEqualTo(size);
    }
  }

  @Test
  void theFewestRoundsWhosePartsHoldAtMostThePartSize() {
    long gb = 1L << 30;
    long part = SparkDriver.PART_BYTES;
    for (int cores = 1; cores <= 16; cores++) {
      for (long size : new long[] {0, 1, part - 1, part, 3 * part + 1, gb, 10 * gb}) {
        int ways = SparkDriver.ways(size, cores, part);
        assertThat(ways % cores).isZero();
        assertThat(size / ways).as("%d bytes, %d cores", size, cores).isLessThanOrEqualTo(part);
        if (ways > cores) { // one round fewer would hold more than a part each
          assertThat(size / (ways - cores)).isGreaterThanOrEqualTo(part);
        }
      }
    }
  }
}
