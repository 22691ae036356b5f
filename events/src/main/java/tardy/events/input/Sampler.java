package tardy.events.input;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tardy.events.Ascii;
import tardy.events.Sample;

/**
 * Takes the first lines of an input for detection, and gives a stream back whole. Lines longer
 * than a sample's bytes (a junk first line) are passed over, so the lines after them are
 * sampled; the search for sample lines ends after {@link #SCAN_BYTES}. A first line too long to
 * sample is passed over whatever its length, as the full read counts and skips it (the README's
 * rule), up to {@link tardy.events.Limits#ENDLESS_LINE_BYTES}: there an input with no line end at
 * all ({@code /dev/zero}) is refused, as the full read would stop.
 */
public final class Sampler {

  /** The most bytes read to find sample lines. */
  public static final int SCAN_BYTES = tardy.events.Limits.SAMPLE_SCAN_BYTES;

  private Sampler() {}

  /** A sample and the stream it came from, replayed from its first byte. */
  public record Sampled(Sample sample, InputStream stream) {}

  /**
   * Samples an input that can be read only once. Damage in the sampled part (a truncated gzip)
   * ends the sample early; the replayed stream gives the bytes before it, then the same error,
   * so the full read reports it with the lines before it. Of a line too long to sample, only its
   * first bytes are kept for the replay, enough for the line reader to count it as too long.
   */
  public static Sampled sampleAndReplay(Input input) {
    return sample(input.open(), input.name());
  }

  /** The same for a stream already opened, named {@code name} in messages. */
  public static Sampled sample(InputStream in, String name) {
    Head head = Head.read(in, name, true);
    InputStream rest = head.damage == null ? in : new InputStream() {
      @Override
      public int read() throws IOException {
        throw head.damage;
      }
    };
    return new Sampled(head.sample(),
        new SequenceInputStream(new ByteArrayInputStream(head.bytes), rest));
  }

  /** The sample of a file that is opened only to be sampled. */
  public static Sample sample(Input input) {
    try (InputStream in = input.open()) {
      return Head.read(in, input.name(), false).sample();
    } catch (IOException e) {
      return new Sample(List.of()); // closing failed after a complete read: nothing to sample
    }
  }

  /**
   * The first bytes of a stream (the bytes kept, when kept for replay), the sample lines, and
   * what stopped the reading early, if anything did.
   */
  private record Head(byte[] bytes, List<byte[]> lines, IOException damage, byte[] binary,
      long tooLong) {

    Head(byte[] bytes, List<byte[]> lines, IOException damage, long tooLong) {
      this(bytes, lines, damage, null, tooLong);
    }

    Sample sample() {
      return binary != null ? Sample.ofBinary(binary) : new Sample(lines, tooLong);
    }

    static Head read(InputStream in, String name, boolean keep) {
      Scan scan = new Scan(keep);
      byte[] chunk = new byte[1 << 16];
      try {
        int n;
        boolean first = true;
        while (!scan.done() && (n = in.read(chunk)) >= 0) {
          if (first && n > 0 && Sample.isBinary(chunk, n)) { // a recording: no lines to sample
            byte[] head = Arrays.copyOf(chunk, n);
            return new Head(keep ? head : new byte[0], List.of(), null, head, 0);
          }
          first = first && n == 0;
          scan.add(chunk, n);
        }
        if (!scan.done()) {
          scan.end();
        } else if (scan.endless()) {
          throw new InputException(name + ": line 1 runs over "
              + (tardy.events.Limits.ENDLESS_LINE_BYTES >> 30) + " GiB without a line end: not a"
              + " text log");
        } else if (scan.lines.isEmpty()) {
          throw new InputException(name + ": no line of at most " + (Sample.MAX_BYTES >> 20)
              + " MiB in its first " + (SCAN_BYTES >> 20) + " MiB: not a text log");
        }
        return new Head(scan.kept.toByteArray(), scan.lines, null, scan.tooLongLines);
      } catch (IOException e) {
        if (scan.lineEnds == 0) { // damaged before its first line: no lines to sample or read
          throw new InputException(name + ": " + ReadStop.describe(e, 0), e);
        }
        // the lines before the damage
        return new Head(scan.kept.toByteArray(), scan.lines, e, scan.tooLongLines);
      }
    }
  }

  /** Splits bytes into sample lines as they come, skipping over lines too long to sample. */
  private static final class Scan {
    final List<byte[]> lines = new ArrayList<>();
    final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final boolean keep;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean tooLong; // inside a line longer than a sample: kept no more, not sampled
    private long scanned;
    private long firstPassedOver; // bytes of a first line too long to sample, not searched
    private int sampledBytes;
    private boolean first = true;
    long lineEnds;
    long tooLongLines; // lines passed over as longer than a sample

    Scan(boolean keep) {
      this.keep = keep;
    }

    boolean done() {
      return lines.size() >= Sample.MAX_LINES || sampledBytes >= Sample.MAX_BYTES
          || scanned - firstPassedOver >= SCAN_BYTES || endless();
    }

    /** The first line ran on past where a full read stops too: no line end will come. */
    boolean endless() {
      return firstPassedOver > tardy.events.Limits.ENDLESS_LINE_BYTES;
    }

    void add(byte[] chunk, int n) {
      scanned += n;
      int from = 0;
      for (int i = 0; i < n; i++) {
        if (chunk[i] == '\n') {
          append(chunk, from, i + 1);
          endLine();
          from = i + 1;
          if (done()) { // what is left of the chunk is still replayed
            keep(chunk, from, n);
            return;
          }
        }
      }
      append(chunk, from, n);
    }

    /** The input ended: a last line without newline is a line. */
    void end() {
      if (line.size() > 0 && !tooLong) {
        lines.add(trim(line.toByteArray(), false));
      }
    }

    private void append(byte[] b, int from, int to) {
      if (tooLong) {
        firstPassedOver += lineEnds == 0 ? to - from : 0;
        return;
      }
      int room = Sample.MAX_BYTES + 1 - line.size();
      if (to - from > room) { // past a sample's size: keep a line reader's worth of it, no more
        line.write(b, from, room);
        keep(b, from, from + room);
        tooLong = true;
        tooLongLines++;
        firstPassedOver += lineEnds == 0 ? to - from - room : 0;
        return;
      }
      line.write(b, from, to - from);
      keep(b, from, to);
    }

    private void keep(byte[] b, int from, int to) {
      if (keep) {
        kept.write(b, from, to - from);
      }
    }

    private void endLine() {
      lineEnds++;
      if (tooLong) {
        keep(new byte[] {'\n'}, 0, 1);
      } else {
        byte[] l = trim(line.toByteArray(), true);
        lines.add(l);
        sampledBytes += l.length + 1;
      }
      line.reset();
      tooLong = false;
      first = false;
    }

    /** Without its newline and a CR before it, and without a byte order mark at the start. */
    private byte[] trim(byte[] l, boolean newline) {
      int to = Ascii.withoutReturn(l, 0, newline ? l.length - 1 : l.length);
      int from = first && to >= 3 && l[0] == (byte) 0xef && l[1] == (byte) 0xbb
          && l[2] == (byte) 0xbf ? 3 : 0;
      return Arrays.copyOfRange(l, from, to);
    }
  }
}
