package tardy.events.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.ParseStats;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

class LineReaderTest {

  static final Outcome NOT_A_NUMBER = Outcome.malformed("not a number");

  /** A parser for lines that are one number of milliseconds; "#…" lines are ignored. */
  static final class MillisParser implements LineParser {
    final List<String> seen = new ArrayList<>();

    @Override
    public Outcome parse(byte[] buf, int from, int to, EventSink sink) {
      seen.add(new String(buf, from, to - from, StandardCharsets.ISO_8859_1));
      if (buf[from] == '#') {
        return Outcome.ignored("comment");
      }
      long ns = Ascii.parseDecimalNanos(buf, from, to, Ascii.MILLIS);
      if (ns == Ascii.INVALID) {
        return NOT_A_NUMBER;
      }
      sink.pause(new PauseEvent().reset().totalNanos(ns));
      return Outcome.PARSED;
    }
  }

  static final class Collect implements EventSink {
    final List<Long> nanos = new ArrayList<>();

    @Override
    public void request(RequestEvent e) {}

    @Override
    public void pause(PauseEvent e) {
      nanos.add(e.totalNanos());
    }
  }

  record Run(MillisParser parser, Collect sink, ParseStats stats, List<String> rejects) {}

  static Run read(byte[] bytes, int maxLine, InputStream in) throws IOException {
    MillisParser parser = new MillisParser();
    Collect sink = new Collect();
    ParseStats stats = new ParseStats();
    List<String> rejects = new ArrayList<>();
    new LineReader(maxLine).read(in == null ? new ByteArrayInputStream(bytes) : in, parser, sink,
        stats, (line, outcome, b, from, to) -> rejects.add(line + ":" + outcome.reason()), true);
    return new Run(parser, sink, stats, rejects);
  }

  static Run read(String text) throws IOException {
    return read(text.getBytes(StandardCharsets.ISO_8859_1), LineReader.DEFAULT_MAX_LINE_BYTES, null);
  }

  @Test
  void crlfLinesLoseTheirCarriageReturn() throws IOException {
    Run run = read("1\r\n2\r\n3\r\n");
    assertThat(run.parser.seen).containsExactly("1", "2", "3");
    assertThat(run.sink.nanos).containsExactly(1_000_000L, 2_000_000L, 3_000_000L);
  }

