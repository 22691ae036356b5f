package tardy.events;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The first lines of an input, without line terminators, that formats are detected from. Bounded
 * in lines and bytes, so detection costs the same on any input.
 */
public final class Sample {

  public static final int MAX_LINES = 2000;
  public static final int MAX_BYTES = 1 << 20;

  /** How many first bytes of a binary input a sample keeps: enough for a file header. */
  public static final int BINARY_HEAD_BYTES = 256;

  private final List<byte[]> lines;
  private final byte[] binaryHead;
  private final long linesTooLong;

  public Sample(List<byte[]> lines) {
    this(lines, new byte[0], 0);
  }

  /**
   * The sample of text lines read past {@code linesTooLong} lines too long to sample (over
   * {@link #MAX_BYTES}): an input of such lines alone is no empty input, though it gives no line.
   */
  public Sample(List<byte[]> lines, long linesTooLong) {
    this(lines, new byte[0], linesTooLong);
  }

  private Sample(List<byte[]> lines, byte[] binaryHead, long linesTooLong) {
    this.lines = Collections.unmodifiableList(new ArrayList<>(lines));
    this.binaryHead = binaryHead;
    this.linesTooLong = linesTooLong;
  }

  /**
   * The sample of a binary input (one with a NUL byte among its first bytes, {@link #isBinary}):
   * no lines, its first bytes only, for a {@link RecordFormat} to recognise its file header.
   */
  public static Sample ofBinary(byte[] head) {
    return new Sample(List.of(), java.util.Arrays.copyOf(head, Math.min(head.length,
        BINARY_HEAD_BYTES)), 0);
  }

  /**
   * Whether bytes that start an input are binary, not text: a NUL among the second to fourth (no
   * text log has one there; a JFR recording's magic is {@code FLR\0}). A NUL first byte is no
   * sign: a log cut by copytruncate starts with a hole of NULs, and is still text.
   */
  public static boolean isBinary(byte[] head, int length) {
    if (length == 0 || head[0] == 0) {
      return false;
    }
    for (int i = 1; i < Math.min(4, length); i++) {
      if (head[i] == 0) {
        return true;
      }
    }
    return false;
  }

  /** Why a UTF-16 input is not read, and what to do. */
  public static final String UTF16_ADVICE = "is UTF-16 text (as Windows PowerShell's > writes"
      + " it), and tardy reads text in UTF-8 or ASCII: convert it first, e.g. iconv -f UTF-16"
      + " -t UTF-8 LOG > LOG.utf8";

  /**
   * Whether bytes that start an input (or its first line) are UTF-16 text: its byte order mark,
   * or ASCII characters each with a NUL beside it through the first 16 bytes (after it in
   * little-endian, whose head is then binary; before it in big-endian, which splits into lines).
   * A run of NULs (the hole copytruncate leaves) is neither.
   */
  public static boolean isUtf16(byte[] head, int length) {
    if (length >= 2 && (head[0] == (byte) 0xFF && head[1] == (byte) 0xFE
        || head[0] == (byte) 0xFE && head[1] == (byte) 0xFF)) {
      return true;
    }
    if (length < 16) {
      return false;
    }
    boolean little = true;
    boolean big = true;
    for (int i = 0; i < 16; i += 2) {
      little &= head[i] > 0 && head[i + 1] == 0;
      big &= head[i] == 0 && head[i + 1] > 0;
    }
    return little || big;
  }

  /** The first bytes of a binary input; empty for a text input. */
  public byte[] binaryHead() {
    return binaryHead.clone();
  }

  /** How many lines were passed over as too long to sample (over {@link #MAX_BYTES}). */
  public long linesTooLong() {
    return linesTooLong;
  }

  /** Whether this is the sample of a binary input. */
  public boolean binary() {
    return binaryHead.length > 0;
  }

  /** A sample of text lines, for tests and for callers that already hold strings. */
  public static Sample ofText(List<String> lines) {
    List<byte[]> bytes = new ArrayList<>();
    for (String line : lines) {
      bytes.add(line.getBytes(StandardCharsets.UTF_8));
    }
    return new Sample(bytes);
  }

  public List<byte[]> lines() {
    return lines;
  }

  /** The lines that are not empty or blank. */
  public List<byte[]> nonBlankLines() {
    List<byte[]> out = new ArrayList<>();
    for (byte[] line : lines) {
      if (!Ascii.isBlank(line, 0, line.length)) {
        out.add(line);
      }
    }
    return out;
  }

  /** Runs the parser over every non-blank line and grades the share that parsed. */
  public Match gradeByParsing(LineParser parser) {
    List<byte[]> candidates = nonBlankLines();
    int hits = 0;
    for (byte[] line : candidates) {
      if (parser.parse(line, 0, line.length, EventSink.DISCARD).isParsed()) {
        hits++;
      }
    }
    return Match.ofShare(hits, candidates.size());
  }
}
