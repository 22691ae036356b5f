package tardy.run.live;

import tardy.analysis.Analyzer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.analysis.Analysis;
import tardy.analysis.SlowRequest;
import tardy.run.Pipeline;
import tardy.run.Plan;
import tardy.record.Result;
import tardy.analysis.Summary;
import tardy.record.grouping.GroupingMode;
import tardy.events.input.Input;
import tardy.events.input.LineReader;

/**
 * The live driver on a file that grows, one that is rotated (renamed and recreated, or copied
 * and truncated) and a stream, on a scripted clock: every line is accounted for, and what it
 * read adds up to exactly what a batch run of the same lines gives.
 */
class FollowTest {

  private static final long SECOND = 1_000_000_000L;

  @TempDir Path dir;

  /** The real nginx log of the samples, as lines with their newline. */
  private static List<String> sampleLines() throws IOException {
    Path sample = Path.of(System.getProperty("user.dir")).getParent()
        .resolve("samples/access-nginx.log");
    return Arrays.stream(Files.readString(sample, StandardCharsets.UTF_8).split("(?<=\n)"))
        .toList();
  }

  static Result.Spec raw(Plan plan) {
    return Result.Spec.report(plan.grouping(GroupingMode.RAW, 2000), 1000);
  }

  private Follow.Settings settings(long refresh, long window) {
    return new Follow.Settings(refresh, window, SECOND / 10, LineReader.DEFAULT_MAX_LINE_BYTES,
        Optional.empty());
  }

  private List<Follow.Snapshot> follow(Tail tail, ScriptedTicker ticker, long refresh, long window)
      throws Exception {
    List<Follow.Snapshot> shown = new ArrayList<>();
    new Follow(tail, settings(refresh, window), FollowTest::raw, ticker, ticker::done, shown::add)
        .run();
    return shown;
  }

