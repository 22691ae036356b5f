package tardy.events.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.PartStarts;

/** Where a file is cut into parts: evenly, or shrinking towards its end for a pool of threads. */
class ChunkerTest {

  @Test
  void shrinkingPartsHalveWhatIsLeftRoundByRound() {
    // 1024 bytes, two threads: 256 each of the first half, 128 each of the next quarter, and so
    // on down to 32 (a 32nd of the file); the last 64 in two even parts
    assertThat(Chunker.shrinking(2, 1).of(1024))
        .containsExactly(256, 512, 640, 768, 832, 896, 928, 960, 992);
    // three threads share each round's half among them
    assertThat(Chunker.shrinking(3, 1).of(3072))
        .startsWith(512, 1024, 1536, 1792, 2048, 2304);
  }

  @Test
  void shrinkingPartsAreNoSmallerThanTheSmallestChunkAndSmallFilesAreCutEvenly() {
    long mib = 1 << 20;
    // a file under 4 chunks' worth per thread: as even halves, as before
    assertThat(Chunker.shrinking(2, 8 * mib).of(20 * mib))
        .containsExactly(Chunker.even(2, 8 * mib).of(20 * mib));
    assertThat(Chunker.shrinking(2, 8 * mib).of(16 * mib)).containsExactly(8 * mib);
    assertThat(Chunker.shrinking(2, 8 * mib).of(15 * mib)).isEmpty(); // under 2 chunks: whole
  }

  @Test
  void shrinkingCutsRiseInsideTheFileAndTheirPartsNeverGrow() {
    Random random = new Random(36);
    for (int run = 0; run < 5_000; run++) {
      int threads = 2 + random.nextInt(6);
      long minBytes = 1 + random.nextInt(random.nextBoolean() ? 100 : 100_000);
      long size = random.nextInt(3) == 0 ? random.nextInt(1_000) : 1 + random.nextLong(1L << 34);
      long[] cuts = Chunker.shrinking(threads, minBytes).of(size);
      String what = threads + " threads, " + minBytes + " min, " + size + " bytes";
      long before = 0;
      long largest = Long.MAX_VALUE;
      for (int i = 0; i < cuts.length; i++) {
        long part = cuts[i] - before;
        assertThat(part).as(what).isPositive().isGreaterThanOrEqualTo(Math.min(minBytes, size))
            // the rest's even parts: a byte or two over the last round's (rounded down) at most
            .isLessThanOrEqualTo(largest == Long.MAX_VALUE ? largest : largest + 2);
        largest = Math.min(largest, part);
        before = cuts[i];
      }
      assertThat(before).as(what).isLessThan(Math.max(1, size));
      if (cuts.length > 0) {
        assertThat(size - before).as(what).isGreaterThanOrEqualTo(minBytes);
      }
      // a round gives each thread one part, and rounds stop at a 32nd of the file: 2 threads
      // take 5 rounds' parts at most, more threads fewer
      assertThat(cuts.length + 1).as(what).isLessThanOrEqualTo(threads * 5);
    }
  }

  @Test
  void aFileIsCutAtLineStartsAfterEachCutAndCoveredWhole(@TempDir Path dir) throws IOException {
    StringBuilder log = new StringBuilder();
    Random random = new Random(7);
    for (int i = 0; i < 5_000; i++) {
      log.append("line ").append(i).append(" ").append("x".repeat(random.nextInt(80))).append('\n');
    }
    Path file = Files.writeString(dir.resolve("a.log"), log, StandardCharsets.US_ASCII);
    byte[] bytes = Files.readAllBytes(file);
    for (Chunker.Cuts cuts : List.of(Chunker.shrinking(2, 1), Chunker.shrinking(3, 4096),
        Chunker.even(4, 1))) {
      long[] targets = cuts.of(bytes.length);
      List<Chunker.Range> ranges = Chunker.split(file, cuts, PartStarts.ANY_LINE);
      assertThat(ranges).hasSize(targets.length + 1); // lines far shorter than any part
      assertThat(ranges.get(0).from()).isZero();
      assertThat(ranges.get(ranges.size() - 1).to()).isEqualTo(bytes.length);
      for (int i = 1; i < ranges.size(); i++) {
        long from = ranges.get(i).from();
        assertThat(from).isEqualTo(ranges.get(i - 1).to());
        assertThat(bytes[(int) from - 1]).isEqualTo((byte) '\n');
        // the first line start at or after the cut: no newline between the cut and it
        assertThat(new String(bytes, (int) targets[i - 1], (int) (from - 1 - targets[i - 1]),
            StandardCharsets.US_ASCII)).doesNotContain("\n");
      }
    }
  }
}
