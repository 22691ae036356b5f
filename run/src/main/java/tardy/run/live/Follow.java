package tardy.run.live;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import tardy.run.Plan;
import tardy.record.Result;
import tardy.record.grouping.TrafficSample;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.record.window.WindowedParser;
import tardy.events.LinePosition;
import tardy.formats.FormatChoice;
import tardy.events.LogFormat;
import tardy.events.Outcome;
import tardy.events.HeapCycleEvent;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Sample;
import tardy.events.Times;
import tardy.events.input.Decompression;
import tardy.events.input.Input;
import tardy.events.Limits;
import tardy.events.RecordFormat;
import tardy.events.input.InputException;
import tardy.events.input.LineEnds;
import tardy.events.input.LineReader;

/**
 * The live driver of the core: follows one growing input, parses the complete lines appended
 * since the last look with the input's parser into {@link Result results} (as the batch driver
 * parses a part), adds them into a sliding {@link Window} and the totals, and shows both every
 * refresh. The format and the grouping are decided by the {@link Plan} from the first lines, as
 * in a batch run.
 *
 * <p>Time is the arrival clock: a line belongs to the step in which it was read. The window then
 * rolls while the log is silent, works for logs with no clock or an uptime clock only, and never
 * waits for late lines; lines the file held before following began (the backlog) go into the
 * totals alone, since when they happened is not known from their arrival.
 */
public final class Follow {

  /** Steps of a window: it slides by 1/STEPS of its length. */
  public static final int STEPS = 30;

  private static final int READ_BYTES = 1 << 18;

  /**
   * What the user asked for.
   *
   * @param refreshNanos how often the view is shown
   * @param windowNanos the sliding window's length
   * @param pollNanos the longest wait for new bytes
   */
  public record Settings(long refreshNanos, long windowNanos, long pollNanos, int maxLineBytes,
      FormatChoice formats) {

    /** One format for an input of its family ({@link FormatChoice#of}), or detection. */
    public Settings(long refreshNanos, long windowNanos, long pollNanos, int maxLineBytes,
        Optional<LogFormat> format) {
      this(refreshNanos, windowNanos, pollNanos, maxLineBytes, FormatChoice.of(format));
    }

    long stepNanos() {
      return Math.max(1, windowNanos / STEPS);
    }
  }

  /**
   * What a refresh shows.
   *
   * @param elapsedNanos since following began
   * @param windowNanos how much time the window covers now: its length once the run is older
   * @param window the lines read in the window
   * @param sinceStart every line read, the backlog included
   * @param restarts how many times the file started over (rotated or truncated)
   * @param last whether this is the last refresh (the input ended or a stop was asked for)
   */
  public record Snapshot(long elapsedNanos, long windowNanos, Result window, Result sinceStart,
      int restarts, boolean last) {}

  /** Where each refresh goes. */
  @FunctionalInterface
  public interface View {
    void show(Snapshot snapshot) throws IOException;
  }

  private final Tail tail;
  private final Settings settings;
  private final Function<Plan, Result.Spec> specOf;
  private final Ticker ticker;
  private final BooleanSupplier stop;
  private final View view;

  private byte[] pending = new byte[READ_BYTES * 2];
  private int length; // bytes in pending
  private int backlogBytes; // of them, the leading ones that were in the input before following
  private boolean skippingLongLine; // dropping the rest of a line too long to keep
  private boolean cutBeforePlan; // the line being dropped was cut before the plan: its head is pending
  private int headLineStart; // before the plan: where the last, incomplete line of pending starts
  private long cutBytes; // of the line cut before the plan, the bytes dropped so far
  private LineEnds.AsTheyArrive lineEnds = new LineEnds.AsTheyArrive(); // of the input being read
  private Plan.Entry entry; // null until planned
  private Result.Spec spec;
  private Window window;
  private Continuing parser;
  private boolean startOfInput = true;
  private int restarts;
  private int generation; // how many times the file started over since its first lines were read
  private long started;
  private int triedToPlan = -1; // pending bytes when the plan last found no format

