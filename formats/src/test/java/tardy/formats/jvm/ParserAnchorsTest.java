package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Corpus;
import tardy.events.EventSink;
import tardy.events.FormatSamples;
import tardy.formats.Formats;
import tardy.events.ForwardingLineParser;
import tardy.events.LineParser;
import tardy.events.LinePosition;
import tardy.events.LogFormat;
import tardy.events.Outcome;
import tardy.events.ParseStats;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;
import tardy.events.input.Input;
import tardy.events.input.LineReader;
import tardy.events.input.Sampler;

/**
 * A JVM log's parser asked for anchors hands on, line by line, exactly the anchors {@link
 * ClockAnchor} finds reading each line on its own: the one read of a unified line's decorators
 * serves the parse and the anchor alike. A unified log's parser hands anchors and pauses on in the
 * order of their lines.
 */
class ParserAnchorsTest {

  @Test
  void theRepositorysJvmLogs() throws IOException {
    List<Path> logs = new ArrayList<>();
    try (Stream<Path> files = Files.list(Path.of("..", "samples"))) {
      files.filter(p -> p.toString().endsWith(".log")).sorted().forEach(logs::add);
    }
    try (Stream<Path> files = Files.list(Path.of("..", "samples", "timeline"))) {
      files.map(d -> d.resolve("jvm.log")).filter(Files::isRegularFile).sorted().forEach(logs::add);
    }
    for (String format : List.of("jvm-unified", "jdk8-gc")) {
      logs.addAll(FormatSamples.of(format));
    }
    assertThat(compare(logs)).as("anchors found in the repository's logs").isPositive();
  }

  @Test
  void everyJvmLogOfTheCorpus() throws IOException {
    Path corpus = Corpus.require("jvm");
    List<Path> logs = new ArrayList<>();
    List<String> rows = Files.readAllLines(corpus.resolve("INDEX.tsv"));
    for (String row : rows.subList(1, rows.size())) { // after the header
      logs.add(corpus.resolve(row.split("\t", 2)[0]));
    }
    long anchors = compare(logs);
    assertThat(anchors).as("anchors found in the corpus").isGreaterThan(106); // 1073_1.log alone
  }

  /**
   * A JDK 8 log of {@code -XX:+PrintGC -XX:+PrintGCDateStamps} without details (G1, nekop's
   * gc-nodetails.log; its first two lines, as written): a pause waits for a {@code [Times:} that
   * never comes, and was handed on after the next line's anchor, 5.6 s later than the run's first
   * pause, which the timeline took for a JVM restart. Now in the order of their lines.
   */
  @Test
  void aJdk8PauseWithoutItsTimesIsHeardBeforeTheNextLinesAnchor(@TempDir Path dir)
      throws IOException {
    assertThat(jdk8Heard(dir,
        "2014-04-08T17:53:10.576+0900: 1.592: [Full GC (Metadata GC Threshold)  21M->7331K(24G), 0.2907692 secs]",
        "2014-04-08T17:53:16.225+0900: 7.240: [Full GC (Metadata GC Threshold)  111M->17M(24G), 0.3393124 secs]"))
        .containsExactly(tuple(true, 1L, 1_592L), tuple(false, 1L, 1_592L), tuple(true, 2L, 7_240L),
            tuple(false, 2L, 7_240L));
  }

  /**
   * A JDK 6 CMS collection (the corpus' 1073_1.log, its lines 576-577 as written) whose ParNew
   * failed and ran for 8.4 s while a concurrent phase printed its datestamp 3.2 s into it, inside
   * the line that opens the event: the anchor was heard before the pause stamped when it began,
   * and as the run's first pause, the timeline took it for a restart and left it off. Now the
   * pause comes first, and the anchor keeps its own line.
   */
  @Test
  void aJdk8AnchorPrintedInsideAnOpenEventIsHeardAfterItsPause(@TempDir Path dir)
      throws IOException {
    assertThat(jdk8Heard(dir,
        "40321.479: [GC 40321.479: [ParNew (promotion failed): 235968K->235968K(235968K), 2.6617101 secs]40324.141: [CMS2010-04-21T05:55:34.183+0100: 40324.728: [CMS-concurrent-abortable-preclean: 0.430/3.259 secs] [Times: user=4.02 sys=0.69, real=3.25 secs] ",
        "(concurrent mode failure): 654882K->549171K(786432K), 5.7340967 secs] 871721K->549171K(1022400K), [CMS Perm : 22763K->22763K(37944K)], 8.3960584 secs] [Times: user=9.16 sys=0.70, real=8.41 secs] "))
        .containsExactly(tuple(false, 1L, 40_321_479L), tuple(true, 1L, 40_324_728L));
  }

  /** What a JDK 8 parser asked for anchors hands on for these lines: anchor or not, line, uptime. */
  private static List<org.assertj.core.groups.Tuple> jdk8Heard(Path dir, String... lines)
      throws IOException {
    Path log = Files.writeString(dir.resolve("gc.log"), String.join("\n", lines) + "\n");
    return read(log, asked(new Jdk8Format().newParser())).stream()
        .map(h -> tuple(h.anchor(), h.line(), h.uptimeMillis())).toList();
  }

