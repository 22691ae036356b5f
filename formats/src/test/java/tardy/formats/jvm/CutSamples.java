package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tardy.events.PartStarts;
import tardy.events.input.Chunker;

/** A sample log repeated into a file and cut into parts by a format's rule, as the chunker cuts. */
final class CutSamples {

  private CutSamples() {}

  /**
   * Cuts {@code times} copies of {@code samples/NAME} in {@code dir} into 7 parts: the ranges
   * cover the file, each after the first starts at a line {@code starts} allows. Returns those
   * lines.
   */
  static List<String> firstLinesOfParts(Path dir, String name, int times, PartStarts starts)
      throws IOException {
    byte[] sample = Files.readAllBytes(Path.of("..", "samples", name));
    Path log = dir.resolve(name);
    try (var out = Files.newOutputStream(log)) {
      for (int i = 0; i < times; i++) {
        out.write(sample);
      }
    }
    byte[] all = Files.readAllBytes(log);
    List<Chunker.Range> ranges = Chunker.split(log, 7, 1, starts);
    assertThat(ranges).hasSize(7);
    assertThat(ranges.get(0).from()).isZero();
    assertThat(ranges.get(ranges.size() - 1).to()).isEqualTo(all.length);
    List<String> firstLines = new ArrayList<>();
    for (int i = 1; i < ranges.size(); i++) {
      int from = (int) ranges.get(i).from();
      assertThat(from).isEqualTo(ranges.get(i - 1).to());
      int nl = from;
      while (all[nl] != '\n') {
        nl++;
      }
      assertThat(starts.at(all, 0, from, nl)).isTrue();
      firstLines.add(new String(all, from, nl - from, StandardCharsets.ISO_8859_1));
    }
    return firstLines;
  }
}