  public Follow(Tail tail, Settings settings, Function<Plan, Result.Spec> specOf, Ticker ticker,
      BooleanSupplier stop, View view) {
    this.tail = tail;
    this.settings = settings;
    this.specOf = specOf;
    this.ticker = ticker;
    this.stop = stop;
    this.view = view;
  }

  /**
   * Follows until the input ends or a stop is asked for, then shows the last refresh.
   *
   * @throws tardy.events.input.InputException when the first lines are in no format tardy reads,
   *     or the input ended empty
   */
  public void run() throws IOException, InterruptedException {
    started = ticker.nanos();
    long nextRefresh = started + settings.refreshNanos();
    while (true) {
      int n = readSome();
      boolean ended = n == Tail.ENDED;
      if (entry == null && n > 0) {
        refuseWhatHoldsNoLines(); // at once: its bytes may hold no line end to wait for
      }
      if (tail.restarts() != restarts) {
        restarts = tail.restarts();
        if (entry != null) {
          endInput();
          generation++;
          window.startedOver();
        }
      }
      long now = ticker.nanos();
      boolean stopping = ended || stop.getAsBoolean();
      if (stopping) {
        lineEnds.ended(pending, length);
      }
      if (entry == null && (stopping || length >= TrafficSample.BYTES
          || now - started >= settings.refreshNanos() && length > triedToPlan && hasLine())) {
        plan(stopping, stopping || length >= TrafficSample.BYTES);
      }
      if (entry != null) {
        window.moveTo(step(now));
        parseLines();
      }
      if (stopping) {
        if (entry != null) {
          endInput();
          show(ticker.nanos(), true);
        }
        return;
      }
      if (now >= nextRefresh) {
        if (entry != null) {
          show(now, false);
        }
        nextRefresh += settings.refreshNanos() * Math.max(1, (now - nextRefresh) / settings.refreshNanos() + 1);
      }
      if (n == Tail.NOTHING_YET) {
        ticker.sleep(Math.min(settings.pollNanos(), Math.max(1, nextRefresh - now)));
      }
    }
  }

  private long step(long now) {
    return (now - started) / settings.stepNanos();
  }

  /** Appends what the input has now; keeps at most a line too long, then drops its rest. */
  private int readSome() throws IOException {
    if (pending.length - length < READ_BYTES) {
      pending = Arrays.copyOf(pending, Math.max(pending.length * 2, length + READ_BYTES));
    }
    int n = tail.read(pending, length, READ_BYTES);
    if (n <= 0) {
      return n;
    }
    lineEnds.arrived(pending, length, length + n);
    if (skippingLongLine) {
      int nl = Ascii.indexOf(pending, length, length + n, (byte) '\n');
      if (nl < 0) {
        if (cutBeforePlan && (cutBytes += n) > Limits.ENDLESS_LINE_BYTES) {
          throw new InputException(tail.name() + ": line " + (newlinesBefore(headLineStart) + 1)
              + " runs over " + (Limits.ENDLESS_LINE_BYTES >> 30)
              + " GiB without a line end: not a text log"); // as a batch read stops
        }
        return n; // still inside the line already counted: these bytes are dropped
      }
      skippingLongLine = false;
      // a line cut before the plan keeps its end, so its head counts as one line too long
      int from = cutBeforePlan ? nl : nl + 1;
      cutBeforePlan = false;
      int rest = length + n - from;
      System.arraycopy(pending, from, pending, length, rest);
      n = rest;
    }
    length += n;
    if (entry == null) {
      cutLongLineBeforePlan(n);
    }
    if (tail.backlog()) {
      backlogBytes = length;
    }
    return n;
  }

  /**
   * Before the plan, a line too long to keep (a junk first line) is cut to a line reader's worth
   * of it, which the read counts as too long, and its rest dropped: the lines after it decide the
   * format, as in a batch run (8 MiB of one line was planned from as an empty input).
   */
  private void cutLongLineBeforePlan(int added) {
    for (int i = length - 1; i >= length - added && i >= headLineStart; i--) {
      if (pending[i] == '\n') {
        headLineStart = i + 1;
        break;
      }
    }
    if (length - headLineStart > settings.maxLineBytes() + 1) {
      cutBytes = length - (headLineStart + settings.maxLineBytes() + 1);
      length = headLineStart + settings.maxLineBytes() + 1;
      skippingLongLine = true;
      cutBeforePlan = true;
    }
  }