  private static void append(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  private static String join(List<String> lines) {
    return String.join("", lines);
  }

  /** What a report shows, as text: every group's numbers and every input's accounting. */
  static String numbers(Analysis a) {
    List<Summary> all = new ArrayList<>(a.totals());
    all.addAll(a.groups());
    return all.stream().map(s -> s.key() + " " + s.family() + " n=" + s.count() + " min="
            + s.minNanos() + " max=" + s.maxNanos() + " sum=" + s.sumNanos() + " "
            + s.latency() + " " + Arrays.toString(s.statusClasses()))
        .collect(Collectors.joining("\n"))
        + "\n" + a.findings() + "\n" + a.inputs().stream()
            .map(i -> i.toString().replaceAll("source=[^,]*", "")).collect(Collectors.joining("\n"));
  }

  private static String groupNumbers(Analysis a) {
    String all = numbers(a);
    return all.substring(0, all.indexOf("\nInputSummary"));
  }

  private Analysis batch(String content) throws IOException {
    Path whole = dir.resolve("whole.log");
    Files.writeString(whole, content, StandardCharsets.UTF_8);
    return batch(whole);
  }

  static Analysis batch(Path whole) {
    return Analyzer.analyze("t", new Pipeline(Pipeline.Options.defaults())
        .run(List.of(Input.file(whole)), FollowTest::raw));
  }

  @Test
  void aGrowingFileAddsUpToTheBatchRunOfItsLines() throws Exception {
    List<String> lines = sampleLines();
    int third = lines.size() / 3;
    Path log = dir.resolve("access.log");
    append(log, join(lines.subList(0, third))); // the backlog
    String next = join(lines.subList(third, 2 * third));
    int cut = next.length() / 2 + 7; // a line cut in two: it waits for its newline
    String rest = join(lines.subList(2 * third, lines.size()));
    ScriptedTicker ticker = new ScriptedTicker()
        .after(3 * SECOND, () -> append(log, next.substring(0, cut)))
        .after(SECOND, () -> append(log, next.substring(cut)))
        .after(3 * SECOND, () -> append(log, rest));
    List<Follow.Snapshot> shown = follow(FileTail.open(log), ticker, SECOND, 60 * SECOND);

    Follow.Snapshot last = shown.get(shown.size() - 1);
    assertThat(last.last()).isTrue();
    assertThat(shown.size()).as("a refresh a second, and the last").isBetween(7, 10);
    assertThat(numbers(Analyzer.analyze("t", last.sinceStart()))).isEqualTo(numbers(batch(join(lines))));
    // the backlog is not in the window: it did not arrive while following
    Analysis window = Analyzer.analyze("t", last.window());
    Analysis arrived = batch(next + rest);
    assertThat(groupNumbers(window)).isEqualTo(groupNumbers(arrived));
    assertThat(window.inputs().get(0).lines()).isEqualTo(arrived.inputs().get(0).lines());
  }

  @Test
  void theWindowForgetsWhatArrivedBeforeIt() throws Exception {
    List<String> lines = sampleLines();
    Path log = dir.resolve("access.log");
    Files.createFile(log);
    int half = lines.size() / 2;
    ScriptedTicker ticker = new ScriptedTicker()
        .after(SECOND, () -> append(log, join(lines.subList(0, half))))
        .after(2 * 60 * SECOND, () -> append(log, join(lines.subList(half, lines.size()))))
        .after(3 * SECOND, () -> {});
    List<Follow.Snapshot> shown = follow(FileTail.open(log), ticker, 2 * SECOND, 60 * SECOND);

    Follow.Snapshot last = shown.get(shown.size() - 1);
    assertThat(last.window().accounts().get(0).stats().lines()).isEqualTo(lines.size() - half);
    assertThat(last.sinceStart().accounts().get(0).stats().lines()).isEqualTo(lines.size());
    assertThat(last.windowNanos()).isBetween(58 * SECOND, 60 * SECOND);
    // a refresh while the first half was in the window saw it whole
    assertThat(shown).anySatisfy(s ->
        assertThat(s.window().accounts().get(0).stats().lines()).isEqualTo(half));
  }

  /** A name that means no file yet is waited for, as tail -F waits; all its lines are new. */
  @Test
  void aFileThatAppearsLaterIsReadWholeAsItArrives() throws Exception {
    List<String> lines = sampleLines();
    int half = lines.size() / 2;
    Path log = dir.resolve("later.log");
    ScriptedTicker ticker = new ScriptedTicker()
        .after(3 * SECOND, () -> append(log, join(lines.subList(0, half))))
        .after(2 * SECOND, () -> append(log, join(lines.subList(half, lines.size()))));
    FileTail tail = FileTail.open(log);
    assertThat(tail.waiting()).isTrue();
    List<Follow.Snapshot> shown = follow(tail, ticker, SECOND, 60 * SECOND);

    assertThat(tail.waiting()).isFalse();
    Follow.Snapshot last = shown.get(shown.size() - 1);
    assertThat(last.restarts()).isZero();
    assertThat(numbers(Analyzer.analyze("t", last.sinceStart()))).isEqualTo(numbers(batch(join(lines))));
    // nothing was there when following began: every line arrived in the window
    assertThat(groupNumbers(Analyzer.analyze("t", last.window())))
        .isEqualTo(groupNumbers(batch(join(lines))));
  }

  @Test
  void aRenamedAndRecreatedFileIsReadToItsEndThenTheNewOne() throws Exception {
    List<String> lines = sampleLines();
    int a = lines.size() / 4;
    int b = lines.size() / 2;
    int c = 3 * lines.size() / 4;
    Path log = dir.resolve("access.log");
    Path rotated = dir.resolve("access.log.1");
    append(log, join(lines.subList(0, a)));
    ScriptedTicker ticker = new ScriptedTicker()
        .after(3 * SECOND, () -> {
          Files.move(log, rotated);
          append(rotated, join(lines.subList(a, b))); // the writer still has the old file open
          append(log, join(lines.subList(b, c)));
        })
        .after(3 * SECOND, () -> append(log, join(lines.subList(c, lines.size()))));
    List<Follow.Snapshot> shown = follow(FileTail.open(log), ticker, SECOND, 60 * SECOND);

    Follow.Snapshot last = shown.get(shown.size() - 1);
    assertThat(last.restarts()).isEqualTo(1);
    Analysis live = Analyzer.analyze("t", last.sinceStart());
    assertThat(groupNumbers(live)).isEqualTo(groupNumbers(batch(join(lines))));
    // the old file to its end, then the new one: an input of its own, its lines from 1 again
    assertThat(live.inputs()).extracting(i -> i.source() + " " + i.lines())
        .containsExactly(log + " " + b, log + "#2 " + (lines.size() - b));
    assertSlowestAreWhereTheySay(live, Map.of(log.toString(), lines.subList(0, b),
        log + "#2", lines.subList(b, lines.size())));
  }

  /**
   * Each slowest request names an input and a line of it that logged its latency (the last field,
   * in seconds): after a restart too, where the lines are numbered from 1 again.
   */
  private static void assertSlowestAreWhereTheySay(Analysis a, Map<String, List<String>> inputs) {
    List<SlowRequest> all = a.slowestRequests().values().stream().flatMap(List::stream).toList();
    assertThat(all).isNotEmpty();
    assertThat(all).extracting(SlowRequest::source).containsAll(inputs.keySet());
    for (SlowRequest r : all) {
      List<String> lines = inputs.get(r.source());
      assertThat(lines).as("the input of %s", r).isNotNull();
      String line = lines.get((int) r.line() - 1).strip();
      assertThat(Math.round(Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)) * 1e9))
          .as("%s at %s", line, r).isEqualTo(r.nanos());
    }
  }

  @Test
  void aFileCopiedAndTruncatedIsReadAgainFromItsStart() throws Exception {
    List<String> lines = sampleLines();
    int a = lines.size() / 2;
    Path log = dir.resolve("access.log");
    append(log, join(lines.subList(0, a)) + "127.0.0.1 - - [22/Nov/2026:22:41:48 +0000] \"GET /cut");
    ScriptedTicker ticker = new ScriptedTicker()
        .after(3 * SECOND, () -> {
          Files.copy(log, dir.resolve("access.log.1"), StandardCopyOption.REPLACE_EXISTING);
          Files.write(log, new byte[0], StandardOpenOption.TRUNCATE_EXISTING);
        })
        .after(SECOND, () -> append(log, join(lines.subList(a, lines.size()))));
    List<Follow.Snapshot> shown = follow(FileTail.open(log), ticker, SECOND, 60 * SECOND);

    Follow.Snapshot last = shown.get(shown.size() - 1);
    assertThat(last.restarts()).isEqualTo(1);
    var before = last.sinceStart().accounts().get(0);
    var after = last.sinceStart().accounts().get(1);
    assertThat(before.name()).isEqualTo(log.toString());
    assertThat(before.stats().lines()).as("the line cut off by the truncation counts too")
        .isEqualTo(a + 1);
    assertThat(before.stats().parsed()).isEqualTo(a);
    assertThat(before.stats().malformed()).isEqualTo(1);
    assertThat(before.stats().reasons().get(0).outcome().reason()).isEqualTo("line cut off");
    assertThat(after.name()).isEqualTo(log + "#2");
    assertThat(after.stats().lines()).isEqualTo(lines.size() - a);
    assertThat(after.stats().parsed()).isEqualTo(lines.size() - a);
    assertSlowestAreWhereTheySay(Analyzer.analyze("t", last.sinceStart()), Map.of(
        log.toString(), lines.subList(0, a), log + "#2", lines.subList(a, lines.size())));
  }

  @ParameterizedTest
  @ValueSource(strings = {"gc-cms-jdk8.log", "gc-jdk8.log", "gc-g1-jdk17.log", "gc-zgc-jdk25.log",
      "safepoint-jdk17.log"})
  void aJvmLogArrivingInPiecesCutAnywhereGivesTheBatchNumbers(String sample) throws Exception {
    byte[] all = Files.readAllBytes(Path.of(System.getProperty("user.dir")).getParent()
        .resolve("samples").resolve(sample));
    Path log = Files.createFile(dir.resolve("gc.log"));
    List<Follow.Snapshot> shown = followInPieces(log, all, 997); // cut inside lines and events

    Analysis live = Analyzer.analyze("t", shown.get(shown.size() - 1).sinceStart());
    assertThat(Files.readAllBytes(log)).isEqualTo(all);
    assertThat(numbers(live)).isEqualTo(numbers(batch(log))); // the same file: findings name it
    assertThat(live.groups()).isNotEmpty();
  }

  /**
   * Lines ended by CR alone (or CRLF) arriving in pieces, the first one cut just after the first
   * CR: the line ends are decided as the batch reader decides them, and the numbers are the batch
   * run's.
   */
  @ParameterizedTest
  @ValueSource(strings = {"\r", "\r\n"})
  void otherLineEndsArrivingInPiecesGiveTheBatchNumbers(String end) throws Exception {
    byte[] all = join(sampleLines()).replace("\n", end).getBytes(StandardCharsets.UTF_8);
    Path log = Files.createFile(dir.resolve("access.log"));
    ScriptedTicker ticker = new ScriptedTicker();
    int firstCr = new String(all, StandardCharsets.ISO_8859_1).indexOf('\r');
    for (int at = 0; at < all.length; at = at == 0 ? firstCr + 1 : at + 997) {
      int from = at;
      int to = Math.min(all.length, at == 0 ? firstCr + 1 : at + 997);
      ticker.then(() -> Files.write(log, Arrays.copyOfRange(all, from, to), StandardOpenOption.APPEND));
    }
    ticker.after(3 * SECOND, () -> {});
    List<Follow.Snapshot> shown = follow(FileTail.open(log), ticker, SECOND, 3600 * SECOND);

    // read as they arrived, not only when the run stopped
    Analysis beforeTheStop = Analyzer.analyze("t", shown.get(shown.size() - 2).sinceStart());
    assertThat(beforeTheStop.inputs().get(0).parsed()).isEqualTo(sampleLines().size());
    Analysis live = Analyzer.analyze("t", shown.get(shown.size() - 1).sinceStart());
    assertThat(Files.readAllBytes(log)).isEqualTo(all);
    assertThat(live.inputs().get(0).lines()).isEqualTo(sampleLines().size());
    assertThat(numbers(live)).isEqualTo(numbers(batch(log)));
  }

  @Test
  void aCompressedFileIsRefused() throws Exception {
    Path log = dir.resolve("access.log.gz");
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(log))) {
      out.write(join(sampleLines()).getBytes(StandardCharsets.UTF_8));
    }
    ScriptedTicker ticker = new ScriptedTicker().after(3 * SECOND, () -> {});
    assertThatThrownBy(() -> follow(FileTail.open(log), ticker, SECOND, 60 * SECOND))
        .isInstanceOf(tardy.events.input.InputException.class)
        .hasMessage(log + ": is gzip-compressed: --follow reads a plain text log as it grows");
  }

  @Test
  void aStreamIsReadToItsEndAndItsLastLineWithoutNewlineCounts() throws Exception {
    List<String> lines = sampleLines();
    String all = join(lines);
    String withoutLastNewline = all.substring(0, all.length() - 1);
    Tail tail = StreamTail.start("-",
        new ByteArrayInputStream(withoutLastNewline.getBytes(StandardCharsets.UTF_8)));
    ScriptedTicker ticker = new ScriptedTicker();
    for (int i = 0; i < 1000; i++) { // waits for the reading thread without ever stopping the run
      ticker.then(() -> Thread.sleep(1));
    }
    List<Follow.Snapshot> shown = follow(tail, ticker, SECOND, 60 * SECOND);

    Follow.Snapshot last = shown.get(shown.size() - 1);
    assertThat(last.last()).isTrue();
    assertThat(ticker.done()).as("ended by the stream's end, not by the script").isFalse();
    assertThat(numbers(Analyzer.analyze("t", last.sinceStart()))).isEqualTo(numbers(batch(all)));
    assertThat(numbers(Analyzer.analyze("t", last.window()))).isEqualTo(numbers(batch(all)));
  }

  /**
   * A JDK 8 log that ends inside a GC event (the real CMS sample, then an event cut after its
   * first lines): followed with the cut event's opening line in the backlog, in an earlier piece
   * than the end or in the last one, the stop counts that line malformed and no pause, as the
   * batch run does, first line numbers included.
   */
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2})
  void anEventCutByTheEndCountsAsInTheBatchRun(int where) throws Exception {
    List<String> lines = cmsHeadThenARemarkOpened();
    lines.add("247.641: [class unloading, 0.0251742 secs]\n");
    Analysis batch = followedFromEveryPieceAsInTheBatchRun(lines, CMS_HEAD, where,
        "GC event cut by the end of the input");
    assertThat(batch.groups()).noneMatch(s -> s.key().equals("GC (CMS Final Remark)") && s.count() > 1);
  }

  /**
   * A JDK 8 event that never closed, ended by its safepoint's stopped-time line, then events read
   * as they come (the real CMS sample's head around them): followed with the opening line in the
   * backlog, in an earlier piece than the stopped time or in the last one, its recount, made when
   * the stopped time is read, counts as the batch run's, first line numbers included.
   */
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2})
  void anEventItsSafepointEndedCountsAsInTheBatchRun(int where) throws Exception {
    List<String> lines = cmsHeadThenARemarkOpened();
    lines.add("2014-04-16T10:01:43.400+0900: 247.738: Total time for which application threads were stopped: 0.1940000 seconds\n");
    lines.addAll(cmsSampleLines(CMS_HEAD, CMS_HEAD + 20));
    Analysis batch = followedFromEveryPieceAsInTheBatchRun(lines, CMS_HEAD, where,
        "GC event still open when its safepoint ended");
    // the stopped time is the safepoint's, named by the GC closed before it
    assertThat(batch.groups()).anyMatch(s -> s.family().name().equals("SAFEPOINT")
        && s.count() == 1 && s.maxNanos() == 194_000_000L);
  }

  /**
   * A JDK 9-12 safepoint log that ends inside a group, as a JVM's log ends on its Exit safepoint
   * (the first groups of kcpeppe/integrating_vertx logs/safepoint.log, then its last line): the
   * stop counts the Entering line malformed and no pause, as the batch run does, whether that line
   * is in the backlog, in an earlier piece than the end or in the last one.
   */
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2})
  void aSafepointGroupCutByTheEndCountsAsInTheBatchRun(int where) throws Exception {
    List<String> lines = new ArrayList<>(List.of(
        "[0.090s][info][safepoint    ] Entering safepoint region: EnableBiasedLocking\n",
        "[0.090s][info][safepoint    ] Leaving safepoint region\n",
        "[0.090s][info][safepoint    ] Total time for which application threads were stopped: 0.0000979 seconds, Stopping threads took: 0.0000371 seconds\n",
        "[0.099s][info][safepoint    ] Application time: 0.0094291 seconds\n",
        "[0.099s][info][safepoint    ] Entering safepoint region: RevokeBias\n",
        "[0.099s][info][safepoint    ] Leaving safepoint region\n",
        "[0.099s][info][safepoint    ] Total time for which application threads were stopped: 0.0000551 seconds, Stopping threads took: 0.0000086 seconds\n",
        "[0.376s][info][safepoint    ] Application time: 0.2767885 seconds\n"));
    int entering = lines.size();
    lines.add("[11.449s][info ][safepoint     ] Entering safepoint region: Exit\n");
    Analysis batch = followedFromEveryPieceAsInTheBatchRun(lines, entering, where,
        "safepoint cut by the end of the input");
    assertThat(batch.groups()).extracting(Summary::key).containsExactlyInAnyOrder("EnableBiasedLocking", "RevokeBias");
  }

  /**
   * Damaged unified-logging pause lines (a time decorator damaged, two lines joined by a lone CR,
   * {@code Safepoint"X"}) among the real JDK 17 safepoint sample, arriving in pieces cut inside
   * them: malformed as in the batch run, and the other lines' numbers the batch run's.
   */
  @Test
  void damagedUnifiedPauseLinesArrivingInPiecesCountAsInTheBatchRun() throws Exception {
    Path sample = Path.of(System.getProperty("user.dir")).getParent()
        .resolve("samples/safepoint-jdk17.log");
    List<String> lines = new ArrayList<>(Arrays.asList(
        Files.readString(sample, StandardCharsets.UTF_8).split("(?<=\n)")));
    String safepoint = lines.stream().filter(l -> l.contains("] Safepoint \"")).findFirst()
        .orElseThrow().replace("\n", "");
    String other = lines.get(0).replace("\n", "");
    int at = lines.size() / 2;
    lines.add(at, safepoint.replaceFirst("T(\\d\\d):", "T$1x") + "\n");
    lines.add(at, other + "\r" + safepoint + "\n");
    lines.add(at, safepoint.replace("Safepoint \"", "Safepoint\"") + "\n");
    byte[] all = join(lines).getBytes(StandardCharsets.UTF_8);
    Analysis batch = batch(join(lines));
    assertThat(batch.inputs().get(0).malformed()).isEqualTo(3);
    assertThat(batch.inputs().get(0).reasons()).filteredOn(r -> r.outcome().equals("malformed"))
        .extracting(r -> r.firstLines().get(0)).containsExactlyInAnyOrder((long) at + 1,
            (long) at + 2, (long) at + 3);
    Path log = Files.createFile(dir.resolve("followed.log"));
    List<Follow.Snapshot> shown = followInPieces(log, all, 211); // cut inside the damaged lines
    assertThat(numbers(Analyzer.analyze("t", shown.get(shown.size() - 1).sinceStart())))
        .isEqualTo(numbers(batch(log)));
  }

  /** Follows {@code log} while {@code all} is appended to it in pieces of {@code piece} bytes. */
  private List<Follow.Snapshot> followInPieces(Path log, byte[] all, int piece) throws Exception {
    ScriptedTicker ticker = new ScriptedTicker();
    for (int at = 0; at < all.length; at += piece) {
      int from = at;
      ticker.then(() -> Files.write(log, Arrays.copyOfRange(all, from, Math.min(all.length,
          from + piece)), StandardOpenOption.APPEND));
    }
    return follow(FileTail.open(log), ticker, SECOND, 3600 * SECOND);
  }

  /**
   * The batch run of {@code lines} counts the line at index {@code opening} malformed for a
   * reason starting {@code reason}, and no other line malformed; following them with that line in the backlog
   * ({@code where} 0), arriving in an earlier piece than the end (1) or in the last piece (2) ends
   * with the same numbers.
   */
  private static final int CMS_HEAD = 40;

  /**
   * The real CMS sample's first lines, then a remark's opening line (line CMS_HEAD + 1) and a
   * line inside it.
   */
  private static List<String> cmsHeadThenARemarkOpened() throws IOException {
    List<String> lines = cmsSampleLines(0, CMS_HEAD);
    lines.add("2014-04-16T10:01:43.206+0900: 247.544: [GC (CMS Final Remark) [YG occupancy: 372284 K (996800 K)]\n");
    lines.add("247.545: [Rescan (parallel) , 0.0865788 secs]247.631: [weak refs processing, 0.0097719 secs]\n");
    return lines;
  }

  /** Lines {@code [from, to)} of the real CMS sample, each with its newline. */
  private static List<String> cmsSampleLines(int from, int to) throws IOException {
    Path sample = Path.of(System.getProperty("user.dir")).getParent().resolve("samples/gc-cms-jdk8.log");
    return new ArrayList<>(Arrays.asList(
        Files.readString(sample, StandardCharsets.UTF_8).split("(?<=\n)")).subList(from, to));
  }

  private Analysis followedFromEveryPieceAsInTheBatchRun(List<String> lines, int opening, int where,
      String reason) throws Exception {
    Analysis batch = batch(join(lines));
    var in = batch.inputs().get(0);
    assertThat(in.malformed()).isEqualTo(1);
    assertThat(in.reasons()).filteredOn(r -> r.reason().startsWith(reason))
        .singleElement().satisfies(r -> {
          assertThat(r.outcome()).isEqualTo("malformed");
          assertThat(r.firstLines()).containsExactly((long) opening + 1);
        });

    Path log = dir.resolve("followed.log");
    int split = switch (where) {
      case 0 -> lines.size(); // all in the backlog
      case 1 -> opening + 1; // the opening line arrives, then the rest
      default -> opening; // the opening line and the rest arrive in the last piece
    };
    append(log, join(lines.subList(0, split)));
    ScriptedTicker ticker = new ScriptedTicker()
        .after(2 * SECOND, () -> append(log, join(lines.subList(split, lines.size()))))
        .after(2 * SECOND, () -> {});
    List<Follow.Snapshot> shown = follow(FileTail.open(log), ticker, SECOND, 60 * SECOND);
    assertThat(numbers(Analyzer.analyze("t", shown.get(shown.size() - 1).sinceStart())) // findings name the file
        .replace(log.toString(), dir.resolve("whole.log").toString())).isEqualTo(numbers(batch));
    return batch;
  }
}
