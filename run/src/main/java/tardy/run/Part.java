package tardy.run;

import tardy.record.Result;
import tardy.record.BothSinks;
import tardy.record.window.WindowedParser;
import tardy.record.window.WindowedSink;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.ParseStats;
import tardy.events.RecordFormat;
import tardy.events.input.Chunker;
import tardy.events.input.LineReader;

/**
 * One piece of parse work: an input whole, or a byte range of a plain file that starts and ends
 * at line ends. Parsing it gives a {@link Result} of its own, whose line numbers count from the
 * part's start; results are added in the plan's order.
 */
public final class Part {

  private final Plan.Entry entry;
  private final Chunker.Range range; // null: the input whole

  private Part(Plan.Entry entry, Chunker.Range range) {
    this.entry = entry;
    this.range = range;
  }

  static Part whole(Plan.Entry entry) {
    return new Part(entry, null);
  }

  static Part range(Plan.Entry entry, Chunker.Range range) {
    return new Part(entry, range);
  }

  /**
   * The part of {@code entry} a plan made ({@link #range()}), made again where it is parsed: a
   * driver that parses parts on other machines ships the range and rebuilds the part there.
   *
   * @param range the byte range; empty for the input whole
   */
  public static Part of(Plan.Entry entry, java.util.Optional<Chunker.Range> range) {
    return new Part(entry, range.orElse(null));
  }

  public Plan.Entry entry() {
    return entry;
  }

  /** The byte range of a plain file this part covers; empty when it is the input whole. */
  public java.util.Optional<Chunker.Range> range() {
    return java.util.Optional.ofNullable(range);
  }

  /** Whether the part starts at the input's first byte (a BOM is only looked for there). */
  public boolean startsInput() {
    return range == null || range.from() == 0;
  }

  /** Whether the part ends at the input's last byte. */
  boolean endsInput() throws IOException {
    return range == null || range.to() >= java.nio.file.Files.size(entry.input().path().orElseThrow());
  }

  /**
   * Parses the part into a new result of the given shape.
   *
   * @param rejects where malformed lines go, in line order
   * @throws IOException from the input; {@code into}'s accounting holds the lines read before it
   */
  public Result parse(Result.Spec spec, LineReader.Rejects rejects, int maxLineBytes)
      throws IOException {
    Result result = entry.newResult(spec);
    parseInto(result, rejects, maxLineBytes);
    return result;
  }

  /** Parses into {@code result}, whose accounting counts the lines read even if reading fails. */
  public void parseInto(Result result, LineReader.Rejects rejects, int maxLineBytes)
      throws IOException {
    parseInto(result, entry.format().newParser(), rejects, maxLineBytes);
  }

  /**
   * The same with {@code inputParser}, a parser of the input's format that may hand its events
   * elsewhere too (the timeline's index reads a JVM log in the same pass); the spec's window is
   * applied over it.
   */
  public void parseInto(Result result, LineParser inputParser, LineReader.Rejects rejects,
      int maxLineBytes) throws IOException {
    if (entry.format() instanceof RecordFormat) {
      readRecordsInto(result, null);
      return;
    }
    ParseStats stats = result.lastAccount().stats();
    LineParser parser = WindowedParser.of(inputParser, result.spec().window(),
        result.spec().exclusions(), stats);
    try (InputStream in = open()) {
      new LineReader(maxLineBytes).read(in, parser, result.sink(), stats, rejects, startsInput(),
          endsInput());
    }
  }

  /**
   * Reads a recording ({@link RecordFormat}), always a whole input, into {@code result}, its
   * events also to {@code also} (null: nowhere) before the spec's window, as {@link AlsoTo} does
   * for a line parser.
   */
  void readRecordsInto(Result result, EventSink also) throws IOException {
    ParseStats stats = result.lastAccount().stats();
    EventSink sink = WindowedSink.of(result.sink(), result.spec().window(), stats);
    RecordFile.read((RecordFormat) entry.format(), entry.input(),
        also == null ? sink : new BothSinks(sink, also), stats);
  }

  /** The part's bytes, decompressed. */
  InputStream open() throws IOException {
    if (range != null) {
      Path file = entry.input().path().orElseThrow();
      return Chunker.open(file, range);
    }
    return entry.replay() != null ? entry.replay() : entry.input().open();
  }
}