  /**
   * The same on the corpus' logs of that shape (PrintGC without details, G1 and Shenandoah): every
   * anchor and pause in the order of their lines.
   */
  @Test
  void jdk8LogsWithoutTimesLinesHandAnchorsAndPausesInTheirLinesOrder() throws IOException {
    Path corpus = Corpus.require("jvm");
    for (String name : List.of("nekop_gclogs/java8/old/g1gc/gc-nodetails.log",
        "chewiebug_GCViewer/src/test/resources/openjdk/SampleOpenJdk1_8_0-332.txt")) {
      List<Heard> heard = read(corpus.resolve(name), asked(new Jdk8Format().newParser()));
      assertThat(pausesOf(heard)).as(name).hasSizeGreaterThan(5);
      for (int i = 1; i < heard.size(); i++) {
        assertThat(heard.get(i).line()).as("%s: %s after %s", name, heard.get(i), heard.get(i - 1))
            .isGreaterThanOrEqualTo(heard.get(i - 1).line());
      }
    }
  }

  /** Compares both ways of finding anchors on every JVM log given; the anchors found. */
  private static long compare(List<Path> logs) throws IOException {
    long anchors = 0;
    int compared = 0;
    for (Path log : logs) {
      if (!Files.isRegularFile(log)) {
        continue;
      }
      Optional<LogFormat> format = Formats.choose(Sampler.sample(Input.file(log))).best();
      if (format.isEmpty()
          || !(format.get() instanceof UnifiedFormat || format.get() instanceof Jdk8Format)) {
        continue;
      }
      List<Heard> asked = read(log, asked(format.get().newParser()));
      List<Heard> alone = read(log, alone(format.get().newParser()));
      assertThat(anchorsOf(asked)).as(log.toString()).isEqualTo(anchorsOf(alone));
      assertThat(pausesOf(asked)).as(log.toString()).isEqualTo(pausesOf(alone));
      if (format.get() instanceof UnifiedFormat) {
        for (int i = 1; i < asked.size(); i++) {
          assertThat(asked.get(i).line()).as("%s: %s after %s", log, asked.get(i), asked.get(i - 1))
              .isGreaterThanOrEqualTo(asked.get(i - 1).line());
        }
      } else {
        assertThat(anchorsBeforeEarlierPauses(asked)).as(log.toString()).isEmpty();
      }
      anchors += anchorsOf(asked).size();
      compared++;
    }
    assertThat(compared).as("JVM logs compared").isPositive();
    return anchors;
  }

  /**
   * The anchors heard before a JDK 8 pause that began earlier than them and was printed no later
   * (a pause is heard with the line that opened it): an anchor printed inside an event must wait
   * for its pause. A pause printed after a later anchor (a log whose clock went back) is the
   * log's order, not the parser's.
   */
  private static List<String> anchorsBeforeEarlierPauses(List<Heard> heard) {
    List<String> wrong = new ArrayList<>();
    List<Heard> anchors = new ArrayList<>();
    for (Heard h : heard) {
      if (h.anchor()) {
        anchors.add(h);
        continue;
      }
      for (int i = anchors.size() - 1; i >= 0 && anchors.get(i).line() >= h.line(); i--) {
        if (Times.isSet(h.uptimeMillis()) && anchors.get(i).uptimeMillis() > h.uptimeMillis()) {
          wrong.add(anchors.get(i) + " before " + h);
        }
      }
    }
    return wrong;
  }

  private static LineParser asked(LineParser parser) {
    parser.emitAnchors();
    return parser;
  }

  /** The parser with every line's anchor read on its own first, as the timeline once did. */
  private static LineParser alone(LineParser parser) {
    ClockAnchor anchor = new ClockAnchor();
    return new ForwardingLineParser(parser) {
      private LinePosition position;

      @Override
      public void reading(LinePosition at) {
        position = at;
        inner.reading(at);
      }

      @Override
      public Outcome parse(byte[] buf, int from, int to, EventSink sink) {
        if (anchor.read(buf, from, to)) {
          sink.anchor(anchor.wallMillis(), anchor.uptimeMillis(), position.line());
        }
        return inner.parse(buf, from, to, sink);
      }
    };
  }

  /** An anchor or a pause, with the line it was read from. */
  private record Heard(boolean anchor, long line, long wallMillis, long uptimeMillis) {}

  private static List<Heard> anchorsOf(List<Heard> heard) {
    return heard.stream().filter(Heard::anchor).toList();
  }

  private static List<Heard> pausesOf(List<Heard> heard) {
    return heard.stream().filter(h -> !h.anchor()).toList();
  }

  /** What the sink hears, in order: anchors and pauses, each with the line it was read from. */
  private static List<Heard> read(Path log, LineParser parser) throws IOException {
    List<Heard> heard = new ArrayList<>();
    EventSink sink = new EventSink() {
      private LinePosition position;

      @Override
      public void reading(LinePosition at) {
        position = at;
      }

      @Override
      public void request(RequestEvent e) {
        throw new AssertionError("a JVM log's parser handed on a request");
      }

      @Override
      public void pause(PauseEvent e) { // a pause held for a later line keeps its own
        heard.add(new Heard(false, Times.isSet(e.line()) ? e.line() : position.line(),
            e.wallMillis(), e.uptimeMillis()));
      }

      @Override
      public void anchor(long wallMillis, long uptimeMillis, long line) {
        heard.add(new Heard(true, line, wallMillis, uptimeMillis));
      }
    };
    try (InputStream in = Input.file(log).open()) {
      new LineReader().read(in, parser, sink, new ParseStats(), LineReader.Rejects.NONE, true);
    }
    return heard;
  }
}