  /**
   * Decides the format and the grouping from the first lines, as the batch plan does. Until the
   * head is as long as a batch run's sample (or the input ended), lines in no format tardy knows
   * (a banner, an XML preamble) mean: wait for more.
   */
  private void plan(boolean whole, boolean lastChance) {
    int end = whole ? length : lastNewline(length) + 1;
    byte[] head = Arrays.copyOf(pending, end);
    refuseWhatHoldsNoLines();
    Plan plan;
    try {
      plan = Plan.of(List.of(Input.stream(tail.name(), () -> new ByteArrayInputStream(head))),
          settings.formats());
    } catch (InputException e) {
      if (lastChance) {
        throw e;
      }
      triedToPlan = length;
      return;
    }
    entry = plan.entries().get(0);
    if (entry.format() instanceof RecordFormat) {
      throw new InputException(tail.name() + ": is a " + entry.format().name() + " recording,"
          + " binary: --follow reads a plain text log as it grows; read the recording once"
          + " written, without --follow");
    }
    spec = specOf.apply(plan);
    window = new Window(spec, this::newResult, STEPS);
    parser = new Continuing(entry.format().newParser());
  }

  /**
   * A compressed input's bytes are not lines, and appended ones even less; a UTF-16 one's lines
   * will never be in a format tardy reads.
   */
  private void refuseWhatHoldsNoLines() {
    Decompression compressed = Decompression.of(pending, length);
    if (compressed != Decompression.NONE) {
      throw new InputException(tail.name() + ": is " + compressed.name().toLowerCase(Locale.ROOT)
          + "-compressed: --follow reads a plain text log as it grows");
    }
    if (Sample.isUtf16(pending, length)) {
      throw new InputException(tail.name() + ": " + Sample.UTF16_ADVICE);
    }
  }

  /** Parses every complete line pending: the backlog's into the totals, the rest into the window. */
  private void parseLines() throws IOException {
    int complete = lastNewline(length) + 1;
    if (complete == 0) {
      if (length > settings.maxLineBytes()) { // a line too long: counted once, its rest dropped
        parse(0, length, false);
        length = 0;
        backlogBytes = 0;
        skippingLongLine = true;
        cutBeforePlan = false; // its head is counted: its end goes with its rest
      }
      return;
    }
    int backlogEnd = backlogBytes >= complete ? complete : lastNewline(backlogBytes) + 1;
    if (backlogEnd > 0) {
      parse(0, backlogEnd, true);
    }
    if (complete > backlogEnd) {
      parse(backlogEnd, complete, false);
    }
    System.arraycopy(pending, complete, pending, 0, length - complete);
    length -= complete;
    backlogBytes = Math.max(0, backlogBytes - complete);
  }

  /**
   * The input (or the file before a rotation) ended: its last line, even without its newline, and
   * what the parser still holds, in one last piece.
   */
  private void endInput() throws IOException {
    lineEnds.ended(pending, length);
    parseLines();
    parse(0, length, false, true);
    length = 0;
    backlogBytes = 0;
    skippingLongLine = false;
    cutBeforePlan = false;
    lineEnds = new LineEnds.AsTheyArrive();
    parser = new Continuing(entry.format().newParser());
    startOfInput = true;
  }

  private void parse(int from, int to, boolean backlog) throws IOException {
    parse(from, to, backlog, false);
  }

  private void parse(int from, int to, boolean backlog, boolean last) throws IOException {
    Result piece = newResult();
    var stats = piece.accounts().get(0).stats();
    // --exclude-*: the requests left out are counted in the piece's accounting, as a read's are
    LineParser pieceParser = WindowedParser.of(parser.lastPiece(last), null, spec.exclusions(), stats);
    new LineReader(settings.maxLineBytes()).read(new ByteArrayInputStream(pending, from, to - from),
        pieceParser, piece.sink(), stats, LineReader.Rejects.NONE, startOfInput);
    parser.read(stats.lines());
    startOfInput = false;
    window.add(piece, backlog);
  }

