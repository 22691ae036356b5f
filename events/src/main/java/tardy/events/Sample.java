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

  private final List<byte[]> lines;

  public Sample(List<byte[]> lines) {
    this.lines = Collections.unmodifiableList(new ArrayList<>(lines));
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