  @Test
  void byteOrderMarkAtTheStartIsSkipped() throws IOException {
    byte[] bom = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf, '5', '\n', '6', '\n'};
    Run run = read(bom, LineReader.DEFAULT_MAX_LINE_BYTES, null);
    assertThat(run.parser.seen).containsExactly("5", "6");
    assertThat(run.stats.parsed()).isEqualTo(2);
  }

  @Test
  void lastLineWithoutNewlineIsStillRead() throws IOException {
    Run run = read("1\n2");
    assertThat(run.sink.nanos).containsExactly(1_000_000L, 2_000_000L);
    assertThat(run.stats.lines()).isEqualTo(2);
  }

  @Test
  void cutOffLastLineIsReportedAsCutOffWithItsLineNumber() throws IOException {
    Run run = read("1\n2\n3.");
    assertThat(run.stats.malformed()).isEqualTo(1);
    assertThat(run.stats.count(LineReader.CUT_OFF)).isEqualTo(1);
    assertThat(run.rejects).containsExactly("3:line cut off");
  }

  @Test
  void emptyLinesAreIgnoredAndCounted() throws IOException {
    Run run = read("1\n\n\r\n2\n");
    assertThat(run.stats.count(Outcome.EMPTY_LINE)).isEqualTo(2);
    assertThat(run.stats.lines()).isEqualTo(4);
    assertThat(run.parser.seen).containsExactly("1", "2");
  }

  @Test
  void invalidUtf8BytesNeverStopReading() throws IOException {
    byte[] bytes = {'1', '\n', (byte) 0xff, (byte) 0xfe, (byte) 0xc3, '\n', '2', '\n'};
    Run run = read(bytes, LineReader.DEFAULT_MAX_LINE_BYTES, null);
    assertThat(run.stats.parsed()).isEqualTo(2);
    assertThat(run.rejects).containsExactly("2:not a number");
  }

  @Test
  void tooLongLineIsCountedAndSkippedWithoutBeingHeld() throws IOException {
    String longLine = "9".repeat(5000);
    Run run = read(("1\n" + longLine + "\n2\n" + longLine).getBytes(StandardCharsets.US_ASCII), 100, null);
    assertThat(run.stats.count(LineReader.LINE_TOO_LONG)).isEqualTo(2);
    assertThat(run.sink.nanos).containsExactly(1_000_000L, 2_000_000L);
    assertThat(run.rejects).containsExactly("2:line too long, skipped", "4:line too long, skipped");
    assertThat(run.stats.lines()).isEqualTo(4);
  }

  @Test
  void lineNumbersStayTrueAcrossBufferBoundaries() throws IOException {
    // lines of random length; every 997th is malformed; read in tiny random pieces
    Random random = new Random(3);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    List<Long> badLines = new ArrayList<>();
    int lines = 50_000;
    for (int i = 1; i <= lines; i++) {
      String line = i % 997 == 0 ? "x".repeat(random.nextInt(3000)) : Integer.toString(random.nextInt(1_000_000));
      if (i % 997 == 0) {
        badLines.add((long) i);
      }
      text.writeBytes((line + (random.nextBoolean() ? "\r\n" : "\n")).getBytes(StandardCharsets.US_ASCII));
    }
    byte[] bytes = text.toByteArray();
    InputStream trickle = new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 1 + random.nextInt(70_000)));
      }
    };
    Run run = read(bytes, LineReader.DEFAULT_MAX_LINE_BYTES, trickle);
    assertThat(run.stats.lines()).isEqualTo(lines);
    assertThat(run.stats.malformed()).isEqualTo(badLines.size());
    assertThat(run.rejects).containsExactlyElementsOf(badLines.stream().map(l -> l + ":not a number").toList());
  }

  /** A line not parsed, on and beside the lines where the count takes its rare branch anyway. */
  @Test
  void countsStayTrueOnTheRareBranchsPeriod() throws IOException {
    int lines = 5 * tardy.events.RareBranch.PERIOD + 3;
    StringBuilder text = new StringBuilder();
    List<String> rejects = new ArrayList<>();
    long comments = 0;
    for (int i = 1; i <= lines; i++) {
      int fromPeriod = i % tardy.events.RareBranch.PERIOD;
      int period = i / tardy.events.RareBranch.PERIOD % 3; // on the period: each kind of line
      if (fromPeriod == 0 && period == 0 || fromPeriod == 1) {
        text.append("x\n");
        rejects.add(i + ":not a number");
      } else if (fromPeriod == 0 && period == 1 || fromPeriod == tardy.events.RareBranch.PERIOD - 1) {
        text.append("#\n");
        comments++;
      } else {
        text.append(i).append('\n');
      }
    }
    Run run = read(text.toString());
    assertThat(run.stats.lines()).isEqualTo(lines);
    assertThat(run.stats.count(Outcome.ignored("comment"))).isEqualTo(comments);
    assertThat(run.rejects).containsExactlyElementsOf(rejects);
    assertThat(run.stats.parsed()).isEqualTo(lines - comments - rejects.size());
    assertThat(run.sink.nanos).hasSize((int) run.stats.parsed());
  }

  @Test
  void streamsLinesBeforeTheInputEnds() throws Exception {
    java.io.PipedOutputStream writer = new java.io.PipedOutputStream();
    java.io.PipedInputStream pipe = new java.io.PipedInputStream(writer, 1 << 16);
    Collect sink = new Collect();
    java.util.concurrent.CountDownLatch firstEvent = new java.util.concurrent.CountDownLatch(1);
    EventSink signalling = new EventSink() {
      @Override
      public void request(RequestEvent e) {}

      @Override
      public void pause(PauseEvent e) {
        sink.pause(e);
        firstEvent.countDown();
      }
    };
    ParseStats stats = new ParseStats();
    Thread reader = new Thread(() -> {
      try {
        new LineReader().read(pipe, new MillisParser(), signalling, stats, LineReader.Rejects.NONE, true);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    reader.start();
    writer.write("7\n".getBytes(StandardCharsets.US_ASCII));
    writer.flush();
    // the first line is parsed while the writer still holds the pipe open
    assertThat(firstEvent.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    writer.write("8\n".getBytes(StandardCharsets.US_ASCII));
    writer.close();
    reader.join(10_000);
    assertThat(sink.nanos).containsExactly(7_000_000L, 8_000_000L);
  }

  @Test
  void parserExceptionsAreCountedNotThrown() throws IOException {
    ParseStats stats = new ParseStats();
    LineParser broken = (buf, from, to, sink) -> {
      throw new IllegalStateException("bug");
    };
    new LineReader().read(new ByteArrayInputStream("a\nb\n".getBytes(StandardCharsets.US_ASCII)),
        broken, new Collect(), stats, LineReader.Rejects.NONE, true);
    assertThat(stats.count(LineReader.PARSER_FAILED)).isEqualTo(2);
  }

  @Test
  void wordAtATimeNewlineSearchAgreesWithAPlainLoop() {
    Random random = new Random(17);
    for (int round = 0; round < 20_000; round++) {
      byte[] b = new byte[random.nextInt(40)];
      for (int i = 0; i < b.length; i++) {
        b[i] = (byte) (random.nextInt(8) == 0 ? '\n' : random.nextInt(8) == 0 ? 0x0b : random.nextInt(256));
      }
      int from = b.length == 0 ? 0 : random.nextInt(b.length);
      int to = from + random.nextInt(b.length - from + 1);
      int expected = -1;
      for (int i = from; i < to; i++) {
        if (b[i] == '\n') {
          expected = i;
          break;
        }
      }
      assertThat(LineReader.indexOfNewline(b, from, to)).isEqualTo(expected);
    }
  }
}