  /**
   * An empty result of the input read now: the file as it is named, then, each time it started
   * over, the lines after it as an input of its own, its name marked {@code #2}, {@code #3}...:
   * their line numbers start from 1 again, and the slowest requests say where they were.
   */
  private Result newResult() {
    String name = generation == 0 ? entry.input().name()
        : entry.input().name() + "#" + (generation + 1);
    return Result.of(spec, generation, name, entry.format().name());
  }

  private void show(long now, boolean last) throws IOException {
    long windowStart = Math.max(started, started + window.firstIndex() * settings.stepNanos());
    view.show(new Snapshot(now - started, now - windowStart, window.window(), window.sinceStart(),
        restarts, last));
  }

  private int newlinesBefore(int end) {
    int n = 0;
    for (int i = 0; i < end; i++) {
      n += pending[i] == '\n' ? 1 : 0;
    }
    return n;
  }

  private int lastNewline(int end) {
    for (int i = end - 1; i >= 0; i--) {
      if (pending[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  /** Whether a complete line that is not blank is pending: what a format is decided from. */
  private boolean hasLine() {
    int end = lastNewline(length);
    for (int i = 0; i < end; i++) {
      byte b = pending[i];
      if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
        return true;
      }
    }
    return false;
  }

  /**
   * The input's parser across the pieces of one input: an event held at the end of a piece (a
   * GC pause waiting for its CPU line) is completed by the next piece, so only the input's end
   * hands on what is still held. The parser counts lines from the input's start; an event it
   * hands on with the number of an earlier line gets that number counted from the piece's start
   * (negative when the line was in an earlier piece), as the piece's result counts, so adding
   * the pieces gives it its true number.
   */
  private static final class Continuing implements LineParser, LinePosition, EventSink {
    private final LineParser delegate;
    private long before; // lines of the input in the pieces before this one
    private LinePosition piece;
    private EventSink target;
    private boolean atEnd;

    Continuing(LineParser delegate) {
      this.delegate = delegate;
    }

    /** The piece just read had that many lines. */
    void read(long lines) {
      before += lines;
    }

    @Override
    public void reading(LinePosition position) {
      piece = position;
      delegate.reading(this);
    }

    @Override
    public Outcome parse(byte[] buf, int from, int to, EventSink sink) {
      target = sink;
      return delegate.parse(buf, from, to, this);
    }

    /** Whether the piece about to be read is the input's last: only its end is the input's. */
    Continuing lastPiece(boolean last) {
      atEnd = last;
      return this;
    }

    /** What the parser still holds, at the input's end; nothing at a piece's end. */
    @Override
    public void endOfInput(EventSink sink) {
      if (atEnd) {
        target = sink;
        delegate.endOfInput(this);
      }
    }

    /** What the input's end shows of earlier lines, numbered from the last piece's start. */
    @Override
    public void recountAtEnd(Recount recount) {
      if (atEnd) {
        delegate.recountAtEnd((line, was, is, buf, from, to) ->
            recount.recount(line - before, was, is, buf, from, to));
      }
    }

    @Override
    public long line() {
      return before + piece.line();
    }

    /** An earlier line, numbered from the input's start, recounted in this piece's counts. */
    @Override
    public void recount(long line, Outcome was, Outcome is, byte[] buf, int from, int to) {
      piece.recount(line - before, was, is, buf, from, to);
    }

    @Override
    public boolean startOfInput() {
      return piece.startOfInput();
    }

    @Override
    public void request(RequestEvent e) {
      target.request(e);
    }

    @Override
    public void zoneOffset(int offsetSeconds) {
      target.zoneOffset(offsetSeconds);
    }

    @Override
    public void pause(PauseEvent e) {
      if (Times.isSet(e.line())) {
        e.line(e.line() - before);
      }
      target.pause(e);
    }

    @Override
    public void heapCycle(HeapCycleEvent e) {
      if (Times.isSet(e.line())) {
        e.line(e.line() - before);
      }
      target.heapCycle(e);
    }
  }
}
