package tardy.parse.io;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tardy.parse.Sample;

/** Takes the first lines of a stream for detection, and gives the stream back whole. */
public final class Sampler {

  private Sampler() {}

  /** A sample and the stream it came from, replayed from its first byte. */
  public record Sampled(Sample sample, InputStream stream) {}

  public static Sampled sample(InputStream in) throws IOException {
    byte[] head = in.readNBytes(Sample.MAX_BYTES);
    boolean whole = head.length < Sample.MAX_BYTES;
    InputStream replay = new SequenceInputStream(new ByteArrayInputStream(head), in);
    return new Sampled(lines(head, whole), replay);
  }

  /**
   * The sample of an input that is opened only to be sampled. Damage in the sampled part (a
   * truncated gzip) ends the sample early: the full read reports it, with the lines before it.
   */
  public static Sample sample(Input input) {
    java.io.ByteArrayOutputStream head = new java.io.ByteArrayOutputStream();
    boolean whole = true;
    try (InputStream in = input.open()) {
      byte[] chunk = new byte[1 << 16];
      int n;
      while (head.size() < Sample.MAX_BYTES
          && (n = in.read(chunk, 0, Math.min(chunk.length, Sample.MAX_BYTES - head.size()))) >= 0) {
        head.write(chunk, 0, n);
      }
      whole = head.size() < Sample.MAX_BYTES;
    } catch (IOException e) {
      whole = false; // keep the complete lines read before the damage
    }
    return lines(head.toByteArray(), whole);
  }

  private static Sample lines(byte[] head, boolean whole) {
    List<byte[]> lines = new ArrayList<>();
    int start = head.length >= 3 && head[0] == (byte) 0xef && head[1] == (byte) 0xbb
        && head[2] == (byte) 0xbf ? 3 : 0;
    for (int i = start; i < head.length && lines.size() < Sample.MAX_LINES; i++) {
      if (head[i] == '\n') {
        lines.add(trimCr(head, start, i));
        start = i + 1;
      }
    }
    if (whole && start < head.length && lines.size() < Sample.MAX_LINES) {
      lines.add(trimCr(head, start, head.length));
    }
    return new Sample(lines);
  }

  private static byte[] trimCr(byte[] b, int from, int to) {
    return Arrays.copyOfRange(b, from, to > from && b[to - 1] == '\r' ? to - 1 : to);
  }
}
