package tardy.events.input;

import java.io.IOException;
import java.io.InputStream;
import tardy.events.Ascii;
import tardy.events.Counts;
import tardy.events.EventSink;
import tardy.events.Limits;
import tardy.events.LinePosition;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.ParseStats;
import tardy.events.RareBranch;

/**
 * Drives a parser over a stream, one line at a time, and accounts for every line in a {@link
 * ParseStats} under its true line number. Lines end at LF; a CR before it, a UTF-8 byte order mark
 * at the start of the input and a missing newline at the end are all handled here, so parsers see
 * clean line bytes. Memory is bounded: a line longer than the limit is counted and skipped without
 * being held.
 */
public final class LineReader {

  /** The default longest line kept: 1 MiB. */
  public static final int DEFAULT_MAX_LINE_BYTES = Limits.LINE_BYTES;

  /** The most that may be asked for: a line is held whole, so it must fit any heap. */
  public static final int MAX_LINE_BYTES_LIMIT = Limits.LINE_BYTES_MAX;

  public static final Outcome LINE_TOO_LONG = Outcome.malformed("line too long, skipped");
  public static final Outcome CUT_OFF = Outcome.malformed("line cut off");
  public static final Outcome PARSER_FAILED =
      Outcome.malformed("internal parser error (a bug: please report it with this line)");

  private static final int READ_BYTES = 1 << 18;
  private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

  /** Receives the malformed lines, for {@code --rejects}. */
  @FunctionalInterface
  public interface Rejects {
    Rejects NONE = (lineNumber, outcome, buf, from, to) -> {};

    void reject(long lineNumber, Outcome outcome, byte[] buf, int from, int to);
  }

  private final int maxLineBytes;

  public LineReader() {
    this(DEFAULT_MAX_LINE_BYTES);
  }

  public LineReader(int maxLineBytes) {
    if (maxLineBytes < 1 || maxLineBytes > MAX_LINE_BYTES_LIMIT) {
      throw new IllegalArgumentException("maxLineBytes must be 1 to " + MAX_LINE_BYTES_LIMIT);
    }
    this.maxLineBytes = maxLineBytes;
  }

  /**
   * Reads every line of {@code in} to its end. Line numbers start at 1; a later chunk of a file
   * counts from 1 too and is shifted when its stats are added.
   *
   * @param startOfInput whether {@code in} starts at the first byte of the input (a BOM is only
   *     looked for there)
   * @throws IOException from the stream; the lines before it are already counted in {@code stats}
   */
  public void read(
      InputStream in,
      LineParser parser,
      EventSink sink,
      ParseStats stats,
      Rejects rejects,
      boolean startOfInput)
      throws IOException {
    read(in, parser, sink, stats, rejects, startOfInput, true);
  }

  /**
   * The same for a part of an input that may end before the input does.
   *
   * @param endOfInput whether {@code in} ends at the input's last byte
   */
  public void read(
      InputStream in,
      LineParser parser,
      EventSink sink,
      ParseStats stats,
      Rejects rejects,
      boolean startOfInput,
      boolean endOfInput)
      throws IOException {
    new Pass(parser, sink, stats, rejects, startOfInput, endOfInput, null).run(in, 0, 0);
  }

  /**
   * Reads the lines of {@code block[from, to)}, a block of whole lines cut from a stream ({@link
   * BlockReader}), in place; numbered from 1 like a later chunk of a file.
   */
  public void read(
      byte[] block,
      int from,
      int to,
      LineParser parser,
      EventSink sink,
      ParseStats stats,
      boolean startOfInput)
      throws IOException {
    new Pass(parser, sink, stats, Rejects.NONE, startOfInput, true, block).run(null, from, to);
  }

  /** The state of one read: the buffer and where the current line starts. */
  private final class Pass implements LinePosition {
    private final LineParser parser;
    private final EventSink sink;
    private final ParseStats stats;
    private final Rejects rejects;
    private boolean lookForBom;
    private final boolean startOfInput;
    private final boolean endOfInput;
    private byte[] buf;
    private long lineNumber;
    private long parsed; // counted here and handed to the stats at the end: the common case is cheap
    private long malformed;
    private long skipped; // bytes of the line too long that is being skipped

    Pass(LineParser parser, EventSink sink, ParseStats stats, Rejects rejects, boolean bom,
        boolean endOfInput, byte[] block) {
      this.buf = block != null ? block
          : new byte[(int) Math.min(READ_BYTES, maxLineBytes + 1L) * 2];
      this.parser = parser;
      this.sink = sink;
      this.stats = stats;
      this.rejects = rejects;
      this.lookForBom = bom;
      this.startOfInput = bom;
      this.endOfInput = endOfInput;
    }

    @Override
    public long line() {
      return lineNumber + 1; // a line is counted once parsed
    }

    @Override
    public boolean startOfInput() {
      return startOfInput;
    }

    @Override
    public boolean endOfInput() {
      return endOfInput;
    }

    /** Reads {@code in} to its end, or the block {@code buf[from, to)} when {@code in} is null. */
    void run(InputStream in, int from, int to) throws IOException {
      // a read that could go on for ever (/dev/zero, /dev/urandom) stops with a reason
      sink.reading(this);
      parser.reading(this);
      try {
        if (in != null) {
          lines(in);
        } else {
          block(from, to);
        }
        parser.endOfInput(sink);
        parser.recountAtEnd(this::recount);
      } finally {
        stats.countParsed(parsed);
      }
    }

