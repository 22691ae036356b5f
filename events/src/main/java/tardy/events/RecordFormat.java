package tardy.events;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A format whose input is a binary file of typed records, not lines: a JDK Flight Recorder
 * recording. It is detected from the first bytes of the input ({@link Sample#binaryHead}) and read
 * whole, by a reader the format owns (the JDK's own, for a recording), never cut into lines.
 *
 * <p>The accounting is the same as a text log's with records for lines: every record is counted
 * once in {@code stats}, parsed (it became an event), or ignored or malformed with a reason; a
 * record's number (1-based, in the file's order) stands where a line number stands, and an event
 * handed on later than its record was read says its record in {@link PauseEvent#line}. Records of
 * a kind the format does not read may be counted in bulk, one reason per kind, without numbers.
 */
public interface RecordFormat extends LogFormat {

  /**
   * Reads every record of {@code file} into the sink, counting each in {@code stats}. The sink is
   * told the position first ({@link EventSink#reading}); its line is the record being read.
   *
   * @throws IOException when the file cannot be read or is damaged (cut short, not of this
   *     format); {@code stats} and the sink then hold what was read before
   */
  void read(Path file, EventSink sink, ParseStats stats) throws IOException;

  /**
   * When the recording began (epoch milliseconds), from the first bytes of the input, to order it
   * among the other inputs; {@link Times#NONE} when they do not say.
   */
  default long firstMillis(Sample sample) {
    return Times.NONE;
  }

  /** A recording holds pauses only. */
  @Override
  default boolean hasRequests() {
    return false;
  }

  /** Read whole, on one thread: never cut into parts. */
  @Override
  default boolean linesIndependent(Sample sample) {
    return false;
  }

  /**
   * The parser asked for by code that reads lines: it reads none, as a record format's input has
   * no lines (a text log given under its name is refused by {@link #read} as not of this format).
   */
  @Override
  default LineParser newParser() {
    Outcome notLines = Outcome.malformed("a " + name() + " input is binary, read whole, not by lines");
    return (buf, from, to, sink) -> notLines;
  }

  /** How the reason for a record of a type the format does not read ends ({@link #otherType}). */
  String OTHER_TYPE = ": an event type without pauses";

  /**
   * The reason for the records of one type that the format does not read: one reason per type,
   * which a table may fold into one line (their number is no news; the JSON keeps each).
   */
  static Outcome otherType(String type) {
    return Outcome.ignored(type + OTHER_TYPE);
  }

  /** Whether {@code reason} is one of {@link #otherType}'s. */
  static boolean isOtherType(String reason) {
    return reason.endsWith(OTHER_TYPE);
  }

  /**
   * Whether the format of this name (as a result names its input's format) reads records, not
   * lines: its accounting counts events where a text log's counts lines.
   */
  static boolean named(String formatName) {
    return RecordFormatNames.NAMES.contains(formatName);
  }
}

/** The names of the record formats installed, found once. */
final class RecordFormatNames {
  static final java.util.Set<String> NAMES = find();

  private RecordFormatNames() {}

  private static java.util.Set<String> find() {
    java.util.Set<String> names = new java.util.HashSet<>();
    for (LogFormat f : java.util.ServiceLoader.load(LogFormat.class)) {
      if (f instanceof RecordFormat) {
        names.add(f.name());
      }
    }
    return java.util.Set.copyOf(names);
  }
}
