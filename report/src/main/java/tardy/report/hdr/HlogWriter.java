package tardy.report.hdr;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import tardy.classify.interval.EncodedHistogram;
import tardy.classify.interval.Interval;
import tardy.classify.interval.Timeline;

/**
 * Writes one timeline as a histogram log with HdrHistogram's own {@code HistogramLogWriter}: per
 * interval one untagged line with every event, then one tagged line per group that had events.
 * Intervals without events are written empty so the time axis has no holes, except a stretch of
 * more than {@link Timeline#MAX_FILLED_GAP} of them, which one comment line stands for.
 */
public final class HlogWriter {

  /**
   * @param anchorMillis epoch milliseconds of the timeline's clock zero: 0 for wall-clock
   *     timelines, the JVM start for uptime ones; empty when unknown, and then StartTime and
   *     BaseTime are 0 and the times read as seconds of uptime
   * @param comments free lines for the header (what the values are, how they were counted)
   */
  public record Options(String tool, OptionalLong anchorMillis, List<String> comments) {
    public Options {
      comments = List.copyOf(comments);
    }
  }

  private HlogWriter() {}

  /** Writes the timeline, compacting it first (see {@link Timeline#compactAll}). */
  public static void write(Timeline timeline, HlogFormat.Tags tags, Options options,
      OutputStream target) throws IOException {
    timeline.compactAll();
    long length = timeline.lengthMillis();
    long first = timeline.intervals().isEmpty() ? 0 : timeline.intervals().firstKey();
    long anchor = options.anchorMillis().orElse(0);
    long base = options.anchorMillis().isPresent() ? anchor + first * length : 0;

    tardy.report.KeptError kept = new tardy.report.KeptError(target);
    PrintStream out = new PrintStream(kept, false, StandardCharsets.UTF_8);
    org.HdrHistogram.HistogramLogWriter log = new org.HdrHistogram.HistogramLogWriter(out);
    log.outputComment("[Logged with " + options.tool() + "]");
    log.outputLogFormatVersion();
    log.outputComment(HlogFormat.startTimeComment(base));
    log.setBaseTime(base);
    log.outputBaseTime(base);
    for (String comment : options.comments()) {
      log.outputComment("[" + comment + "]");
    }
    out.print(HlogFormat.LEGEND); // HistogramLogWriter's legend ends with the platform newline

    out.flush(); // the lines go to the stream beneath, byte by byte as HdrHistogram writes them
    IntervalLine line = new IntervalLine();
    long previous = first - 1;
    for (Map.Entry<Long, Interval> entry : timeline.intervals().entrySet()) {
      long i = entry.getKey();
      gap(log, line, kept, previous + 1, i, anchor, base, length);
      long start = anchor + i * length;
      Interval interval = entry.getValue();
      line.write(kept, null, start, length, base, interval.encodedAll());
      for (Map.Entry<String, EncodedHistogram> group : interval.encodedByGroup().entrySet()) {
        line.write(kept, tags.of(group.getKey()), start, length, base, group.getValue());
      }
      previous = i;
    }
    out.flush();
    if (out.checkError()) {
      throw kept.error("the histogram log could not be written");
    }
  }

  /**
   * The intervals {@code from} (inclusive) to {@code to} (exclusive), which had no event: written
   * empty so the time axis has no holes, unless there are more than {@link
   * Timeline#MAX_FILLED_GAP} of them; then one comment says what was left out.
   */
  private static void gap(org.HdrHistogram.HistogramLogWriter log, IntervalLine line,
      OutputStream out, long from, long to, long anchor, long base, long length)
      throws IOException {
    if (to - from > Timeline.MAX_FILLED_GAP) {
      log.outputComment("[No events in " + (to - from) + " intervals, from "
          + HlogFormat.seconds(anchor + from * length - base) + " to "
          + HlogFormat.seconds(anchor + to * length - base) + " s: not written]");
      return;
    }
    for (long i = from; i < to; i++) {
      line.write(out, null, anchor + i * length, length, base, EncodedHistogram.empty());
    }
  }
}
