package tardy.cli;

import tardy.run.Driver;
import tardy.run.SpecRecipe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.record.grouping.PathTemplates;
import tardy.run.Pipeline;
import tardy.run.Plan;
import tardy.record.Result;
import tardy.events.Corpus;
import tardy.events.input.Input;
import tardy.render.hdr.HlogFormat;

/**
 * {@code tardy hlog} on access logs with more operations than {@code --max-operations}: the same
 * bytes whatever the threads and wherever the parts are cut, the operations tagged being those the
 * traffic sample saw most (here the whole log: the ranking is by count, ties by name), and each
 * tagged operation's histograms those of a plain sort of its latencies per interval, taken as the
 * log was written (or, for the real log, cut out of its lines by a regular expression).
 */
class HlogPastTheCapTest {

  private static final int CAP = 20;
  private static final long SECOND = 1_000;
  private static final long T0 = OffsetDateTime.parse("2023-03-08T12:00:00Z").toEpochSecond() * 1000;

  @TempDir Path dir;

  /** Latencies in ns by operation ("METHOD path") and the start of their 1 s interval. */
  private final Map<String, Map<Long, List<Long>>> written = new TreeMap<>();

  @Test
  void oneDominantOperationAndALongTail() throws IOException {
    Random rnd = new Random(11);
    Path log = write("dominant.log", 10_000, i -> rnd.nextInt(2) == 0 ? "/home"
        : "/tail/" + letters((int) (600 * Math.pow(rnd.nextDouble(), 3))), rnd);
    sameBytesAndTheSortsNumbers(log);
  }

  @Test
  void manyOperationsEquallyOften() throws IOException {
    Random rnd = new Random(12);
    Path log = write("equal.log", 9_000, i -> "/eq/" + letters(i % 300), rnd);
    sameBytesAndTheSortsNumbers(log);
  }

  /** The heaviest operations appear only in the second half, past a thread's first twenty. */
  @Test
  void heavyOperationsThatFirstAppearLate() throws IOException {
    Random rnd = new Random(13);
    Path log = write("late.log", 10_350, i -> i < 2_250 ? "/early/" + letters(i % 15)
        : rnd.nextInt(8) == 0 ? "/rare/" + letters(rnd.nextInt(200))
        : "/late/" + letters(rnd.nextInt(12)), rnd);
    sameBytesAndTheSortsNumbers(log);
  }

  /** Each half under the cap, both together past it: no part alone can tell. */
  @Test
  void halvesUnderTheCapThatTogetherArePastIt() throws IOException {
    Random rnd = new Random(14);
    Path log = write("halves.log", 6_000, i -> (i < 3_000 ? "/first/" : "/second/")
        + letters(rnd.nextInt(15)), rnd);
    sameBytesAndTheSortsNumbers(log);
  }

