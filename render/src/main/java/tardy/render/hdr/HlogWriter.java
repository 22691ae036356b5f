package tardy.render.hdr;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import tardy.record.interval.EncodedHistogram;
import tardy.record.interval.Interval;
import tardy.record.interval.Timeline;

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
    long first = timeline.size() == 0 ? 0 : timeline.indexAt(0);
    long anchor = options.anchorMillis().orElse(0);
    long base = options.anchorMillis().isPresent() ? anchor + first * length : 0;

    tardy.render.KeptError kept = new tardy.render.KeptError(target);
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
    Lines lines = new Lines(timeline, tags, first, anchor, base, length);
    lines.writeTo(kept);
    out.flush();
    if (out.checkError()) {
      throw kept.error("the histogram log could not be written");
    }
  }

  /**
   * The interval lines, rendered in blocks of a bounded size: on the threads of a small
   * pool when there are several blocks (a long log's 250,000 lines are a serial quarter second at
   * the end of a run otherwise), each block into its own bytes, written in order, so the file is
   * the same byte for byte. Tags are fixed first, the names asked in name order.
   */
  private static final class Lines {

    static final int BLOCK = 512;

    /**
     * Lines in a block, at most (and one interval's own lines more): a block of 512 intervals
     * with up to {@link Timeline#MAX_FILLED_GAP} empty ones before each was half a million lines,
     * and the few blocks ahead of the writer ran out of the heap (--interval 1ms over an hour).
     */
    static final int BLOCK_LINES = 8_192;

    private int[] starts; // each block's first interval, and the end after the last block

    private final Timeline intervals;
    private final Map<String, byte[]> tagPrefixes = new HashMap<>(); // by group name
    private final java.util.Queue<ByteArrayOutputStream> free =
        new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final long first;
    private final long anchor;
    private final long base;
    private final long length;

    Lines(Timeline intervals, HlogFormat.Tags all, long first, long anchor, long base,
        long length) {
      this.intervals = intervals;
      this.first = first;
      this.anchor = anchor;
      this.base = base;
      this.length = length;
      for (String name : new java.util.TreeSet<>(intervals.groupNames())) { // in name order
        tagPrefixes.put(name, IntervalLine.tagPrefix(all.of(name)));
      }
    }

    /** Blocks of at most {@value #BLOCK} intervals and about {@value #BLOCK_LINES} lines. */
    private int[] blocks() {
      int[] s = new int[16];
      int n = 0;
      int from = 0;
      long lines = 0;
      long previous = first - 1;
      for (int at = 0; at < intervals.size(); at++) {
        long i = intervals.indexAt(at);
        long gap = i - previous - 1;
        lines += (gap > Timeline.MAX_FILLED_GAP ? 1 : gap) + 1 + intervals.intervalAt(at).groups();
        previous = i;
        if (at + 1 - from >= BLOCK || lines >= BLOCK_LINES) {
          if (n + 2 > s.length) {
            s = java.util.Arrays.copyOf(s, 2 * s.length);
          }
          s[n++] = from;
          from = at + 1;
          lines = 0;
        }
      }
      if (n + 2 > s.length) {
        s = java.util.Arrays.copyOf(s, s.length + 2);
      }
      if (from < intervals.size()) {
        s[n++] = from;
      }
      s[n] = intervals.size();
      return java.util.Arrays.copyOf(s, n + 1);
    }

    void writeTo(OutputStream out) throws IOException {
      starts = blocks();
      int blocks = starts.length - 1;
      int threads = Math.min(blocks, Math.min(4, Runtime.getRuntime().availableProcessors()));
      if (threads < 2) {
        for (int b = 0; b < blocks; b++) {
          written(render(b), out);
        }
        return;
      }
      ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
        Thread t = new Thread(task, "hlog-lines");
        t.setDaemon(true);
        return t;
      });
      try {
        ArrayDeque<Future<ByteArrayOutputStream>> ahead = new ArrayDeque<>();
        int next = 0;
        for (int b = 0; b < blocks; b++) {
          while (next < blocks && ahead.size() < 2 * threads) { // a few blocks in memory at most
            int block = next++;
            ahead.add(pool.submit(() -> render(block)));
          }
          written(done(ahead.poll()), out);
        }
      } finally {
        pool.shutdownNow();
      }
    }

    /** Writes a rendered block out; its buffer then renders a later one. */
    private void written(ByteArrayOutputStream block, OutputStream out) throws IOException {
      block.writeTo(out);
      block.reset();
      free.add(block);
    }

    private static ByteArrayOutputStream done(Future<ByteArrayOutputStream> block)
        throws IOException {
      try {
        return block.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while writing the histogram log");
      } catch (ExecutionException e) {
        if (e.getCause() instanceof RuntimeException r) {
          throw r;
        }
        if (e.getCause() instanceof Error r) {
          throw r;
        }
        throw new IllegalStateException("a block of the histogram log", e.getCause());
      }
    }

    /**
     * The lines of block {@code b}: each interval's, after the empty ones before it; in a buffer
     * a written block gave back when there is one (a megabyte each: half a gigabyte of
     * short-lived arrays, zeroed and collected, for a long log's 480 blocks otherwise).
     */
    ByteArrayOutputStream render(int b) throws IOException {
      ByteArrayOutputStream reused = free.poll();
      ByteArrayOutputStream bytes =
          reused != null ? reused : new ByteArrayOutputStream(BLOCK * 2048);
      PrintStream text = new PrintStream(bytes, false, StandardCharsets.UTF_8);
      org.HdrHistogram.HistogramLogWriter log = new org.HdrHistogram.HistogramLogWriter(text);
      IntervalLine line = new IntervalLine();
      int from = starts[b];
      long previous = from == 0 ? first - 1 : intervals.indexAt(from - 1);
      for (int at = from; at < starts[b + 1]; at++) {
        long i = intervals.indexAt(at);
        gap(log, text, line, bytes, previous + 1, i);
        long start = anchor + i * length;
        Interval interval = intervals.intervalAt(at);
        line.write(bytes, null, start, length, base, interval.encodedAll());
        for (int g = 0; g < interval.groups(); g++) {
          line.write(bytes, tagPrefixes.get(interval.groupName(g)), start, length, base,
              interval.encodedGroup(g));
        }
        previous = i;
      }
      return bytes;
    }

    /**
     * The intervals {@code from} (inclusive) to {@code to} (exclusive), which had no event: written
     * empty so the time axis has no holes, unless there are more than {@link
     * Timeline#MAX_FILLED_GAP} of them; then one comment says what was left out.
     */
    private void gap(org.HdrHistogram.HistogramLogWriter log, PrintStream text, IntervalLine line,
        OutputStream out, long from, long to) throws IOException {
      if (to - from > Timeline.MAX_FILLED_GAP) {
        log.outputComment("[No events in " + (to - from) + " intervals, from "
            + HlogFormat.seconds(anchor + from * length - base) + " to "
            + HlogFormat.seconds(anchor + to * length - base) + " s: not written]");
        text.flush();
        return;
      }
      for (long i = from; i < to; i++) {
        line.write(out, null, anchor + i * length, length, base, EncodedHistogram.empty());
      }
    }
  }
}
