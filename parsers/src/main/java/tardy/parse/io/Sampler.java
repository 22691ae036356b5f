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

  /**
   * Samples a stream that can be read only once. Damage in the sampled part (a truncated gzip)
   * ends the sample early; the replayed stream gives the bytes before it, then the same error,
   * so the full read reports it with the lines before it.
   */
  public static Sampled sample(InputStream in) {
    Head head = Head.read(in);
    InputStream rest = head.damage == null ? in : new InputStream() {
      @Override
      public int read() throws IOException {
        throw head.damage;
      }
    };
    return new Sampled(lines(head.bytes, head.whole()),
        new SequenceInputStream(new ByteArrayInputStream(head.bytes), rest));
  }

  /** The sample of an input that is opened only to be sampled. */
  public static Sample sample(Input input) {
    try (InputStream in = input.open()) {
      Head head = Head.read(in);
      return lines(head.bytes, head.whole());
    } catch (IOException e) {
      return new Sample(List.of()); // closing failed after a complete read: nothing to sample
    }
  }

  /** The first bytes of a stream, and what stopped the reading early, if anything did. */
  private record Head(byte[] bytes, IOException damage) {
    static Head read(InputStream in) {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      byte[] chunk = new byte[1 << 16];
      try {
        int n;
        while (out.size() < Sample.MAX_BYTES
            && (n = in.read(chunk, 0, Math.min(chunk.length, Sample.MAX_BYTES - out.size()))) >= 0) {
          out.write(chunk, 0, n);
        }
        return new Head(out.toByteArray(), null);
      } catch (IOException e) {
        return new Head(out.toByteArray(), e); // keep the complete lines read before the damage
      }
    }

    /** Whether the head is the whole input, so a last line without newline is complete. */
    boolean whole() {
      return damage == null && bytes.length < Sample.MAX_BYTES;
    }
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