  /** Pause kinds are not sampled: past the cap, none is tagged, and every pause is untagged. */
  @Test
  void aJvmLogPastTheCapHasUntaggedLinesOnly() throws IOException {
    Path out = dir.resolve("gc.hlog");
    Cli.Result r = Cli.run("hlog", BadFilesEveryCommandTest.GC_LOG, "-o", out.toString(),
        "--family", "gc-pause", "--max-operations", "2");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("more than 2 pause kinds (--max-operations): none is tagged")
        .doesNotContain("names no operations");
    assertThat(Files.readString(out)).doesNotContain("Tag=");
    long untagged = 0;
    try (HistogramLogReader reader = new HistogramLogReader(out.toFile())) {
      for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
        untagged += ((Histogram) h).getTotalCount();
      }
    }
    assertThat(untagged).isEqualTo(19); // the README's count of this sample's GC pauses
  }

  /** A cluster's parts rank with the sample taken here: it travels with the recipe. */
  @Test
  void theRecipeShippedElsewhereRanksTheSameOperations() throws Exception {
    Random rnd = new Random(15);
    Path log = write("shipped.log", 3_000, i -> "/ship/" + letters(rnd.nextInt(100)), rnd);
    SpecRecipe here = SpecRecipe.intervals(new tardy.record.interval.IntervalRecorder.Settings(
        1_000, 0, CAP), Plan.of(List.of(Input.file(log)), java.util.Optional.empty()));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (var out = new java.io.ObjectOutputStream(bytes)) {
      out.writeObject(here);
    }
    SpecRecipe there;
    try (var in = new java.io.ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      there = (SpecRecipe) in.readObject();
    }
    Set<String> ranked = written.keySet().stream().filter(here.spec().grouping()::expected)
        .collect(Collectors.toSet());
    assertThat(ranked).isEqualTo(Set.copyOf(heaviest()));
    assertThat(written.keySet().stream().filter(there.spec().grouping()::expected))
        .containsExactlyInAnyOrderElementsOf(ranked);
  }

  /** Real production traffic (imooc.com, 10,000 lines, about 900 operations), 52 s of it. */
  @Test
  void realNginxLogPastTheCap() throws IOException {
    Path log = Corpus.require("access").resolve("lihaogm_spark-analyse-log/10000_access.log");
    String format = "$remote_addr - $remote_user [$time_local] \"$request\" $status"
        + " $body_bytes_sent \"$host\" \"$http_referer\" $request_body \"$http_user_agent\""
        + " \"$http_x_forwarded_for\" $upstream_addr $upstream_status $upstream_response_time"
        + " $request_time";
    Pattern line = Pattern.compile("^\\S+ - \\S+ \\[([^\\]]+)\\] \"(\\S+) ([^\" ?]*)[^\"]*\" .*"
        + " (\\d+)\\.(\\d{3})$");
    DateTimeFormatter time = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);
    for (String text : Files.readAllLines(log, StandardCharsets.US_ASCII)) {
      Matcher m = line.matcher(text);
      assertThat(m.matches()).as(text).isTrue();
      long millis = OffsetDateTime.parse(m.group(1), time).toEpochSecond() * 1000;
      long nanos = (Long.parseLong(m.group(4)) * 1000 + Long.parseLong(m.group(5))) * 1_000_000L;
      record(m.group(2) + ' ' + PathTemplates.normalize(m.group(3)), millis, nanos);
    }
    assertThat(written.size()).isGreaterThan(10 * CAP);
    sameBytesAndTheSortsNumbers(log, "--log-format", format);
  }

  /**
   * Writes {@code lines} requests over two minutes; {@code path} names the one of line i. Paths
   * are letters only, so that the grouping keeps them as they are.
   */
  private Path write(String name, int lines, Function<Integer, String> path, Random rnd)
      throws IOException {
    Path log = dir.resolve(name);
    try (Writer w = Files.newBufferedWriter(log, StandardCharsets.US_ASCII)) {
      for (int i = 0; i < lines; i++) {
        long second = 120L * i / lines;
        long millis = 1 + (long) Math.exp(rnd.nextGaussian() + 3);
        String p = path.apply(i);
        w.write(String.format(Locale.ROOT, "10.0.0.1 - - [08/Mar/2023:12:%02d:%02d +0000]"
            + " \"GET %s HTTP/1.1\" 200 5 \"-\" \"curl/8\" %d.%03d\n", second / 60, second % 60,
            p, millis / 1000, millis % 1000));
        record("GET " + p, T0 + second * SECOND, millis * 1_000_000L);
      }
    }
    return log;
  }

  private void record(String operation, long millis, long nanos) {
    written.computeIfAbsent(operation, o -> new TreeMap<>())
        .computeIfAbsent(Math.floorDiv(millis, SECOND) * SECOND, s -> new ArrayList<>()).add(nanos);
  }

  /** k in letters that no id rule folds: 0 → "k", 12 → "lm". */
  private static String letters(int k) {
    StringBuilder b = new StringBuilder();
    for (char c : Integer.toString(k).toCharArray()) {
      b.append((char) ('k' + (c - '0')));
    }
    return b.toString();
  }

  private void sameBytesAndTheSortsNumbers(Path log, String... options) throws IOException {
    byte[] one = hlog(log, 1, Pipeline.MIN_CHUNK_BYTES, options);
    for (int threads : new int[] {2, 3}) {
      for (long chunk : new long[] {1, 4096, 65536}) {
        assertThat(hlog(log, threads, chunk, options))
            .as("%d threads, parts of %d bytes at least", threads, chunk).isEqualTo(one);
      }
    }
    Path file = dir.resolve("one.hlog");
    Files.write(file, one);
    checkAgainstTheSort(file);
  }

  private byte[] hlog(Path log, int threads, long minChunkBytes, String... options)
      throws IOException {
    Path out = dir.resolve("t" + threads + "-" + minChunkBytes + ".hlog");
    List<String> args = new ArrayList<>(List.of("hlog", log.toString(), "-o", out.toString(),
        "--interval", "1s", "--max-operations", Integer.toString(CAP),
        "--threads", Integer.toString(threads)));
    args.addAll(List.of(options));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Streams streams = new Streams(new ByteArrayInputStream(new byte[0]),
        new ByteArrayOutputStream(), new PrintStream(err, true, StandardCharsets.UTF_8),
        Map.of(), () -> false);
    assertThat(Tardy.run(streams, cutInto(minChunkBytes), args.toArray(String[]::new)))
        .as(err.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("more than " + CAP + " operations"
        + " (--max-operations): tagged are only those the traffic sample saw most");
    return Files.readAllBytes(out);
  }

  /** The batch run, its files cut into parts of at least {@code minChunkBytes}. */
  private static Driver cutInto(long minChunkBytes) {
    return new Driver() {
      @Override
      public List<Input> resolve(List<String> args, Supplier<InputStream> stdin) {
        return Driver.LOCAL.resolve(args, stdin);
      }

      @Override
      public Result read(List<Input> inputs, Pipeline.Options options,
          Function<Plan, SpecRecipe> shapeOf) {
        return Driver.LOCAL.read(inputs, options.withMinChunkBytes(minChunkBytes), shapeOf);
      }
    };
  }

  /**
   * The tags are the {@link #CAP} operations with the most requests (ties by name); each tagged
   * line, and each untagged one, holds the count, max and percentiles of a plain sort of that
   * interval's latencies, within HdrHistogram's precision.
   */
  private void checkAgainstTheSort(Path hlog) throws IOException {
    Map<Long, List<Long>> everything = new TreeMap<>();
    written.forEach((op, byInterval) -> byInterval.forEach((start, values) ->
        everything.computeIfAbsent(start, s -> new ArrayList<>()).addAll(values)));
    List<String> heaviest = heaviest();

    Map<String, Map<Long, Histogram>> read = new HashMap<>();
    try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
      for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
        Histogram histogram = (Histogram) h;
        if (histogram.getTotalCount() > 0) {
          read.computeIfAbsent(String.valueOf(h.getTag()), t -> new TreeMap<>())
              .put(h.getStartTimeStamp(), histogram);
        }
      }
    }
    Set<String> tags = heaviest.stream().map(HlogFormat::sanitize)
        .collect(Collectors.toCollection(TreeSet::new));
    tags.add("null"); // the untagged lines
    assertThat(new TreeSet<>(read.keySet())).isEqualTo(tags);
    for (String op : heaviest) {
      sameAsTheSort(op, written.get(op), read.get(HlogFormat.sanitize(op)));
    }
    sameAsTheSort("(untagged)", everything, read.get("null"));
  }

  /** The {@link #CAP} operations written most often, ties by name. */
  private List<String> heaviest() {
    Map<String, Long> counts = new HashMap<>();
    written.forEach((op, byInterval) -> byInterval.values()
        .forEach(values -> counts.merge(op, (long) values.size(), Long::sum)));
    return counts.keySet().stream()
        .sorted(Comparator.comparing((String op) -> -counts.get(op)).thenComparing(op -> op))
        .limit(CAP).toList();
  }

  private static void sameAsTheSort(String what, Map<Long, List<Long>> expected,
      Map<Long, Histogram> read) {
    assertThat(read.keySet()).as(what + ": intervals").isEqualTo(expected.keySet());
    expected.forEach((start, values) -> {
      long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
      Histogram h = read.get(start);
      String at = what + " at " + start;
      assertThat(h.getTotalCount()).as(at + ": count").isEqualTo(sorted.length);
      assertThat(h.valuesAreEquivalent(h.getMaxValue(), sorted[sorted.length - 1]))
          .as(at + ": max %d, the sort's %d", h.getMaxValue(), sorted[sorted.length - 1]).isTrue();
      for (double p : new double[] {50, 90, 99, 99.9}) {
        long exact = exactAt(sorted, p);
        assertThat(h.valuesAreEquivalent(h.getValueAtPercentile(p), exact))
            .as(at + ": p%s %d, the sort's %d", p, h.getValueAtPercentile(p), exact).isTrue();
      }
    });
  }

  /** The nearest-rank percentile, as HdrHistogram defines it: rank ceil(p/100 * n), at least 1. */
  private static long exactAt(long[] sorted, double percentile) {
    double justBelow = Math.nextAfter(percentile, Double.NEGATIVE_INFINITY);
    long rank = Math.max(1, (long) Math.ceil(justBelow / 100.0 * sorted.length));
    return sorted[(int) Math.min(rank, sorted.length) - 1];
  }
}
