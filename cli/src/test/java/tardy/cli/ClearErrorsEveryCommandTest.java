package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Limits;

/**
 * What a hostile run tried where tardy died (exit 3, "a bug") instead of doing the work or saying
 * what to change: the largest documented report, a fine hlog over a long log, times at the ends
 * of what Java reads, a first line longer than any sample, each through every command it reaches.
 */
class ClearErrorsEveryCommandTest {

  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  static final String SLA = ROOT.resolve("samples/shop-requirements.yaml").toString();
  static final String SHOP = ROOT.resolve("samples/shop-access.log").toString();

  @TempDir Path dir;

  static String line(int second, String path, int millis) {
    return "10.0.0.1 - - [22/Nov/2026:" + String.format(java.util.Locale.ROOT, "%02d:%02d:%02d",
        10 + second / 3600, second / 60 % 60, second % 60) + " +0000] \"GET " + path
        + " HTTP/1.1\" 200 12 \"-\" \"bench\" 0.0" + millis + "\n";
  }

  /**
   * The documented maximum of operations, every one shown: the page (a chart per operation, 56
   * MB) was held whole three times over beside the histograms, and the launcher's heap ran out.
   */
  @Test
  void anHtmlPageOfTheLargestCapWithEveryOperationRunsInTheLaunchersHeap() throws Exception {
    Path log = dir.resolve("ops.log");
    Random random = new Random(2);
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < Limits.OPERATIONS_MAX; i++) {
      paths.add("/u/" + word(random) + "/" + word(random));
    }
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(log), 1 << 16)) {
      for (int round = 0; round < 2; round++) {
        for (int i = 0; i < paths.size(); i++) {
          out.write(line(i % 60, paths.get(i), 10 + random.nextInt(89))
              .getBytes(StandardCharsets.US_ASCII));
        }
      }
    }
    Path page = dir.resolve("page.html");
    Cli.Result r = Cli.fork("256m", "report", "--format", "html", "--top", "0",
        "--max-operations", Integer.toString(Limits.OPERATIONS_MAX), "-o", page.toString(),
        log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    String html = Files.readString(page);
    assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
    // a chart for every operation: nothing of the page was left out
    assertThat(html.split("<section data-key=", -1).length - 1).isEqualTo(Limits.OPERATIONS_MAX);
  }

  /**
   * 200,000 unique paths at the largest cap: each parsing thread held up to 6 × the cap groups (4 ×
   * tracked one by one, 2 × the sample's heaviest) and two threads were allowed at the cap, so the
   * launcher's collector ran out (exit 3) where one thread ran. The threads are fewer now, and the
   * document is the one thread's, byte for byte.
   */
  @Test
  void twoHundredThousandUniquePathsAtTheLargestCapRunWhateverTheThreads() throws Exception {
    Path log = dir.resolve("unique.log");
    Random random = new Random(3);
    int unique = 200_000;
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(log), 1 << 16)) {
      for (int i = 0; i < unique; i++) {
        out.write(line(i % 3600, "/u/" + word(random) + "/" + word(random), 10 + random.nextInt(89))
            .getBytes(StandardCharsets.US_ASCII));
      }
    }
    String cap = Integer.toString(Limits.OPERATIONS_MAX);
    Cli.Result one = Cli.fork("256m", "report", "--format", "json", "--threads", "1",
        "--max-operations", cap, log.toString());
    assertThat(one.code()).as(one.err()).isZero();
    assertThat(one.out()).contains("\"lines\" : " + unique, "\"key\" : \"(other)\"");
    // more threads asked for (BoundedMemoryTest holds --threads 7 at the cap to the rule)
    Cli.Result two = Cli.fork("256m", "report", "--format", "json", "--threads", "2",
        "--max-operations", cap, log.toString());
    assertThat(two.code()).as(two.err()).isZero();
    assertThat(two.out()).isEqualTo(one.out());
  }

  /**
   * An hour at --interval 1ms: 3.6 million intervals, most empty, written as lines; the blocks
   * rendered ahead of the writer held half a million lines each and ran out of the heap.
   */
  @Test
  void anHlogOfOneMillisecondIntervalsOverAnHourRunsInTheLaunchersHeap() throws Exception {
    Path log = dir.resolve("hour.log");
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(log), 1 << 16)) {
      for (int s = 0; s < 3600; s++) {
        for (int k = 0; k < 10; k++) {
          out.write(line(s, "/op" + k, 10 + (s * 7 + k) % 89).getBytes(StandardCharsets.US_ASCII));
        }
      }
    }
    Path hlog = dir.resolve("out.hlog");
    Cli.Result r = Cli.fork("256m", "hlog", "--interval", "1ms", "-o", hlog.toString(),
        log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("wrote " + hlog + ": 36,000 events in 3,600 non-empty intervals of 1 ms");
    long lines;
    try (var all = Files.lines(hlog)) {
      lines = all.filter(l -> !l.startsWith("#") && !l.startsWith("\"")).count();
    }
    // every millisecond from the first event's to the last's, and ten tagged lines per second
    assertThat(lines).isEqualTo(3_599_001L + 3_600L * 10);
    Files.delete(hlog);
  }

  /** Times Java reads but no log holds: a usage error naming the option, before any read. */
  @Test
  void timesOutsideTheYearsOfALogAreUsageErrorsOfEveryCommand() {
    String hlog = dir.resolve("o.hlog").toString();
    List<List<String>> commands = List.of(List.of("report"),
        List.of("check", "--requirements", SLA), List.of("hlog", "-o", hlog));
    for (List<String> command : commands) {
      for (String option : List.of("--start-time", "--from", "--to")) {
        for (String time : List.of("+999999999-12-31T23:59:59Z", "-999999999-01-01T00:00:00Z",
            "+10000-01-01T00:00:00Z", "-0001-12-31T23:59:59.999Z")) {
          List<String> args = new ArrayList<>(command);
          args.addAll(List.of(option, time, dir.resolve("missing.log").toString()));
          Cli.Result r = Cli.run(args.toArray(String[]::new));
          assertThat(r.code()).as(args + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
          assertThat(r.err()).isEqualTo("tardy: " + option + ": '" + time + "' is outside the"
              + " times tardy reads, 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z\n");
        }
      }
    }
    // the ends themselves are times a log can hold
    for (String time : List.of("0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z")) {
      for (String option : List.of("--start-time", "--from", "--to")) {
        Cli.Result r = Cli.run("report", "--format", "json", option, time, SHOP);
        assertThat(r.code()).as(option + " " + time + ": " + r.err()).isZero();
      }
    }
  }

  /**
   * A first line longer than a sample (9 MiB, past where --follow planned from an empty head) or
   * than the bytes detection searched (17 MiB): counted and skipped, the rest read, by the batch
   * run and --follow alike, with and without a named format, as the README says.
   */
  @Test
  void aLongFirstLineIsCountedAndSkippedByBatchAndFollowAlike() throws IOException {
    byte[] shop = Files.readAllBytes(Path.of(SHOP));
    long shopLines = 2_130;
    for (int mib : new int[] {9, 17}) {
      byte[] log = new byte[(mib << 20) + 1 + shop.length];
      Arrays.fill(log, 0, mib << 20, (byte) 'x');
      log[mib << 20] = '\n';
      System.arraycopy(shop, 0, log, (mib << 20) + 1, shop.length);
      Path file = Files.write(dir.resolve("long-" + mib + ".log"), log);
      for (List<String> format : List.of(List.<String>of(), List.of("--log-format", "combined"))) {
        List<String[]> runs = new ArrayList<>();
        runs.add(args(format, "report", "--format", "json", file.toString()));
        runs.add(args(format, "report", "--format", "json", "-"));
        runs.add(args(format, "report", "--follow", "-", "--refresh", "1s"));
        runs.add(args(format, "check", "--requirements", SLA, "--format", "json", file.toString()));
        runs.add(args(format, "check", "--follow", "-", "--requirements", SLA, "--refresh", "1s"));
        for (String[] args : runs) {
          Cli.Result r = Cli.run(log, args);
          String what = mib + " MiB: " + String.join(" ", args) + ": " + r.err();
          assertThat(r.code()).as(what).isIn(ExitCodes.OK, ExitCodes.BUDGET_FAILED);
          List<Object> docs = JsonLines.parse(r.out().startsWith("{\n") || r.out().startsWith("{ ")
              ? r.out().replace("\n", " ") : r.out());
          Object last = docs.get(docs.size() - 1);
          Object input = args[1].equals("--follow") || Arrays.asList(args).contains("--follow")
              ? JsonLines.at(last, "since_start", "inputs", 0) : JsonLines.at(last, "inputs", 0);
          assertThat(JsonLines.at(input, "lines")).as(what).isEqualTo(shopLines + 1);
          assertThat(JsonLines.at(input, "parsed")).as(what).isEqualTo(shopLines);
          assertThat(JsonLines.at(input, "reasons", 0, "reason")).as(what)
              .isEqualTo("line too long, skipped");
          assertThat(JsonLines.at(input, "reasons", 0, "first_lines")).as(what)
              .isEqualTo(List.of(1L));
        }
      }
    }
  }

  private static String[] args(List<String> format, String... words) {
    List<String> all = new ArrayList<>(List.of(words));
    all.addAll(format);
    return all.toArray(String[]::new);
  }

  private static String word(Random random) {
    char[] c = new char[8];
    for (int i = 0; i < c.length; i++) {
      c[i] = (char) ('a' + random.nextInt(26));
    }
    return new String(c);
  }
  /** A run out of heap says what to change, with exit 3 and no stack trace, whatever filled it. */
  @Test
  void aRunOutOfHeapSaysWhatToChange() {
    tardy.run.Driver full = new tardy.run.Driver() {
      @Override
      public List<tardy.events.input.Input> resolve(List<String> args,
          java.util.function.Supplier<java.io.InputStream> stdin) {
        return tardy.run.Driver.LOCAL.resolve(args, stdin);
      }

      @Override
      public tardy.record.Result read(List<tardy.events.input.Input> inputs,
          tardy.run.Pipeline.Options options,
          java.util.function.Function<tardy.run.Plan, tardy.run.SpecRecipe> shapeOf) {
        throw new OutOfMemoryError("Java heap space");
      }
    };
    for (String command : List.of("report", "check", "hlog")) {
      java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
      Streams streams = new Streams(System.in, new java.io.ByteArrayOutputStream(),
          new java.io.PrintStream(err, true, StandardCharsets.UTF_8), java.util.Map.of(),
          () -> false);
      List<String> args = new ArrayList<>(List.of(command, SHOP));
      if (command.equals("check")) {
        args.addAll(List.of("--requirements", SLA));
      } else if (command.equals("hlog")) {
        args.addAll(List.of("-o", dir.resolve("out.hlog").toString()));
      }
      int code = Tardy.run(streams, full, args.toArray(String[]::new));
      String said = err.toString(StandardCharsets.UTF_8);
      assertThat(code).as(command + ": " + said).isEqualTo(ExitCodes.INTERNAL_ERROR);
      assertThat(said).as(command).isEqualTo(Tardy.OUT_OF_MEMORY + "\n")
          .contains("give the JVM more heap").doesNotContain("\tat ");
    }
    assertThat(dir.resolve("out.hlog")).doesNotExist();
  }
}
