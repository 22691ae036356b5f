package tardy.events.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tardy.events.Sample;

/**
 * A binary input (a NUL among its second to fourth bytes, as in a recording's {@code FLR\0}) is
 * sampled as its first bytes and no lines, and replayed whole; a text log, even one that a
 * copytruncate left starting with NULs, is sampled as lines.
 */
class BinarySampleTest {

  @Test
  void aRecordingsHeadIsSampledAsBytesAndReplayedWhole() throws Exception {
    byte[] bytes = new byte[300];
    bytes[0] = 'F';
    bytes[1] = 'L';
    bytes[2] = 'R';
    bytes[10] = '\n';
    bytes[299] = 42;
    Sampler.Sampled sampled = Sampler.sample(new ByteArrayInputStream(bytes), "x.jfr");
    assertThat(sampled.sample().binary()).isTrue();
    assertThat(sampled.sample().lines()).isEmpty();
    assertThat(sampled.sample().binaryHead()).hasSize(Sample.BINARY_HEAD_BYTES)
        .startsWith('F', 'L', 'R', 0);
    assertThat(sampled.stream().readAllBytes()).isEqualTo(bytes);
  }

  @Test
  void textAndAHoleOfNulsAreText() {
    byte[] hole = "\0\0\0\0\0\0\nGET / 200\n".getBytes(StandardCharsets.ISO_8859_1);
    Sample sample = Sampler.sample(new ByteArrayInputStream(hole), "access.log").sample();
    assertThat(sample.binary()).isFalse();
    assertThat(sample.lines()).hasSize(2);
    assertThat(Sample.isBinary("GET /".getBytes(StandardCharsets.US_ASCII), 5)).isFalse();
    assertThat(Sample.isBinary(new byte[] {'F', 'L', 'R', 0}, 4)).isTrue();
    assertThat(Sample.isBinary(new byte[0], 0)).isFalse();
  }
}
