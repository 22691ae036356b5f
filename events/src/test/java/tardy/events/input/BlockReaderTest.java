package tardy.events.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.ParseStats;

/**
 * A stream cut into blocks and each block read apart gives what one pass over the stream gives:
 * the same lines to the parser, in order, and the same accounting, line numbers included.
 */
class BlockReaderTest {

  private static final Outcome BAD = Outcome.malformed("bad");

  /** What a pass saw: every line handed to the parser, and the accounting. */
  private record Seen(List<String> lines, ParseStats stats) {}

  /** A parser that keeps the lines it sees; a line starting with "bad" is malformed. */
  private static LineParser keeping(List<String> into) {
    return (b, from, to, sink) -> {
      String line = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
      into.add(line);
      return line.startsWith("bad") ? BAD : Outcome.PARSED;
    };
  }

  private static Seen onePass(byte[] input, int maxLineBytes) throws IOException {
    List<String> lines = new ArrayList<>();
    ParseStats stats = new ParseStats();
    new LineReader(maxLineBytes).read(new ByteArrayInputStream(input), keeping(lines),
        EndlessInputTest.DISCARD, stats, LineReader.Rejects.NONE, true);
    return new Seen(lines, stats);
  }

  private static Seen inBlocks(InputStream input, int blockBytes, int maxLineBytes)
      throws IOException {
    List<String> lines = new ArrayList<>();
    ParseStats total = new ParseStats();
    BlockReader reader = new BlockReader(input, blockBytes, maxLineBytes);
    BlockReader.Block block = new BlockReader.Block(blockBytes);
    boolean first = true;
    while (reader.next(block)) {
      ParseStats stats = new ParseStats();
      new LineReader(maxLineBytes).read(block.buf(), 0, block.length(), keeping(lines),
          EndlessInputTest.DISCARD, stats, first);
      total.add(stats, total.lines());
      first = false;
    }
    return new Seen(lines, total);
  }

  /** Lines of every length around the limit, CRLF, blank and bad lines, a BOM, no last LF. */
  private static byte[] randomInput(Random random, int maxLineBytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (random.nextBoolean()) {
      out.writeBytes(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf});
    }
    int lines = random.nextInt(60);
    for (int i = 0; i < lines; i++) {
      int kind = random.nextInt(10);
      int length = kind < 2 ? maxLineBytes - 2 + random.nextInt(5)
          : kind < 3 ? random.nextInt(4 * maxLineBytes) : random.nextInt(maxLineBytes / 2);
      String prefix = kind == 3 ? "bad" : kind == 4 ? " \t" : "";
      StringBuilder line = new StringBuilder(prefix);
      while (line.length() < length) {
        line.append((char) ('a' + random.nextInt(26)));
      }
      out.writeBytes(line.toString().getBytes(StandardCharsets.ISO_8859_1));
      if (i < lines - 1 || random.nextBoolean()) {
        out.writeBytes(random.nextInt(5) == 0 ? new byte[] {'\r', '\n'} : new byte[] {'\n'});
      }
    }
    return out.toByteArray();
  }

  /** A stream that hands out a few bytes at a time, as pipes and decompressors do. */
  private static InputStream trickling(byte[] bytes, Random random) {
    return new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 1 + random.nextInt(97)));
      }
    };
  }

  @Test
  void blocksOfAnySizeSeeWhatOnePassSees() throws IOException {
    Random random = new Random(19);
    for (int round = 0; round < 2_000; round++) {
      int maxLineBytes = 8 + random.nextInt(120);
      byte[] input = randomInput(random, maxLineBytes);
      int blockBytes = 1 + random.nextInt(3 * maxLineBytes);
      Seen expected = onePass(input, maxLineBytes);
      Seen actual = inBlocks(trickling(input, random), blockBytes, maxLineBytes);
      String what = "round " + round + ", block " + blockBytes + ", max line " + maxLineBytes;
      assertThat(actual.lines()).as(what).isEqualTo(expected.lines());
      assertSameAccount(actual.stats(), expected.stats(), what);
    }
  }

  @Test
  void aLineOverTheLimitIsTooLongWhetherOrNotItArrivesWhole() throws IOException {
    byte[] input = ("short\n" + "x".repeat(101) + "\nafter\n").getBytes(StandardCharsets.US_ASCII);
    Seen whole = onePass(input, 100); // the line arrives whole in the reader's buffer
    assertThat(whole.lines()).containsExactly("short", "after");
    assertThat(whole.stats().count(LineReader.LINE_TOO_LONG)).isEqualTo(1);
    assertThat(whole.stats().reasons().get(0).firstLines()).containsExactly(2L);
  }

  @Test
  void aFailedReadHandsOutTheWholeLinesBeforeItThenThrows() throws IOException {
    byte[] head = "one\ntwo\nthr".getBytes(StandardCharsets.US_ASCII);
    IOException damage = new IOException("Unexpected end of ZLIB input stream");
    InputStream failing = new InputStream() {
      int pos;

      @Override
      public int read() {
        throw new UnsupportedOperationException();
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (pos == head.length) {
          throw damage;
        }
        int n = Math.min(len, head.length - pos);
        System.arraycopy(head, pos, b, off, n);
        pos += n;
        return n;
      }
    };
    BlockReader reader = new BlockReader(failing, 1 << 20, 1 << 20);
    BlockReader.Block block = new BlockReader.Block(1 << 20);
    assertThat(reader.next(block)).isTrue();
    assertThat(new String(block.buf(), 0, block.length(), StandardCharsets.US_ASCII))
        .isEqualTo("one\ntwo\n");
    assertThatThrownBy(() -> reader.next(block)).isSameAs(damage);
    assertThat(reader.next(block)).isFalse();
  }

  @Test
  void aLineWithoutEndStopsTheReadOnceSkippingPassesAGigabyte() throws IOException {
    BlockReader reader = new BlockReader(EndlessInputTest.endless("a\nb", (byte) 'x'), 1 << 20,
        1 << 20);
    BlockReader.Block block = new BlockReader.Block(1 << 20);
    assertThat(reader.next(block)).isTrue(); // "a\n"
    assertThat(block.length()).isEqualTo(2);
    assertThat(reader.next(block)).isTrue(); // the head of the endless line
    assertThat(block.length()).isGreaterThan(1 << 20);
    assertThatThrownBy(() -> reader.next(block)).isInstanceOf(BlockReader.EndlessLine.class);
  }

  private static void assertSameAccount(ParseStats actual, ParseStats expected, String what) {
    assertThat(actual.lines()).as(what).isEqualTo(expected.lines());
    assertThat(actual.parsed()).as(what).isEqualTo(expected.parsed());
    assertThat(actual.ignored()).as(what).isEqualTo(expected.ignored());
    assertThat(actual.malformed()).as(what).isEqualTo(expected.malformed());
    assertThat(actual.reasons()).as(what).hasSameSizeAs(expected.reasons());
    for (int i = 0; i < expected.reasons().size(); i++) {
      assertThat(actual.reasons().get(i).outcome()).as(what)
          .isEqualTo(expected.reasons().get(i).outcome());
      assertThat(actual.reasons().get(i).count()).as(what)
          .isEqualTo(expected.reasons().get(i).count());
      assertThat(actual.reasons().get(i).firstLines()).as(what)
          .isEqualTo(expected.reasons().get(i).firstLines());
    }
  }
}
