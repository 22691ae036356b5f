package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Corpus;

/**
 * Real lines (samples/ and the shared corpus, access and JVM logs) mutated as logs get mangled in
 * the wild: cut at any byte, NUL, 0xFF, invalid UTF-8, CR, very long fields, separators dropped
 * or doubled, fields swapped, a BOM, a last line without its LF, mixed line ends, a 10 MB line.
 * Each file goes through {@code report} (with {@code --rejects}), and in turn {@code check},
 * {@code hlog}, {@code formats} and {@code --follow}. Whatever the bytes: no exit 3, no stack
 * trace, the documented exit codes, every line accounted for (lines = parsed + ignored +
 * malformed, the line count taken from the bytes here, every malformed line in the rejects), an
 * .hlog complete or absent, and the count, min, max and percentiles of the lines that parsed
 * equal a plain sort of their values read here by other means: the request time, each access
 * line's last field; the stop, each JDK 13+ safepoint line's Total. Cases: a quarter of {@code -Dtardy.fuzz.rounds} (short in the build, long under
 * {@code -Pbench}).
 */
class MutatedLinesCliTest {

  static final int CASES = Math.max(40, Integer.getInteger("tardy.fuzz.rounds", 200) / 4);
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** nginx's combined with $request_time appended (and main's extra quoted field before it). */
  static final Pattern COMBINED = Pattern.compile(
      "\\S+ \\S+ \\S+ \\[[^\\]]+\\] \"[^\"]*\" \\d{3} \\d+ \"[^\"]*\" \"[^\"]*\"( \"[^\"]*\")? \\d+\\.\\d{3}");

  /** A request time as nginx writes it: seconds with a fraction. */
  static final Pattern SECONDS = Pattern.compile("\\d*\\.\\d+");

  static final String SLA = ROOT.resolve("samples/shop-requirements.yaml").toString();

  @TempDir Path dir;

  /** One mutated log: its bytes, whether its lines are combined access lines, what was done. */
  record Case(String what, byte[] bytes, boolean access, boolean safepoints) {
    Case(String what, byte[] bytes, boolean access) {
      this(what, bytes, access, false);
    }
  }

  // ---- seeds ----

  static List<byte[]> lines(byte[] file) {
    List<byte[]> lines = new ArrayList<>();
    int from = 0;
    for (int i = 0; i <= file.length; i++) {
      if (i == file.length || file[i] == '\n') {
        int to = i > from && file[i - 1] == '\r' ? i - 1 : i;
        if (i < file.length || i > from) { // bytes after the last LF are a line, even a lone CR
          lines.add(Arrays.copyOfRange(file, from, to));
        }
        from = i + 1;
      }
    }
    return lines;
  }

  static byte[] head(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return in.readNBytes(1 << 20);
    }
  }

  static List<byte[]> combinedLines(List<Path> files) throws IOException {
    List<byte[]> seeds = new ArrayList<>();
    for (Path f : files) {
      for (byte[] line : lines(head(f))) {
        if (COMBINED.matcher(new String(line, StandardCharsets.ISO_8859_1)).matches()) {
          seeds.add(line);
        }
      }
    }
    return seeds;
  }

  static List<Path> samples(String prefix) throws IOException {
    try (Stream<Path> files = Files.list(ROOT.resolve("samples"))) {
      return files.filter(f -> f.getFileName().toString().startsWith(prefix)
          && f.getFileName().toString().endsWith(".log")).sorted().toList();
    }
  }

  static List<Path> corpusFiles(Path corpus) throws IOException {
    List<Path> files = new ArrayList<>();
    List<String> rows = Files.readAllLines(corpus.resolve("INDEX.tsv"));
    for (String row : rows.subList(1, rows.size())) {
      Path f = corpus.resolve(row.split("\t")[0]);
      if (Files.isRegularFile(f) && !row.contains("\thlog\t") && !f.toString().endsWith(".gz")) {
        files.add(f);
      }
    }
    return files;
  }

  // ---- mutations ----

  static final byte[][] BYTES = {{0}, {(byte) 0xff}, {(byte) 0xc3}, {(byte) 0xed, (byte) 0xa0,
      (byte) 0x80}, {'\r'}, {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, {'\t'}, {0x1b, '[', '3', '1',
      'm'}};
  static final byte[] SEPARATORS = {' ', '"', '[', ']', ':', ',', '(', ')', '='};

  /** One line changed in one of the ways logs get damaged. */
  static byte[] mutate(byte[] line, Random random) {
    if (line.length == 0) {
      return BYTES[random.nextInt(BYTES.length)];
    }
    int at = random.nextInt(line.length + 1);
    switch (random.nextInt(8)) {
      case 0: // cut anywhere
        return Arrays.copyOf(line, at);
      case 1: // a byte or sequence that is not text
        return splice(line, at, 0, BYTES[random.nextInt(BYTES.length)]);
      case 2: { // a very long field
        byte[] field = new byte[1 + random.nextInt(random.nextBoolean() ? 200 : 70_000)];
        Arrays.fill(field, (byte) "x9/ .\"".charAt(random.nextInt(6)));
        return splice(line, at, 0, field);
      }
      case 3: { // a separator dropped
        int sep = nextSeparator(line, at);
        return sep < 0 ? line : splice(line, sep, 1, new byte[0]);
      }
      case 4: { // a separator doubled
        int sep = nextSeparator(line, at);
        return sep < 0 ? line : splice(line, sep, 0, new byte[] {line[sep]});
      }
      case 5: // two fields swapped
        return swapFields(line, random);
      case 6: // a random byte replaced
        if (at == line.length) {
          at--;
        }
        byte[] copy = line.clone();
        copy[at] = (byte) random.nextInt(256);
        return copy;
      default: // digits where digits are expected, and then some
        return splice(line, at, 0, ("" + random.nextLong()).getBytes(StandardCharsets.US_ASCII));
    }
  }

  static byte[] splice(byte[] line, int at, int drop, byte[] insert) {
    byte[] out = new byte[line.length - drop + insert.length];
    System.arraycopy(line, 0, out, 0, at);
    System.arraycopy(insert, 0, out, at, insert.length);
    System.arraycopy(line, at + drop, out, at + insert.length, line.length - at - drop);
    return out;
  }

  static int nextSeparator(byte[] line, int from) {
    for (int i = 0; i < line.length; i++) {
      byte b = line[(from + i) % line.length];
      for (byte s : SEPARATORS) {
        if (b == s) {
          return (from + i) % line.length;
        }
      }
    }
    return -1;
  }

  static byte[] swapFields(byte[] line, Random random) {
    String[] fields = new String(line, StandardCharsets.ISO_8859_1).split(" ", -1);
    if (fields.length < 2) {
      return line;
    }
    int a = random.nextInt(fields.length);
    int b = random.nextInt(fields.length);
    String t = fields[a];
    fields[a] = fields[b];
    fields[b] = t;
    return String.join(" ", fields).getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Lines joined with LF, CRLF, or a mix; maybe a BOM first, maybe no LF after the last. */
  static byte[] join(List<byte[]> lines, Random random) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int endings = random.nextInt(4); // LF, CRLF, mixed, mixed with a CR alone now and then
    if (random.nextInt(8) == 0) {
      out.writeBytes(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf});
    }
    boolean cutLast = random.nextInt(4) == 0;
    for (int i = 0; i < lines.size(); i++) {
      out.writeBytes(lines.get(i));
      if (i == lines.size() - 1 && cutLast) {
        break;
      }
      boolean crlf = endings == 1 || endings >= 2 && random.nextBoolean();
      if (endings == 3 && random.nextInt(10) == 0) {
        out.write('\r'); // a CR inside a file of LFs: part of the line
        continue;
      }
      out.writeBytes(crlf ? new byte[] {'\r', '\n'} : new byte[] {'\n'});
    }
    return out.toByteArray();
  }

  /** A file of {@code seeds}' lines, some of them mutated, some repeated or left empty. */
  static Case mutated(String what, List<byte[]> seeds, boolean access, Random random) {
    List<byte[]> lines = new ArrayList<>();
    int n = 1 + random.nextInt(40);
    int start = random.nextInt(seeds.size());
    for (int i = 0; i < n; i++) {
      // a run of neighbours (a JVM event spans lines), now and then a jump
      byte[] line = seeds.get((random.nextInt(6) == 0 ? random.nextInt(seeds.size()) : start + i)
          % seeds.size());
      int roll = random.nextInt(10);
      if (roll < 3) {
        line = mutate(line, random);
      } else if (roll == 3 && !lines.isEmpty()) {
        line = lines.get(random.nextInt(lines.size()));
      } else if (roll == 4 && random.nextInt(4) == 0) {
        line = new byte[0];
      }
      lines.add(line);
    }
    return new Case(what, join(lines, random), access);
  }

  // ---- what must hold ----

  /**
   * The lines the bytes hold, by the rule the README states: lines end at LF, unless the first
   * line end in the first 64 KiB is a CR alone (followed by anything but an LF, or ending the
   * input); then every CR and every LF ends a line.
   */
  static List<byte[]> expectedLines(byte[] bytes) {
    String head = new String(bytes, 0, Math.min(bytes.length, 1 << 16), StandardCharsets.ISO_8859_1);
    Matcher end = Pattern.compile("\r(?!\n)|\n").matcher(head);
    boolean crAlone = end.find() ? end.group().equals("\r")
        && (end.end() < head.length() || bytes.length < 1 << 16) : false;
    byte[] normal = bytes;
    if (crAlone) {
      normal = bytes.clone();
      for (int i = 0; i < normal.length; i++) {
        normal[i] = normal[i] == '\r' ? (byte) '\n' : normal[i];
      }
    }
    return lines(normal);
  }

  /** No exit 3, no stack trace, at most the documented codes, one line on stderr when refused. */
  static void sane(Cli.Result r, Case c, String command, int... allowed) {
    String what = c.what() + ": " + command + ": " + r.err();
    assertThat(r.code()).as(what).isNotEqualTo(ExitCodes.INTERNAL_ERROR);
    assertThat(r.err()).as(what).doesNotContain("\tat ", "Exception", "internal error", "Error:");
    assertThat(Arrays.stream(allowed).boxed().toList()).as(what).contains(r.code());
    if (r.code() == ExitCodes.USER_ERROR) {
      assertThat(r.err()).as(what).startsWith("tardy: ");
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  /** Line numbers in the rejects file, which holds "input:line: reason: the line". */
  static List<Long> rejected(Path rejects, String input) throws IOException {
    List<Long> numbers = new ArrayList<>();
    String prefix = input + ":";
    for (String record : new String(Files.readAllBytes(rejects), StandardCharsets.ISO_8859_1)
        .split("\n")) {
      if (record.startsWith(prefix)) {
        String rest = record.substring(prefix.length());
        numbers.add(Long.parseLong(rest.substring(0, rest.indexOf(':'))));
      }
    }
    return numbers;
  }

  void run(Case c, int turn) throws IOException {
    Path log = Files.write(dir.resolve("case.log"), c.bytes());
    Path rejects = dir.resolve("rejects.txt");
    List<String> args = new ArrayList<>(List.of("report", "--format", "json", "--rejects",
        rejects.toString()));
    if (c.access()) {
      args.addAll(List.of("--log-format", "combined"));
    }
    args.add(log.toString());
    Cli.Result report = Cli.run(args.toArray(String[]::new));
    sane(report, c, "report", ExitCodes.OK, ExitCodes.USER_ERROR);
    List<byte[]> lines = expectedLines(c.bytes());
    if (report.code() == ExitCodes.OK) {
      Map<String, Object> input = map(JsonLines.at(JsonLines.document(report.out()), "inputs", 0));
      long malformed = (Long) input.get("malformed");
      assertThat(input.get("lines")).as(c.what()).isEqualTo((long) lines.size());
      assertThat((Long) input.get("parsed") + (Long) input.get("ignored") + malformed).as(c.what())
          .isEqualTo(lines.size());
      List<Long> numbers = rejected(rejects, log.toString());
      assertThat((long) numbers.size()).as(c.what() + ": rejects").isEqualTo(malformed);
      if (c.access()) {
        assertSurvivorsAsSorted(c, input, report.out(), lines, numbers);
      } else if (c.safepoints() && "jvm-unified".equals(input.get("format"))) {
        assertSafepointsAsSorted(c, report.out(), lines, numbers);
      }
    } else {
      assertThat(rejects).as(c.what() + ": rejects of a refused run").doesNotExist();
      assertThat(report.err()).as(c.what()).hasLineCount(1);
    }
    Files.deleteIfExists(rejects);
    switch (turn % 4) {
      case 0 -> {
        Cli.Result check = Cli.run("check", "--requirements", SLA, "--format", "json",
            log.toString());
        sane(check, c, "check", ExitCodes.OK, ExitCodes.BUDGET_FAILED, ExitCodes.USER_ERROR);
      }
      case 1 -> hlog(c, log);
      case 2 -> follow(c, report);
      default -> sane(Cli.run("formats", log.toString()), c, "formats", ExitCodes.OK,
          ExitCodes.USER_ERROR);
    }
  }

  /**
   * The lines that parsed, by their last field, against tardy's count and percentiles. A line
   * whose last field is {@code -} or empty has no time (nginx logged none): ignored.
   */
  static void assertSurvivorsAsSorted(Case c, Map<String, Object> input, String json,
      List<byte[]> lines, List<Long> rejected) {
    List<Long> nanos = new ArrayList<>();
    long ignored = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = new String(lines.get(i), StandardCharsets.ISO_8859_1);
      if (i == 0 && line.startsWith("\u00ef\u00bb\u00bf")) { // a BOM is no part of the first line
        line = line.substring(3);
      }
      line = line.replaceAll("\r+$", ""); // CRs before the line end are part of it (CR CR LF)
      if (rejected.contains((long) i + 1)) {
        continue;
      }
      String last = line.substring(line.lastIndexOf(' ') + 1);
      if (last.isEmpty() || last.equals("-")) {
        ignored++;
        continue;
      }
      assertThat(SECONDS.matcher(last).matches()).as(c.what() + ": line " + (i + 1)
          + " parsed, but its last field is no request time: " + line).isTrue();
      nanos.add(new BigDecimal(last).setScale(9, RoundingMode.HALF_UP).movePointRight(9)
          .longValueExact());
    }
    assertThat(input.get("ignored")).as(c.what() + ": lines ignored").isEqualTo(ignored);
    assertThat(input.get("parsed")).as(c.what() + ": lines parsed").isEqualTo((long) nanos.size());
    if (nanos.isEmpty()) {
      return;
    }
    Map<String, Object> total = null;
    for (Object t : (List<?>) JsonLines.at(JsonLines.document(json), "totals")) {
      if ("request".equals(map(t).get("family"))) {
        total = map(t);
      }
    }
    assertThat(total).as(c.what() + ": the requests' total").isNotNull();
    assertSorted(c, total, nanos);
  }

  /**
   * A JDK 13+ safepoint line: decorators, the first a time or an uptime, then {@code Safepoint
   * "} and, after the name and the fields the stop does not need, the last {@code , Total: N ns}.
   */
  static final Pattern SAFEPOINT = Pattern.compile("(\u00ef\u00bb\u00bf)?\\[(\\d{4}-\\d\\d-\\d\\dT"
      + "\\d\\d:\\d\\d:\\d\\d[.,]\\d{3}[+-]\\d{4}|\\d+[.,]\\d+s|\\d+ms|\\d+ns)\\](\\[[^\\]]*\\])* "
      + "Safepoint \".*, Total: *(\\d+) ns.*", Pattern.DOTALL);

  /**
   * The safepoints of a unified log that parsed, by the Total of each line that is one, against
   * tardy's count, min, max and percentiles of the safepoint family. A line counts when its
   * decorators were left whole, {@code Safepoint "} follows them and no CR is inside it: a pause
   * line damaged there is malformed, and in the rejects.
   */
  static void assertSafepointsAsSorted(Case c, String json, List<byte[]> lines,
      List<Long> rejected) {
    List<Long> nanos = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = new String(lines.get(i), StandardCharsets.ISO_8859_1);
      if (line.replaceAll("\r+$", "").indexOf('\r') >= 0) {
        continue; // lines joined by a lone CR, or a CR inside one: a pause among them is malformed
      }
      Matcher m = SAFEPOINT.matcher(line);
      if (!rejected.contains((long) i + 1) && m.matches()) {
        nanos.add(Long.parseLong(m.group(4)));
      }
    }
    Map<String, Object> total = null;
    for (Object t : (List<?>) JsonLines.at(JsonLines.document(json), "totals")) {
      if ("safepoint".equals(map(t).get("family"))) {
        total = map(t);
      }
    }
    if (nanos.isEmpty()) {
      assertThat(total).as(c.what() + ": safepoints where no line is one").isNull();
      return;
    }
    assertThat(total).as(c.what() + ": the safepoints' total").isNotNull();
    assertSorted(c, total, nanos);
  }

  /** Count, min, max and percentiles against a plain sort, within HdrHistogram's precision. */
  static void assertSorted(Case c, Map<String, Object> total, List<Long> values) {
    long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
    assertThat(total.get("count")).as(c.what()).isEqualTo((long) sorted.length);
    assertThat(total.get("min_ns")).as(c.what()).isEqualTo(sorted[0]);
    assertThat(total.get("max_ns")).as(c.what()).isEqualTo(sorted[sorted.length - 1]);
    for (Map.Entry<String, Object> p : map(total.get("percentiles_ns")).entrySet()) {
      long rank = Math.max(1, (long) Math.ceil(Double.parseDouble(p.getKey()) / 100.0
          * sorted.length - 1e-9));
      long exact = sorted[(int) Math.min(rank, sorted.length) - 1];
      // HdrHistogram with 3 significant digits: the bucket's top, never below the exact value
      assertThat((Long) p.getValue()).as(c.what() + " p" + p.getKey())
          .isBetween(exact, exact + Math.max(1, exact / 1000));
    }
  }

  /** Written whole, readable by HdrHistogram's reader, its events as said; or absent. */
  void hlog(Case c, Path log) throws IOException {
    Path hlog = dir.resolve("case.hlog");
    List<String> args = new ArrayList<>(List.of("hlog", "--output", hlog.toString()));
    if (c.access()) {
      args.addAll(List.of("--log-format", "combined", "--family", "request"));
    }
    args.add(log.toString());
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    sane(r, c, "hlog", ExitCodes.OK, ExitCodes.USER_ERROR);
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.filter(f -> f.toString().endsWith(".tmp")).toList()).as(c.what()).isEmpty();
    }
    if (r.code() != ExitCodes.OK) {
      assertThat(hlog).as(c.what() + ": hlog of a refused run").doesNotExist();
      return;
    }
    Matcher wrote = Pattern.compile("wrote " + Pattern.quote(hlog.toString()) + ": ([\\d,]+) events?")
        .matcher(r.err());
    assertThat(wrote.find()).as(c.what() + ": " + r.err()).isTrue();
    long untagged = 0;
    try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
      for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
        if (h.getTag() == null) {
          untagged += ((org.HdrHistogram.Histogram) h).getTotalCount();
        }
      }
    }
    assertThat(untagged).as(c.what() + ": events in the .hlog").isEqualTo(Long.parseLong(wrote.group(1).replace(",", "")));
    Files.delete(hlog);
  }

  /** The same bytes on standard input, followed to their end: the batch run's accounting. */
  static void follow(Case c, Cli.Result batch) {
    List<String> args = new ArrayList<>(List.of("report", "--follow", "-", "--refresh", "100ms"));
    if (c.access()) {
      args.addAll(List.of("--log-format", "combined"));
    }
    Cli.Result r = Cli.run(c.bytes(), args.toArray(String[]::new));
    sane(r, c, "--follow", ExitCodes.OK, ExitCodes.USER_ERROR);
    if (r.code() != ExitCodes.OK || batch.code() != ExitCodes.OK) {
      return;
    }
    List<Object> docs = JsonLines.parse(r.out());
    Object last = docs.get(docs.size() - 1);
    Map<String, Object> followed = map(JsonLines.at(last, "since_start", "inputs", 0));
    Map<String, Object> read = map(JsonLines.at(JsonLines.document(batch.out()), "inputs", 0));
    for (String key : List.of("lines", "parsed", "ignored", "malformed")) {
      assertThat(followed.get(key)).as(c.what() + ": --follow's " + key).isEqualTo(read.get(key));
    }
    assertThat(JsonLines.withoutSlowest(JsonLines.at(last, "since_start", "totals"), "source"))
        .as(c.what() + ": --follow's totals")
        .isEqualTo(JsonLines.withoutSlowest(JsonLines.at(JsonLines.document(batch.out()), "totals"),
            "source"));
  }

  // ---- the runs ----

  /** {@link #run}, keeping the bytes of a case that fails in target/ to run it again by hand. */
  void runKeepingFailures(Case c, int turn) throws IOException {
    try {
      run(c, turn);
    } catch (AssertionError e) {
      Path kept = Files.createDirectories(Path.of("target", "mutated-failures"))
          .resolve(c.what().replaceAll("[^A-Za-z0-9.-]+", "_") + ".log").toAbsolutePath();
      Files.write(kept, c.bytes());
      throw new AssertionError(e.getMessage() + "\n(the input is kept in " + kept + ")", e);
    }
  }

  void fuzz(String what, List<byte[]> seeds, boolean access, long seed, int cases) {
    assertThat(seeds).as(what + ": seed lines").isNotEmpty();
    Random random = new Random(seed);
    assertTimeoutPreemptively(Duration.ofMinutes(cases > 1000 ? 120 : 5), () -> {
      for (int i = 0; i < cases; i++) {
        runKeepingFailures(mutated(what + " case " + i, seeds, access, random), i);
      }
    });
  }

  @Test
  void mutatedAccessLinesOfTheSamples() throws IOException {
    fuzz("samples access", combinedLines(samples("")), true, 1, CASES);
  }

  @Test
  void mutatedJvmLinesOfTheSamples() throws IOException {
    List<byte[]> seeds = new ArrayList<>();
    for (Path f : samples("")) {
      if (f.getFileName().toString().matches("(gc|safepoint)-.*")) {
        seeds.addAll(lines(head(f)));
      }
    }
    fuzz("samples jvm", seeds, false, 2, CASES);
  }

  @Test
  void mutatedLinesOfTheCorpus() throws IOException {
    fuzz("corpus access", combinedLines(corpusFiles(Corpus.require("access"))), true, 3,
        CASES / 2);
    List<Path> jvm = corpusFiles(Corpus.require("jvm"));
    Random pick = new Random(4);
    for (int i = 0; i < Math.max(4, CASES / 20); i++) {
      Path f = jvm.get(pick.nextInt(jvm.size()));
      List<byte[]> seeds = lines(head(f));
      if (!seeds.isEmpty()) { // the corpus holds an empty log too
        fuzz("corpus " + ROOT.relativize(f), seeds, false, 5 + i, 5);
      }
    }
  }

  /**
   * Safepoint lines only (JDK 17 and its G1 log), mutated after their decorators: their numbers
   * checked on every case.
   */
  @Test
  void mutatedSafepointLinesOfTheSamples() throws IOException {
    List<byte[]> seeds = new ArrayList<>();
    for (Path f : samples("")) {
      for (byte[] line : lines(head(f))) {
        if (new String(line, StandardCharsets.ISO_8859_1).contains("] Safepoint \"")) {
          seeds.add(line);
        }
      }
    }
    assertThat(seeds).isNotEmpty();
    Random random = new Random(6);
    assertTimeoutPreemptively(Duration.ofMinutes(CASES > 1000 ? 120 : 5), () -> {
      for (int i = 0; i < CASES / 2; i++) {
        List<byte[]> lines = new ArrayList<>();
        for (int n = 1 + random.nextInt(40); n > 0; n--) {
          byte[] line = seeds.get(random.nextInt(seeds.size()));
          String text = new String(line, StandardCharsets.ISO_8859_1);
          int message = text.indexOf("] Safepoint \"") + 2;
          lines.add(message < 2 || random.nextInt(3) > 0 ? line : (text.substring(0, message)
              + new String(mutate(text.substring(message).getBytes(StandardCharsets.ISO_8859_1),
                  random), StandardCharsets.ISO_8859_1)).getBytes(StandardCharsets.ISO_8859_1));
        }
        runKeepingFailures(new Case("samples safepoints case " + i, join(lines, random), false,
            true), i);
      }
    });
  }

  /** Every prefix of real lines, each its own line: a line cut at every byte. */
  @Test
  void realLinesCutAtEveryByte() throws IOException {
    List<byte[]> access = combinedLines(samples("access-nginx")).subList(0, 3);
    List<byte[]> jvm = lines(head(ROOT.resolve("samples/safepoint-jdk17.log")));
    for (boolean isAccess : new boolean[] {true, false}) {
      List<byte[]> prefixes = new ArrayList<>();
      for (byte[] line : isAccess ? access : jvm.subList(jvm.size() - 3, jvm.size())) {
        for (int cut = 0; cut <= line.length; cut++) {
          prefixes.add(Arrays.copyOf(line, cut));
        }
      }
      for (int turn = 0; turn < 4; turn++) {
        runKeepingFailures(new Case("every prefix " + isAccess, join(prefixes, new Random(turn)),
            isAccess), turn);
      }
    }
  }

  /** A CR inside the first line, before any LF: batch and --follow decide the line ends alike. */
  @Test
  void aStrayCrBeforeTheFirstLfIsReadAlikeWholeAndFollowed() throws IOException {
    List<byte[]> seeds = lines(head(ROOT.resolve("samples/gc-g1-jdk17.log")));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < 40; i++) {
      bytes.writeBytes(seeds.get(i));
      bytes.writeBytes(i == 0 ? new byte[] {'\r'} : i % 3 == 0 ? new byte[] {'\r', '\n'}
          : new byte[] {'\n'});
    }
    runKeepingFailures(new Case("stray CR", bytes.toByteArray(), false), 2);
  }

  /** A scanner's path of thousands of segments: the grouping's tree once overflowed the stack. */
  @Test
  void aPathOfThousandsOfSegmentsIsOneOperation() throws IOException {
    List<byte[]> seeds = combinedLines(samples("access-nginx"));
    String deep = "127.0.0.1 - - [22/Nov/2026:22:41:48 +0000] \"GET " + "/a".repeat(20_000)
        + " HTTP/1.1\" 404 0 \"-\" \"scanner\" 0.001";
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < 30; i++) {
      bytes.writeBytes(i % 10 == 5 ? deep.getBytes(StandardCharsets.US_ASCII) : seeds.get(i));
      bytes.write('\n');
    }
    for (int turn = 0; turn < 4; turn++) {
      runKeepingFailures(new Case("deep path", bytes.toByteArray(), true), turn);
    }
  }

  /** A 10 MB line among real ones: counted as one line too long, the others read. */
  @Test
  void aTenMegabyteLineIsOneLine() throws IOException {
    List<byte[]> seeds = combinedLines(samples("access-nginx"));
    byte[] huge = new byte[10 << 20];
    Arrays.fill(huge, (byte) 'x');
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < 20; i++) {
      bytes.writeBytes(i == 10 ? huge : seeds.get(i));
      bytes.write('\n');
    }
    for (int turn = 0; turn < 4; turn++) {
      runKeepingFailures(new Case("10 MB line", bytes.toByteArray(), true), turn);
    }
  }
}
