package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Corpus;

/**
 * {@code --save} and a saved result read where logs go: what it gives is what its logs gave, byte
 * for byte; the file is the same whatever --threads; a file that is not a whole saved result of
 * this version is refused with exit 2 and one line of words.
 */
class SavedResultCliTest {

  private static final Path SAMPLES = Path.of("..", "samples");
  private static final Path TIMELINE = SAMPLES.resolve("timeline");

  @TempDir Path dir;

  /** report on the logs, saved, then report on the saved file: every output format alike. */
  private void sameReport(List<String> logs, String... options) throws IOException {
    sameReport(new String[] {"table", "json", "csv", "html"}, logs, options);
  }

  private void sameReport(String[] formats, List<String> logs, String... options)
      throws IOException {
    Path saved = dir.resolve("run.tardy");
    Files.deleteIfExists(saved);
    for (String format : formats) {
      List<String> fromLogs = new ArrayList<>(List.of("report", "--format", format));
      fromLogs.addAll(Arrays.asList(options));
      fromLogs.addAll(logs);
      Cli.Result direct = Cli.run(fromLogs.toArray(String[]::new));
      assertThat(direct.code()).as(logs + " " + direct.err()).isZero();
      if (format.equals("table")) {
        fromLogs.addAll(List.of("--save", saved.toString()));
        Cli.Result saving = Cli.run(fromLogs.toArray(String[]::new));
        assertThat(saving.code()).as(saving.err()).isZero();
        assertThat(saving.out()).as("--save changes nothing shown").isEqualTo(direct.out());
      }
      Cli.Result read = Cli.run("report", "--format", format, saved.toString());
      assertThat(read.code()).as(read.err()).isZero();
      assertThat(read.out()).as(logs + " as " + format).isEqualTo(direct.out());
      assertThat(read.err()).isEqualTo(direct.err());
    }
  }

  @Test
  void aSavedResultReportsAsItsLogs() throws IOException {
    sameReport(List.of(SAMPLES.resolve("shop-access.log").toString()));
    // requests and JVM pauses on one clock: the timeline needs the saved pauses
    sameReport(List.of(TIMELINE.resolve("g1-time/access-combined.log").toString(),
        TIMELINE.resolve("g1-time/jvm.log").toString()));
    sameReport(List.of(TIMELINE.resolve("parallel-uptime/access-msec.log").toString(),
        TIMELINE.resolve("parallel-uptime/jvm.log").toString()),
        "--start-time", "2026-11-23T21:30:00Z", "--interval", "10s");
    sameReport(List.of(SAMPLES.resolve("gc-g1-jdk17.log").toString(),
        SAMPLES.resolve("safepoint-jdk17.log").toString()));
    sameReport(List.of(SAMPLES.resolve("shop-access.log").toString()),
        "--grouping", "raw", "--max-operations", "3", "--from", "10m");
  }

  /**
   * Every real access log of the corpus that report reads, and one JVM log in five (of every
   * collector and JDK the corpus holds), saved and read back: the table and the JSON.
   */
  @Test
  void theCorpusSavedReportsAsItsLogs() throws IOException {
    int compared = 0;
    for (String kind : new String[] {"access", "jvm"}) {
      Path corpus = Corpus.require(kind);
      List<String> rows = Files.readAllLines(corpus.resolve("INDEX.tsv"));
      for (int i = 1; i < rows.size(); i += kind.equals("jvm") ? 5 : 1) {
        Path log = corpus.resolve(rows.get(i).split("\t")[0]);
        if (!Files.isRegularFile(log) || Cli.run("report", log.toString()).code() != 0) {
          continue; // a log report refuses is refused as it is (other tests say why)
        }
        sameReport(new String[] {"table", "json"}, List.of(log.toString()));
        compared++;
      }
    }
    assertThat(compared).as("corpus logs compared").isGreaterThan(40);
  }

