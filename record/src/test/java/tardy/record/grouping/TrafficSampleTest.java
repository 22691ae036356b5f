package tardy.record.grouping;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sample's lines against a byte-by-byte split written here, on ragged random bytes. */
class TrafficSampleTest {

  @TempDir
  Path dir;

  @Test
  void headLinesAreTheNewlineSplitOfTheBytes() {
    Random random = new Random(36);
    for (int round = 0; round < 2_000; round++) {
      byte[] b = ragged(random, random.nextInt(70));
      for (boolean whole : new boolean[] {true, false}) {
        assertEquals(text(split(b, true, whole)), text(TrafficSample.ofHead(b, whole)),
            "round " + round + " whole " + whole + ": " + new String(b));
      }
    }
  }

  @Test
  void aLargeFileIsSampledInWindowsOfWholeLines() throws IOException {
    Random random = new Random(7);
    byte[] b = ragged(random, TrafficSample.BYTES + 3 * 65_537);
    Path file = Files.write(dir.resolve("big.log"), b);
    List<byte[]> expected = new ArrayList<>();
    int window = TrafficSample.BYTES / TrafficSample.WINDOWS;
    for (int i = 0; i < TrafficSample.WINDOWS; i++) {
      int from = b.length / TrafficSample.WINDOWS * i;
      byte[] part = Arrays.copyOfRange(b, from, Math.min(b.length, from + window));
      expected.addAll(split(part, i == 0, false));
    }
    List<byte[]> sampled = TrafficSample.ofPlainFile(file);
    assertEquals(text(expected), text(sampled));
    assertEquals(true, sampled.size() > 1000, "windows hold many lines: " + sampled.size());
  }

  @Test
  void aSmallFileIsSampledWhole() throws IOException {
    byte[] b = "a b\r\nc\n\nlast".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    Path file = Files.write(dir.resolve("small.log"), b);
    assertEquals(List.of("a b", "c", "", "last"), text(TrafficSample.ofPlainFile(file)));
  }

  /** Short lines of letters, spaces and carriage returns, some empty. */
  private static byte[] ragged(Random random, int length) {
    byte[] alphabet = "ab \r\n\n\r\nxyz0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = alphabet[random.nextInt(alphabet.length)];
    }
    return b;
  }

  /** The reference: a byte at a time, as a reader would. */
  private static List<byte[]> split(byte[] b, boolean atStart, boolean whole) {
    List<byte[]> out = new ArrayList<>();
    int start = 0;
    if (!atStart) {
      while (start < b.length && b[start] != '\n') {
        start++;
      }
      start++;
    }
    for (int i = start; i < b.length; i++) {
      if (b[i] == '\n') {
        int end = i > start && b[i - 1] == '\r' ? i - 1 : i;
        out.add(Arrays.copyOfRange(b, start, end));
        start = i + 1;
      }
    }
    if (whole && start < b.length) {
      out.add(Arrays.copyOfRange(b, start, b.length));
    }
    return out;
  }

  private static List<String> text(List<byte[]> lines) {
    List<String> out = new ArrayList<>();
    for (byte[] line : lines) {
      out.add(new String(line, java.nio.charset.StandardCharsets.ISO_8859_1));
    }
    return out;
  }
}
