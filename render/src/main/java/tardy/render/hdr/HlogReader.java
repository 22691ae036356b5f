package tardy.render.hdr;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads a histogram log, tardy's or jHiccup's, through HdrHistogram's own reader: the same code
 * path for both, so what tardy writes is read the way every other HdrHistogram tool reads it.
 */
public final class HlogReader {

  /** One interval line: its tag (null when untagged), absolute times, and histogram. */
  public record Line(String tag, long startMillis, long endMillis, EncodableHistogram histogram) {}

  /** @param startTimeSec the log's StartTime, or its first interval's when it has none */
  public record Content(double startTimeSec, List<Line> lines) {
    public List<Line> tagged(String tag) {
      return lines.stream().filter(l -> java.util.Objects.equals(l.tag, tag)).toList();
    }
  }

  private HlogReader() {}

  public static Content read(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return read(in);
    }
  }

  public static Content read(InputStream in) {
    List<Line> lines = new ArrayList<>();
    try (HistogramLogReader reader = new HistogramLogReader(in)) {
      for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null;
          h = reader.nextIntervalHistogram()) {
        lines.add(new Line(h.getTag(), h.getStartTimeStamp(), h.getEndTimeStamp(), h));
      }
      return new Content(reader.getStartTimeSec(), lines);
    }
  }
}