  @Test
  void checkSavedJudgesAsItsLogs() throws IOException {
    String requirements = SAMPLES.resolve("shop-requirements.yaml").toString();
    String log = SAMPLES.resolve("shop-access.log").toString();
    Path saved = dir.resolve("check.tardy");
    Cli.Result direct = Cli.run("check", "--requirements", requirements, log);
    Cli.Result saving = Cli.run("check", "--requirements", requirements, log, "--save",
        saved.toString());
    Cli.Result read = Cli.run("check", "--requirements", requirements, saved.toString());
    assertThat(direct.code()).as(direct.err()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertThat(saving.out()).isEqualTo(direct.out());
    assertThat(read.code()).isEqualTo(direct.code());
    assertThat(read.out()).isEqualTo(direct.out());

    // histograms cannot be regrouped by other requirements, nor by any from a report's
    Path other = dir.resolve("other.yaml");
    Files.writeString(other, Files.readString(Path.of(requirements)).replace("instant",
        "seamless"));
    Cli.Result refused = Cli.run("check", "--requirements", other.toString(), saved.toString());
    assertThat(refused.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(refused.err()).contains("saved with other requirements");
    Path report = dir.resolve("report.tardy");
    assertThat(Cli.run("report", log, "--save", report.toString()).code()).isZero();
    Cli.Result fromReport = Cli.run("check", "--requirements", requirements, report.toString());
    assertThat(fromReport.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(fromReport.err()).contains("saved by 'tardy report'");
  }

  /** imooc.com's log_format, whose last field is the request's time. */
  private static final String IMOOC = "$remote_addr - $remote_user [$time_local] \"$request\""
      + " $status $body_bytes_sent \"$host\" \"$http_referer\" $request_body"
      + " \"$http_user_agent\" \"$http_x_forwarded_for\" $upstream_addr $upstream_status"
      + " $upstream_response_time $request_time";

  /** Over 4 MiB a plain file is cut into parts parsed apart: the saved bytes stay the same. */
  @Test
  void savingIsByteStableWhateverTheThreads() throws IOException {
    Path log = dir.resolve("big.log");
    byte[] imooc = Files.readAllBytes(
        Corpus.require("access").resolve("lihaogm_spark-analyse-log/10000_access.log"));
    try (var out = Files.newOutputStream(log)) {
      for (int i = 0; i < 5; i++) {
        out.write(imooc);
      }
    }
    // past the groups a part tracks (imooc.com has about 900 operations): which were tracked
    // depends on the parts, and the saved result must not
    byte[] first = null;
    for (String threads : new String[] {"1", "2", "4"}) {
      Path saved = dir.resolve("t" + threads + ".tardy");
      Cli.Result r = Cli.run("report", "--format", "json", "--threads", threads,
          "--max-operations", "50", "--log-format", IMOOC, log.toString(), "--save",
          saved.toString());
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(r.out()).contains("\"folded_groups\"");
      byte[] bytes = Files.readAllBytes(saved);
      if (first == null) {
        first = bytes;
      } else {
        assertThat(bytes).as("--threads " + threads).isEqualTo(first);
      }
      assertThat(Cli.run("report", "--format", "json", saved.toString()).out())
          .isEqualTo(r.out());
    }
  }

  private Path savedShop() {
    Path saved = dir.resolve("shop.tardy");
    assertThat(Cli.run("report", SAMPLES.resolve("shop-access.log").toString(), "--save",
        saved.toString()).code()).isZero();
    return saved;
  }

  private static void refused(Path file, String words) {
    for (String[] args : new String[][] {
        {"report", file.toString()},
        {"compare", "--before", file.toString(), "--after",
            SAMPLES.resolve("shop-access.log").toString()}}) {
      Cli.Result r = Cli.run(args);
      assertThat(r.code()).as(String.join(" ", args) + ": " + r.err())
          .isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).contains(words).startsWith("tardy: " + file)
          .doesNotContain("Exception").doesNotContain("\tat ");
      assertThat(r.err().strip().lines().count()).isEqualTo(1);
      assertThat(r.out()).isEmpty();
    }
  }

  @Test
  void aTruncatedOrDamagedFileIsRefused() throws IOException {
    byte[] whole = Files.readAllBytes(savedShop());
    for (int length : new int[] {0, 5, 8, 11, 12, 100, whole.length / 2, whole.length - 1}) {
      Path cut = dir.resolve("cut" + length + ".tardy");
      Files.write(cut, Arrays.copyOf(whole, length));
      refused(cut, length < 8 ? "not a result saved by tardy" : length < 12 ? "truncated"
          : "damaged or truncated");
    }
    for (int at : new int[] {20, whole.length / 3, whole.length - 9, whole.length - 1}) {
      byte[] flipped = whole.clone();
      flipped[at] ^= 0x10;
      Path damaged = dir.resolve("flip" + at + ".tardy");
      Files.write(damaged, flipped);
      refused(damaged, "damaged");
    }
    Path longer = dir.resolve("longer.tardy");
    Files.write(longer, Arrays.copyOf(whole, whole.length + 3));
    refused(longer, "damaged");
  }

  @Test
  void aForeignOrNewerFileIsRefused() throws IOException {
    Path foreign = dir.resolve("foreign.tardy"); // named as one, holding a log
    Files.copy(SAMPLES.resolve("shop-access.log"), foreign);
    refused(foreign, "not a result saved by tardy");
    Path zip = dir.resolve("archive.tardy");
    Files.write(zip, new byte[] {'P', 'K', 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
    refused(zip, "not a result saved by tardy");

    byte[] whole = Files.readAllBytes(savedShop());
    byte[] newer = whole.clone();
    newer[11] = 2; // the file format's version, after the 8 bytes of magic
    Path next = dir.resolve("next.tardy");
    Files.write(next, newer);
    refused(next, "file format 2; this tardy reads format 1");
  }

  @Test
  void aSavedResultIsFoundByItsMagicWhateverItsName() {
    Path saved = savedShop();
    Path plain = dir.resolve("yesterday");
    try {
      Files.copy(saved, plain);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    assertThat(Cli.run("report", plain.toString()).out())
        .isEqualTo(Cli.run("report", saved.toString()).out()).contains("GET /product/{id}");
  }

  @Test
  void optionsThatWouldChangeWhatWasRecordedAreRefused() {
    String saved = savedShop().toString();
    for (String[] options : new String[][] {
        {"--from", "10m"}, {"--to", "2026-11-20T14:00:00Z"}, {"--interval", "1m"},
        {"--start-time", "2026-11-20T14:00:00Z"}, {"--grouping", "raw"},
        {"--log-format", "combined"}, {"--max-operations", "7"},
        {"--save", dir.resolve("again.tardy").toString()},
        {"--rejects", dir.resolve("rejects.txt").toString()}}) {
      List<String> args = new ArrayList<>(List.of("report", saved));
      args.addAll(Arrays.asList(options));
      Cli.Result r = Cli.run(args.toArray(String[]::new));
      assertThat(r.code()).as(args + " " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).contains("a saved result is read as it was recorded")
          .contains(options[0].equals("--to") || options[0].equals("--from") ? "--from/--to"
              : options[0]);
    }
    for (String command : new String[] {"report", "check"}) {
      Cli.Result followed = command.equals("report") ? Cli.run("report", "--follow", saved)
          : Cli.run("check", "--requirements",
              SAMPLES.resolve("shop-requirements.yaml").toString(), "--follow", saved);
      assertThat(followed.code()).as(followed.err()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(followed.err()).contains("a saved result has no lines to follow");
    }
    Cli.Result withLogs = Cli.run("report", saved, SAMPLES.resolve("shop-access.log").toString());
    assertThat(withLogs.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(withLogs.err()).contains("a saved result is read alone");
    // options that only change what is shown apply as to logs
    assertThat(Cli.run("report", saved, "--threads", "1").code()).isZero();
  }

  @Test
  void saveRefusesToReplaceAnInputOrTheOutput() {
    String log = SAMPLES.resolve("shop-access.log").toString();
    Cli.Result input = Cli.run("report", log, "--save", log);
    assertThat(input.code()).isEqualTo(ExitCodes.USER_ERROR);
    Path both = dir.resolve("both");
    Cli.Result output = Cli.run("report", log, "--save", both.toString(), "-o", both.toString());
    assertThat(output.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(output.err()).contains("named by both --output and --save");
    assertThat(both).doesNotExist();
  }

  // compare

  private static String csv(String... args) {
    List<String> all = new ArrayList<>(List.of("compare", "--format", "csv"));
    all.addAll(Arrays.asList(args));
    Cli.Result r = Cli.run(all.toArray(String[]::new));
    assertThat(r.code()).as(all + " " + r.err()).isZero();
    return r.out();
  }

  @Test
  void compareReadsASavedSideAsItsLogs() {
    String g1 = TIMELINE.resolve("g1-time/access-combined.log").toString();
    String serial = TIMELINE.resolve("serial-utctime/access-combined.log").toString();
    Path g1Saved = dir.resolve("g1.tardy");
    Path serialSaved = dir.resolve("serial.tardy");
    assertThat(Cli.run("report", g1, "--save", g1Saved.toString()).code()).isZero();
    assertThat(Cli.run("report", serial, "--save", serialSaved.toString()).code()).isZero();
    String logs = csv("--before", g1, "--after", serial);
    assertThat(logs.lines().count()).isGreaterThan(10);
    assertThat(csv("--before", g1Saved.toString(), "--after", serial)).isEqualTo(logs);
    assertThat(csv("--before", g1, "--after", serialSaved.toString())).isEqualTo(logs);
    Cli.Result both = Cli.run("compare", "--format", "csv", "--before", g1Saved.toString(),
        "--after", serialSaved.toString());
    assertThat(both.out()).isEqualTo(logs);
    assertThat(both.err()).contains("were grouped apart").contains("matched by name");
    // two saved with one grouping: nothing to say
    Cli.Result same = Cli.run("compare", "--before", g1Saved.toString(), "--after",
        g1Saved.toString());
    assertThat(same.code()).isZero();
    assertThat(same.err()).isEmpty();
  }

  private static void accessLog(Path file, java.util.function.IntFunction<String> path)
      throws IOException {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 600; i++) {
      out.append(String.format(Locale.ROOT, "10.0.0.1 - - [04/Dec/2013:12:%02d:%02d +0000] \"GET"
          + " %s HTTP/1.1\" 200 512 \"-\" \"test\" 0.%03d%n", (i / 60) % 60, i % 60,
          i % 2 == 0 ? "/home" : path.apply(i), 10 + i % 90));
    }
    Files.writeString(file, out, StandardCharsets.UTF_8);
  }

  /**
   * The logs beside a saved result are grouped as it was: the after side's one post, alone, stays
   * its raw path, but the before side's many posts made a {slug} template that takes it in.
   */
  @Test
  void logsBesideASavedSideFollowItsGrouping() throws IOException {
    Path before = dir.resolve("before.log");
    Path after = dir.resolve("after.log");
    String[] words = {"alpha", "beta", "gamma", "delta", "omega", "kappa", "sigma", "theta"};
    accessLog(before, i -> "/post/" + words[i % 8] + "-" + words[i / 8 % 8] + "-" + i);
    accessLog(after, i -> "/post/how-to-measure-latency");
    Path saved = dir.resolve("before.tardy");
    assertThat(Cli.run("report", "--format", "csv", after.toString()).out())
        .contains("GET /post/how-to-measure-latency,").doesNotContain("{slug}");
    assertThat(Cli.run("report", "--format", "csv", before.toString(), "--save",
        saved.toString()).out()).contains("GET /post/{slug},");
    String rows = csv("--before", saved.toString(), "--after", after.toString());
    assertThat(rows).contains("GET /post/{slug},both,300,300,")
        .doesNotContain("how-to").doesNotContain(",new,").doesNotContain(",gone,");
  }

  @Test
  void aSavedSideCannotBeCutByTime() {
    String saved = savedShop().toString();
    Cli.Result r = Cli.run("compare", "--split", "2026-11-20T14:00:00Z", saved);
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).contains("a saved result keeps no times to cut");
  }

  /** Two windows of one log set compare as the same log cut by hand at their bounds. */
  @Test
  void twoWindowsCompareAsTheLogCutByHand() throws IOException {
    Path log = dir.resolve("day.log");
    StringBuilder whole = new StringBuilder();
    StringBuilder early = new StringBuilder();
    StringBuilder late = new StringBuilder();
    java.util.SplittableRandom random = new java.util.SplittableRandom(7);
    for (int i = 0; i < 3600; i++) { // an hour, one line a second; slower after 12:40
      long millis = 5 + random.nextInt(i >= 2400 ? 120 : 80);
      String line = String.format(Locale.ROOT, "10.0.0.1 - - [04/Dec/2013:12:%02d:%02d +0000]"
          + " \"GET /api/%s HTTP/1.1\" 200 512 \"-\" \"test\" %d.%03d%n", i / 60, i % 60,
          i % 3 == 0 ? "a" : "b", millis / 1000, millis % 1000);
      whole.append(line);
      if (i >= 600 && i < 1800) { // 12:10 to 12:30
        early.append(line);
      } else if (i >= 2400) { // 12:40 to the end
        late.append(line);
      }
    }
    Files.writeString(log, whole);
    Path earlyLog = dir.resolve("early.log");
    Path lateLog = dir.resolve("late.log");
    Files.writeString(earlyLog, early);
    Files.writeString(lateLog, late);
    String windows = csv("--before-window", "2013-12-04T12:10:00Z..2013-12-04T12:30:00Z",
        "--after-window", "2013-12-04T12:40:00Z..", log.toString());
    String byHand = csv("--before", earlyLog.toString(), "--after", lateLog.toString());
    assertThat(windows).isEqualTo(byHand).contains("GET /api/a,both,400,400,");
    // a duration before the log's end reads as --from/--to's does
    assertThat(csv("--before-window", "50m..30m", "--after-window", "20m..", log.toString()))
        .isEqualTo(byHand);
  }

  @Test
  void windowsAreRefusedWhenUnclear() {
    String log = SAMPLES.resolve("shop-access.log").toString();
    for (String[] args : new String[][] {
        {"--before-window", "..2026-11-20T14:00:00Z", log},
        {"--before-window", "2026-11-20T14:00:00Z", "--after-window", "..", log},
        {"--before-window", "a..b", "--after-window", "2026-11-20T14:00:00Z..", log},
        {"--before-window", "..10m", "--after-window", "10m..", "--split",
            "2026-11-20T14:00:00Z", log},
        {"--before-window", "..10m", "--after-window", "10m..", "--before", log}}) {
      List<String> all = new ArrayList<>(List.of("compare"));
      all.addAll(Arrays.asList(args));
      Cli.Result r = Cli.run(all.toArray(String[]::new));
      assertThat(r.code()).as(all + " " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).startsWith("tardy: ").doesNotContain("Exception");
    }
  }
}
