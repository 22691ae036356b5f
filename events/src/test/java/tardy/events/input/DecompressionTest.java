package tardy.events.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecompressionTest {

  static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  @Test
  void gzipIsRecognisedByMagicBytesWhateverTheName(@TempDir Path dir) throws IOException {
    Path misnamed = dir.resolve("access.log"); // no .gz
    Files.write(misnamed, gzip("1\n2\n"));
    try (InputStream in = Input.file(misnamed).open()) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("1\n2\n");
    }
    assertThat(Input.file(misnamed).isPlainFile()).isFalse();
  }

  @Test
  void plainTextPassesThrough() throws IOException {
    try (InputStream in = Decompression.open(new ByteArrayInputStream("x\n".getBytes(StandardCharsets.UTF_8)), "x")) {
      assertThat(in.readAllBytes()).containsExactly('x', '\n');
    }
  }

  @Test
  void concatenatedGzipMembersAreReadLikeGzipDoes() throws IOException {
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.writeBytes(gzip("1\n"));
    both.writeBytes(gzip("2\n"));
    try (InputStream in = Decompression.open(new ByteArrayInputStream(both.toByteArray()), "x")) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("1\n2\n");
    }
  }

  /**
   * Bytes after the last member that start no member (lines appended to a compressed log, of any
   * length, in the inflater's buffer or past it) are damage, never dropped in silence; zero bytes
   * (padding to a block) are no data. Members are read whatever the size of the first, and a
   * stream is read again after its end as -1.
   */
  @Test
  void bytesAfterTheLastMemberThatAreNoMemberAreDamageAndZeroPaddingIsNot() throws IOException {
    StringBuilder big = new StringBuilder();
    for (int i = 0; i < 50_000; i++) {
      big.append(i).append('\n');
    }
    for (String first : new String[] {"1\n", big.toString()}) {
      for (String appended : new String[] {"x", "appended line\n", big.toString()}) {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(gzip(first));
        file.writeBytes(appended.getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> {
          try (InputStream in = Decompression.open(new ByteArrayInputStream(file.toByteArray()), "x")) {
            in.readAllBytes();
          }
        }).as("%d bytes after %d", appended.length(), first.length()).isInstanceOf(IOException.class)
            .hasMessage("bytes that are no gzip data follow its last gzip member");
      }
      for (int zeros : new int[] {0, 1, 2, 10, 100_000}) {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(gzip(first));
        file.writeBytes(gzip("last\n"));
        file.writeBytes(new byte[zeros]);
        try (InputStream in = Decompression.open(new ByteArrayInputStream(file.toByteArray()), "x")) {
          assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(first + "last\n");
          assertThat(in.read()).isEqualTo(-1);
        }
      }
    }
  }

  /**
   * A pipe that delivers the second member in a later read, and says no bytes are available in
   * between (as a pipe does before they arrive): GZIPInputStream ends after the first member
   * there, so {@code (cat a.gz; sleep 1; cat b.gz) | tardy report -} lost b's lines in silence.
   */
  @Test
  void aMemberThatArrivesLaterOnAPipeIsRead() throws IOException {
    byte[][] chunks = {gzip("1\n2\n"), gzip("3\n")};
    InputStream pipe = new InputStream() {
      private int chunk;
      private int at;

      @Override
      public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (chunk == chunks.length) {
          return -1;
        }
        int n = Math.min(len, chunks[chunk].length - at);
        System.arraycopy(chunks[chunk], at, b, off, n);
        at += n;
        if (at == chunks[chunk].length) { // the next chunk comes with the next read only
          chunk++;
          at = 0;
        }
        return n;
      }

      @Override
      public int available() {
        return 0;
      }
    };
    try (InputStream in = Decompression.open(pipe, "-")) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("1\n2\n3\n");
    }
  }

  @Test
  void truncatedGzipFailsAfterTheLinesBeforeTheDamage() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 100_000; i++) {
      text.append(i).append('\n');
    }
    byte[] whole = gzip(text.toString());
    byte[] cut = Arrays.copyOf(whole, whole.length / 2);
    LineReaderTest.Collect sink = new LineReaderTest.Collect();
    tardy.events.ParseStats stats = new tardy.events.ParseStats();
    assertThatThrownBy(() -> new LineReader().read(Decompression.open(new ByteArrayInputStream(cut), "x"),
        new LineReaderTest.MillisParser(), sink, stats, LineReader.Rejects.NONE, true))
        .isInstanceOf(IOException.class);
    assertThat(stats.lines()).isPositive().isLessThan(100_000);
    assertThat(sink.nanos).hasSize((int) stats.parsed());
  }

  @Test
  void otherCompressionsAreNamedWithTheToolThatReadsThem() {
    byte[] xz = {(byte) 0xfd, '7', 'z', 'X', 'Z', 0x00, 0, 0};
    assertThatThrownBy(() -> Decompression.open(new ByteArrayInputStream(xz), "a.log.xz"))
        .isInstanceOf(InputException.class)
        .hasMessage("a.log.xz: xz-compressed input is not read directly; pipe it in: xz -dc a.log.xz | tardy ... -");
  }

  private static final Path SAMPLE = Path.of("../samples/shop-access.log");

  private static Path zstdFile(String name) {
    return Path.of("src/test/resources/zstd").resolve(name);
  }

  /** Files the zstd tool wrote (one frame; three frames and a skippable one) read as the log. */
  @Test
  void zstdFilesReadByteForByteAsThePlainLog() throws IOException {
    byte[] plain = Files.readAllBytes(SAMPLE);
    for (String name : new String[] {"shop-access.log.zst", "shop-access-frames.log.zst"}) {
      Input input = Input.file(zstdFile(name));
      try (InputStream in = input.open()) {
        assertThat(in.readAllBytes()).as(name).isEqualTo(plain);
      }
      assertThat(input.isPlainFile()).as("a zstd file is never cut into parts").isFalse();
    }
  }

  /**
   * A zstd file cut short gives every line of the blocks before the cut, then fails in words.
   * libzstd gives a block out once it is whole; the zstd tool writes blocks of 128 KiB (the
   * format's largest) but for the last, so the lines expected are those of the whole blocks
   * the cut leaves, found by walking the block headers here.
   */
  @Test
  void aTruncatedZstdGivesTheLinesOfItsWholeBlocksThenSaysWhy() throws IOException {
    byte[] whole = Files.readAllBytes(zstdFile("shop-access.log.zst"));
    byte[] plain = Files.readAllBytes(SAMPLE);
    byte[] cut = Arrays.copyOf(whole, whole.length * 2 / 3);
    long decoded = 128 * 1024L * wholeBlocks(cut);
    assertThat(decoded).as("the cut leaves a whole block, and not all").isPositive()
        .isLessThan(plain.length);
    long linesBefore = 0;
    for (int i = 0; i < decoded; i++) {
      linesBefore += plain[i] == '\n' ? 1 : 0;
    }
    LineReaderTest.Collect sink = new LineReaderTest.Collect();
    tardy.events.ParseStats stats = new tardy.events.ParseStats();
    Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> new LineReader().read(
        Decompression.open(new ByteArrayInputStream(cut), "x"),
        new LineReaderTest.MillisParser(), sink, stats, LineReader.Rejects.NONE, true));
    assertThat(thrown).isInstanceOf(IOException.class);
    assertThat(ReadStop.describe((IOException) thrown))
        .isEqualTo("compressed data is truncated or corrupt (zstd: Truncated source)");
    assertThat(stats.lines()).isEqualTo(linesBefore);
  }

  /** Whole blocks of the one frame in {@code file}, which starts with its magic number. */
  private static int wholeBlocks(byte[] file) {
    int descriptor = file[4] & 0xff;
    boolean singleSegment = (descriptor & 0x20) != 0;
    int dictionaryBytes = new int[] {0, 1, 2, 4}[descriptor & 3];
    int sizeBytes = new int[] {singleSegment ? 1 : 0, 2, 4, 8}[descriptor >>> 6];
    int at = 4 + 1 + (singleSegment ? 0 : 1) + dictionaryBytes + sizeBytes;
    int blocks = 0;
    while (at + 3 <= file.length) {
      int header = (file[at] & 0xff) | (file[at + 1] & 0xff) << 8 | (file[at + 2] & 0xff) << 16;
      int type = (header >>> 1) & 3;
      int size = type == 1 ? 1 : header >>> 3; // RLE: one byte stored
      if (at + 3 + size > file.length) {
        break;
      }
      blocks++;
      at += 3 + size;
    }
    return blocks;
  }

  @Test
  void aZstdMagicNumberAloneIsDamageBeforeAnyLine() {
    byte[] magic = {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, 0, 0, 0, 0};
    Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() ->
        Decompression.open(new ByteArrayInputStream(magic), "a.log.zst").readAllBytes());
    assertThat(thrown).isInstanceOf(IOException.class);
    assertThat(ReadStop.describe((IOException) thrown, 0))
        .startsWith("compressed data is truncated or corrupt (zstd: ")
        .endsWith(" before the first line ended (no line was read before the damage)");
  }
}