    private void block(int from, int to) throws ReadStop {
      int start = from;
      int nl;
      while ((nl = indexOfNewline(buf, start, to)) >= 0) {
        line(start, nl, false);
        start = nl + 1;
      }
      if (to > start) {
        line(start, to, true);
      }
    }

    private void lines(InputStream in) throws IOException {
      int start = 0; // first byte of the current line
      int scanned = 0; // bytes before this hold no newline of the current line
      int end = 0; // end of valid bytes
      boolean skipping = false; // inside a line that was too long, until its newline
      int n;
      while ((n = in.read(buf, end, buf.length - end)) >= 0) {
        end += n;
        int nl;
        while ((nl = indexOfNewline(buf, scanned, end)) >= 0) {
          if (skipping) {
            skipping = false;
          } else {
            line(start, nl, false);
          }
          start = nl + 1;
          scanned = start;
        }
        scanned = end;
        int pending = end - start;
        if (skipping || pending > maxLineBytes) {
          if (!skipping) {
            tooLong(start, pending);
            skipping = true;
            skipped = 0;
          }
          skipped += pending;
          if (skipped > Limits.ENDLESS_LINE_BYTES) {
            throw endlessLine(lineNumber);
          }
          start = scanned = end = 0;
          continue;
        }
        if (start > 0) {
          System.arraycopy(buf, start, buf, 0, pending);
          start = 0;
          scanned = end = pending;
        }
        if (end == buf.length) {
          buf = java.util.Arrays.copyOf(buf,
              (int) Math.min(2L * buf.length, (long) maxLineBytes + READ_BYTES));
        }
      }
      if (!skipping && end > start) {
        line(start, end, true);
      }
    }

    /** Counts a line longer than the limit, of which {@code length} bytes are at {@code from}. */
    private void tooLong(int from, int length) throws ReadStop {
      lookForBom = false;
      count(LINE_TOO_LONG, from, from + Math.min(length, 200));
    }

    private void line(int from, int to, boolean lastWithoutNewline) throws ReadStop {
      if (to - from > maxLineBytes) { // whether or not it arrived whole: the same in every read
        tooLong(from, to - from);
        return;
      }
      if (lookForBom) {
        lookForBom = false;
        if (to - from >= BOM.length && buf[from] == BOM[0] && buf[from + 1] == BOM[1]
            && buf[from + 2] == BOM[2]) {
          from += BOM.length;
        }
      }
      to = Ascii.withoutReturn(buf, from, to);
      Outcome outcome;
      if (to == from || (buf[from] == ' ' || buf[from] == '\t') && Ascii.isBlank(buf, from, to)) {
        outcome = Outcome.EMPTY_LINE;
      } else {
        try {
          outcome = parser.parse(buf, from, to, sink);
        } catch (RuntimeException e) {
          outcome = PARSER_FAILED;
        }
        if (lastWithoutNewline && outcome.kind() == Outcome.Kind.MALFORMED) {
          outcome = CUT_OFF;
        }
      }
      count(outcome, from, to);
    }

    /** A line counted earlier, counted again now (its bytes are the parser's copy). */
    @Override
    public void recount(long line, Outcome was, Outcome is, byte[] b, int from, int to) {
      stats.recount(was, is, line);
      if (is.kind() == Outcome.Kind.MALFORMED) {
        rejects.reject(line, is, b, from, to);
      }
    }

    private void count(Outcome outcome, int from, int to) throws ReadStop {
      lineNumber++;
      // one branch, taken by a line not parsed and by every RareBranch.PERIOD-th line: the JIT
      // sees it taken, so a log's first ignored line does not recompile the parse loop
      if ((outcome.unparsed() | RareBranch.every(lineNumber)) != 0) {
        countRarely(outcome, from, to);
      } else {
        parsed++;
      }
    }

    private void countRarely(Outcome outcome, int from, int to) throws ReadStop {
      if (outcome == Outcome.PARSED) {
        parsed++;
        return;
      }
      stats.count(outcome, lineNumber);
      if (outcome.kind() == Outcome.Kind.MALFORMED) {
        rejects.reject(lineNumber, outcome, buf, from, to);
        if (++malformed >= Limits.MALFORMED_BEFORE_ANY_PARSED && parsed == 0) {
          throw notThisFormat(malformed);
        }
      }
    }
  }

  /** Reading stopped in line {@code line}, which ran on for a gigabyte without an end. */
  public static ReadStop endlessLine(long line) {
    return new ReadStop("line " + line + " runs over " + (Limits.ENDLESS_LINE_BYTES >> 30)
        + " GiB without a line end: not a text log; stopped reading");
  }

  /** Reading stopped after {@code malformed} lines, not one parsed. */
  public static ReadStop notThisFormat(long malformed) {
    return new ReadStop(Counts.of(malformed, "line") + " malformed and not one parsed: not this format"
        + " (is --log-format right?); stopped reading");
  }

  /** The first LF in {@code b[from, to)}, or -1. */
  static int indexOfNewline(byte[] b, int from, int to) {
    return Ascii.indexOf(b, from, to, (byte) '\n');
  }
}
