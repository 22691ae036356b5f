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
    byte[] zstd = {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, 0, 0, 0, 0};
    assertThatThrownBy(() -> Decompression.open(new ByteArrayInputStream(zstd), "a.log.zst"))
        .isInstanceOf(InputException.class)
        .hasMessage("a.log.zst: zstd-compressed input is not read directly; pipe it in: zstd -dc a.log.zst | tardy ... -");
  }
}
