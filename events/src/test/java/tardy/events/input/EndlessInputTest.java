package tardy.events.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.EventSink;
import tardy.events.ParseStats;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/** Inputs that would keep a reader busy for ever, or end early, stop with a reason. */
class EndlessInputTest {

  static final EventSink DISCARD = new EventSink() {
    @Override
    public void request(RequestEvent e) {}

    @Override
    public void pause(PauseEvent e) {}
  };

  /** An input that never ends: {@code head}, then {@code fill} for ever. */
  static InputStream endless(String head, byte fill) {
    byte[] first = head.getBytes(StandardCharsets.US_ASCII);
    return new InputStream() {
      long pos;

      @Override
      public int read() {
        return pos < first.length ? first[(int) pos++] : fill;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (pos < first.length) {
          int n = (int) Math.min(len, first.length - pos);
          System.arraycopy(first, (int) pos, b, off, n);
          pos += n;
          return n;
        }
        Arrays.fill(b, off, off + len, fill);
        return len;
      }
    };
  }

  @Test
  void aLineWithoutEndStopsAfterAGigabyte() {
    ParseStats stats = new ParseStats();
    assertThatThrownBy(() -> new LineReader().read(endless("1\n2\n", (byte) 0),
        new LineReaderTest.MillisParser(), DISCARD, stats, LineReader.Rejects.NONE, true))
        .isInstanceOf(ReadStop.class)
        .hasMessage("line 3 runs over 1 GiB without a line end: not a text log; stopped reading");
    assertThat(stats.lines()).isEqualTo(3);
    assertThat(stats.parsed()).isEqualTo(2);
  }

  @Test
  void aMillionMalformedLinesAndNoneParsedStop() {
    ParseStats stats = new ParseStats();
    assertThatThrownBy(() -> new LineReader().read(new InputStream() {
      boolean letter;

      @Override
      public int read() {
        return (letter = !letter) ? 'x' : '\n';
      }

      @Override
      public int read(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
          b[i] = (letter = !letter) ? (byte) 'x' : (byte) '\n';
        }
        return len;
      }
    }, new LineReaderTest.MillisParser(), DISCARD, stats, LineReader.Rejects.NONE, true))
        .isInstanceOf(ReadStop.class)
        .hasMessageStartingWith("1,000,000 lines malformed and not one parsed");
    assertThat(stats.malformed()).isEqualTo(1_000_000);
  }

  @Test
  void aMillionMalformedLinesAfterAParsedOneAreCounted() throws IOException {
    ParseStats stats = new ParseStats();
    byte[] text = ("5\n" + "x\n".repeat(1_000_001)).getBytes(StandardCharsets.US_ASCII);
    new LineReader().read(new java.io.ByteArrayInputStream(text), new LineReaderTest.MillisParser(),
        DISCARD, stats, LineReader.Rejects.NONE, true);
    assertThat(stats.lines()).isEqualTo(1_000_002);
  }

  @Test
  void aFileTruncatedWhileReadSaysSo(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("a.log"), "1\n".repeat(100_000));
    try (InputStream in = Input.file(file).open()) {
      in.readNBytes(1000);
      try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
        raf.setLength(100_000);
      }
      assertThatThrownBy(in::readAllBytes).isInstanceOf(ReadStop.class)
          .hasMessage("the file was truncated while it was read (it had 200000 bytes when opened and"
              + " ended after 100000): the lines after the cut are not counted; read a copy that is"
              + " not being rotated");
    }
  }

  @Test
  void aChunkOfAFileTruncatedWhileReadSaysSo(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("a.log"), "1\n".repeat(100_000));
    java.util.List<Chunker.Range> ranges = Chunker.split(file, 2, 1000);
    try (InputStream in = Chunker.open(file, ranges.get(1))) {
      try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
        raf.setLength(150_000);
      }
      assertThatThrownBy(in::readAllBytes).isInstanceOf(ReadStop.class)
          .hasMessageStartingWith("the file was truncated while it was read (it had at least"
              + " 200000 bytes when planned and ended after 150000)");
    }
    try (InputStream in = Chunker.open(file, ranges.get(0))) { // a part that ends before the end
      try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
        raf.setLength(50_000);
      }
      assertThatThrownBy(in::readAllBytes).isInstanceOf(ReadStop.class)
          .hasMessageStartingWith("the file was truncated while it was read (it had at least "
              + ranges.get(0).to() + " bytes when planned and ended after 50000)");
    }
  }

  @Test
  void aFifoIsAStream(@TempDir Path dir) throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        new ProcessBuilder("mkfifo", dir.resolve("f").toString()).start().waitFor() == 0,
        "mkfifo failed here: FIFO inputs not tested");
    assertThat(Input.file(dir.resolve("f")).path()).isEmpty();
    assertThat(Input.file(Files.writeString(dir.resolve("a"), "x")).path()).isPresent();
  }
}
