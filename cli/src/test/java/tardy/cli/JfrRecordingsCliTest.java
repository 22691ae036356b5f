package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flight Recorder recordings made here by real JVMs (the JDK running the tests, and Temurin 25
 * when installed), with the default and the profile settings and every collector, reported by
 * tardy and checked against the JDK's own {@code jfr print --json}, read here: the pause kinds and
 * counts exactly, the percentiles within HdrHistogram's precision of a plain sort, every event of
 * the recording counted. {@code jfr view gc-pauses} (JDK 21+) is a second opinion on the count.
 */
class JfrRecordingsCliTest {

  private static final Path ALLOCATE =
      Path.of("..", "formats", "src", "test", "jvm-log-generator", "Allocate.java");
  private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
  private static final String[] PERCENTILES = {"50", "90", "99", "99.9", "100"};
  private static final String TYPES = "jdk.GCPhasePause,jdk.GarbageCollection,"
      + "jdk.G1GarbageCollection,jdk.ExecuteVMOperation,jdk.SafepointBegin,jdk.ZAllocationStall";
  /** How the unified GC log names a collection by its collector, written out here on its own. */
  private static final Map<String, String> UL_NAMES = Map.of("DefNew", "Pause Young",
      "ParallelScavenge", "Pause Young", "G1New", "Pause Young", "SerialOld", "Pause Full",
      "ParallelOld", "Pause Full", "G1Full", "Pause Full");

  @TempDir static Path dir;

  /** One recording and the JDK that wrote it. */
  record Recording(Path file, Path javaHome, String settings) {}

  private static final List<Recording> recordings = new ArrayList<>();

  @BeforeAll
  static void record() throws Exception {
    Path jdk17 = Path.of(System.getProperty("java.home"));
    run(jdk17.resolve("bin/javac").toString(), "-d", dir.toString(), ALLOCATE.toString());
    recordings.add(record(jdk17, "G1", "default"));
    recordings.add(record(jdk17, "Parallel", "profile"));
    recordings.add(record(jdk17, "Serial", "default"));
    recordings.add(record(jdk17, "Z", "profile"));
    recordings.add(record(jdk17, "Shenandoah", "profile"));
    if (Files.isExecutable(JDK25.resolve("bin/java"))) {
      recordings.add(record(JDK25, "G1", "profile"));
      recordings.add(record(JDK25, "Z", "default"));
      recordings.add(record(JDK25, "Serial", "profile"));
      recordings.add(record(JDK25, "Parallel", "default"));
      recordings.add(record(JDK25, "Shenandoah", "default"));
    }
  }

  private static Recording record(Path javaHome, String gc, String settings) throws Exception {
    Path file = dir.resolve(javaHome.getFileName() + "-" + gc + "-" + settings + ".jfr");
    run(javaHome.resolve("bin/java").toString(), "-Xmx64m", "-XX:+Use" + gc + "GC",
        "-XX:StartFlightRecording:filename=" + file + ",settings=" + settings,
        "-Xlog:gc:file=" + gcLog(file), // the same pauses as the unified log writes them
        "-cp", dir.toString(), "Allocate", "400");
    assertThat(file).as("the JVM wrote its recording").exists();
    return new Recording(file, javaHome, settings);
  }

  /** The unified GC log the JVM wrote beside its recording. */
  static Path gcLog(Path recording) {
    return Path.of(recording + ".gc.log");
  }

  static String run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] out = p.getInputStream().readAllBytes();
    if (!p.waitFor(180, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", command) + " failed: "
          + new String(out, StandardCharsets.UTF_8));
    }
    return new String(out, StandardCharsets.UTF_8);
  }

  /** The events the JDK's own tool prints, as maps of their values. */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> jfrPrint(Recording r) throws Exception {
    String json = run(r.javaHome().resolve("bin/jfr").toString(), "print", "--json", "--events",
        TYPES, r.file().toString());
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(json);
    List<Map<String, Object>> events = new ArrayList<>();
    for (Object e : (List<Object>) ((Map<String, Object>) doc.get("recording")).get("events")) {
      Map<String, Object> event = (Map<String, Object>) e;
      Map<String, Object> values = new HashMap<>((Map<String, Object>) event.get("values"));
      values.put("@type", event.get("type")); // G1's young type is its field "type"
      events.add(values);
    }
    return events;
  }

  static long nanos(Object isoDuration) {
    return Duration.parse((String) isoDuration).toNanos();
  }

  static long id(Object number) {
    return ((Number) number).longValue();
  }

  /** family/kind -> every duration, from what jfr prints, with the unified log's kind names. */
  private static Map<String, List<Long>> truth(List<Map<String, Object>> events) {
    Map<Long, Map<String, Object>> collections = new HashMap<>();
    Map<Long, String> g1Types = new HashMap<>();
    Map<Long, Long> reaching = new HashMap<>();
    for (Map<String, Object> e : events) {
      switch ((String) e.get("@type")) {
        case "jdk.GarbageCollection" -> collections.put(id(e.get("gcId")), e);
        case "jdk.G1GarbageCollection" -> g1Types.put(id(e.get("gcId")), (String) e.get("type"));
        case "jdk.SafepointBegin" -> reaching.put(id(e.get("safepointId")), nanos(e.get("duration")));
        default -> { }
      }
    }
    Map<String, List<Long>> kinds = new TreeMap<>();
    for (Map<String, Object> e : events) {
      String type = (String) e.get("@type");
      if (type.equals("jdk.GCPhasePause")) {
        String kind = (String) e.get("name");
        Map<String, Object> c = collections.get(id(e.get("gcId")));
        if (kind.equals("GC Pause") && c != null) {
          String collector = (String) c.get("name");
          kind = UL_NAMES.getOrDefault(collector, collector);
          String g1Type = g1Types.get(id(e.get("gcId")));
          if (collector.equals("G1New") && g1Type != null) {
            kind += " (" + g1Type + ")";
          }
          kind += " (" + c.get("cause") + ")";
        }
        kinds.computeIfAbsent("gc-pause/" + kind, k -> new ArrayList<>())
            .add(nanos(e.get("duration")));
      } else if (type.equals("jdk.ExecuteVMOperation") && Boolean.TRUE.equals(e.get("safepoint"))) {
        Long toSafepoint = reaching.get(id(e.get("safepointId")));
        kinds.computeIfAbsent("safepoint/" + e.get("operation"), k -> new ArrayList<>())
            .add(nanos(e.get("duration")) + (toSafepoint == null ? 0 : toSafepoint));
      } else if (type.equals("jdk.ZAllocationStall")) {
        kinds.computeIfAbsent("stall/Allocation Stall", k -> new ArrayList<>())
            .add(nanos(e.get("duration")));
      }
    }
    return kinds;
  }

  @Test
  void everyRecordingGivesThePausesJfrPrintsExactlyCountedAndWithinPrecision() throws Exception {
    assertThat(recordings).hasSizeGreaterThanOrEqualTo(4);
    for (Recording r : recordings) {
      List<Map<String, Object>> events = jfrPrint(r);
      Map<String, List<Long>> truth = truth(events);
      Cli.Result out = Cli.run("report", r.file().toString(), "--format", "json", "--top", "0");
      assertThat(out.code()).as("%s: %s", r.file(), out.err()).isZero();
      Map<String, Map<String, Object>> groups = groups(out.out());
      assertThat(groups.keySet()).as("%s: the pause kinds", r.file())
          .containsExactlyInAnyOrderElementsOf(truth.keySet());
      assertThat(truth.keySet()).as("%s: it holds GC pauses", r.file())
          .anyMatch(k -> k.startsWith("gc-pause/"));
      for (Map.Entry<String, List<Long>> kind : truth.entrySet()) {
        Map<String, Object> group = groups.get(kind.getKey());
        long[] sorted = kind.getValue().stream().mapToLong(Long::longValue).sorted().toArray();
        assertThat(id(group.get("count"))).as("%s %s count", r.file(), kind.getKey())
            .isEqualTo(sorted.length);
        assertPercentiles(group, sorted, r.file() + " " + kind.getKey());
      }
      long pauseEvents = truth.values().stream().mapToLong(List::size).sum();
      Map<String, Object> input = input(out.out());
      assertThat(id(input.get("parsed"))).as("%s: parsed events", r.file()).isEqualTo(pauseEvents);
      assertThat(id(input.get("lines"))).as("%s: every event counted once", r.file())
          .isEqualTo(eventsIn(r));
      assertThat(id(input.get("malformed"))).isZero();
    }
  }

  @Test
  void theDefaultSettingsSayTheSafepointsAreCensoredTheProfileOnesDoNot() throws Exception {
    for (Recording r : recordings) {
      Cli.Result out = Cli.run("report", r.file().toString());
      assertThat(out.code()).isZero();
      String censored = "jdk.ExecuteVMOperation recorded from 10 ms only: shorter safepoints are"
          + " not in this recording";
      if (r.settings().equals("default")) {
        assertThat(out.out()).as(r.file().toString()).contains(censored);
      } else {
        assertThat(out.out()).as(r.file().toString()).doesNotContain(censored);
      }
    }
  }

  @Test
  void jfrViewCountsTheSameGcPausesAndTheSameLongest() throws Exception {
    Path jfr = JDK25.resolve("bin/jfr");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(jfr),
        "jfr view needs a JDK 21+ (Temurin 25 here)");
    Pattern count = Pattern.compile("Number of Pauses: (\\d+)");
    Pattern max = Pattern.compile("Maximum Pause Time: ([\\d.]+) (ns|us|ms|s)");
    for (Recording r : recordings) {
      String view = run(jfr.toString(), "view", "gc-pauses", r.file().toString());
      Matcher c = count.matcher(view);
      Matcher m = max.matcher(view);
      assertThat(c.find() && m.find()).as(view).isTrue();
      Cli.Result out = Cli.run("report", r.file().toString(), "--format", "json");
      Map<String, Object> total = total(out.out(), "gc-pause");
      assertThat(id(total.get("count"))).as("%s: jfr view's count", r.file())
          .isEqualTo(Long.parseLong(c.group(1)));
      double viewMax = Double.parseDouble(m.group(1)) * switch (m.group(2)) {
        case "ns" -> 1;
        case "us" -> 1e3;
        case "ms" -> 1e6;
        default -> 1e9;
      };
      // jfr view prints three significant digits
      assertThat((double) id(total.get("max_ns"))).as("%s: jfr view's longest", r.file())
          .isCloseTo(viewMax, org.assertj.core.data.Offset.offset(viewMax * 0.006));
    }
  }

  @Test
  void aRecordingCutShortIsAnInputErrorWithoutAStackTrace() throws IOException {
    Path whole = recordings.get(0).file();
    byte[] bytes = Files.readAllBytes(whole);
    Path cut = dir.resolve("cut.jfr");
    Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
    Cli.Result out = Cli.run("report", cut.toString());
    assertThat(out.code()).isEqualTo(2);
    assertThat(out.err()).contains(cut + ": not a readable jfr recording, damaged or cut short")
        .doesNotContain("Exception").doesNotContain("\tat ");
  }

  /**
   * Shenandoah's pauses in a recording are named as its unified log names them: the same JVM
   * wrote both, and within each collection (GC id) present whole in both, the pauses in time
   * order carry the same names; tardy's groups of the recording are groups of the log's.
   */
  @Test
  @SuppressWarnings("unchecked")
  void shenandoahPausesOfARecordingAreNamedAsItsUnifiedLogNamesThem() throws Exception {
    Pattern pause = Pattern.compile("GC\\((\\d+)\\) (Pause [^0-9]*?)( \\d+M->\\d+M\\(\\d+M\\))?"
        + " [\\d.]+ms$", Pattern.MULTILINE);
    List<Recording> shenandoah = recordings.stream()
        .filter(r -> r.file().toString().contains("-Shenandoah-")).toList();
    assertThat(shenandoah).isNotEmpty();
    for (Recording r : shenandoah) {
      Map<Long, List<String>> logged = new TreeMap<>();
      Matcher m = pause.matcher(Files.readString(gcLog(r.file())));
      while (m.find()) {
        logged.computeIfAbsent(Long.parseLong(m.group(1)), k -> new ArrayList<>()).add(m.group(2));
      }
      Map<Long, List<Map<String, Object>>> recorded = new TreeMap<>();
      for (Map<String, Object> e : jfrPrint(r)) {
        if ("jdk.GCPhasePause".equals(e.get("@type"))) {
          recorded.computeIfAbsent(id(e.get("gcId")), k -> new ArrayList<>()).add(e);
        }
      }
      int compared = 0;
      int partial = 0;
      for (Map.Entry<Long, List<Map<String, Object>>> c : recorded.entrySet()) {
        List<String> names = c.getValue().stream()
            .sorted(java.util.Comparator.comparing(e -> java.time.Instant.parse(
                ((String) e.get("startTime")).replaceAll("[+-]\\d\\d:\\d\\d$", "Z"))))
            .map(e -> (String) e.get("name")).toList();
        List<String> inLog = logged.getOrDefault(c.getKey(), List.of());
        if (inLog.size() != names.size()) { // the collection the recording began in
          partial++;
          continue;
        }
        assertThat(names).as("%s GC(%d)", r.file(), c.getKey()).isEqualTo(inLog);
        compared += names.size();
      }
      assertThat(partial).as("%s: collections only partly recorded", r.file()).isLessThanOrEqualTo(1);
      assertThat(compared).as("%s: pauses compared", r.file()).isGreaterThan(20);
      Map<String, Map<String, Object>> fromRecording = groups(
          Cli.run("report", r.file().toString(), "--format", "json").out());
      Map<String, Map<String, Object>> fromLog = groups(
          Cli.run("report", gcLog(r.file()).toString(), "--format", "json").out());
      assertThat(fromLog.keySet()).as(r.file().toString()).containsAll(
          fromRecording.keySet().stream().filter(k -> k.startsWith("gc-pause/")).toList());
    }
  }

  /**
   * Two real recordings one after the other are a recording of two chunks (as {@code jfr
   * assemble} makes one); cut inside the second, as a killed JVM leaves its last chunk, the first
   * is read whole and the cut is one malformed record that says how many bytes were lost.
   */
  @Test
  void aRecordingCutInItsLastChunkGivesItsWholeChunksAndSaysWhatWasLost() throws Exception {
    Recording first = recordings.get(0);
    Recording second = recordings.get(1);
    byte[] a = Files.readAllBytes(first.file());
    byte[] b = Files.readAllBytes(second.file());
    byte[] both = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    Cli.Result alone = Cli.run("report", first.file().toString(), "--format", "json");
    assertThat(alone.code()).isZero();
    for (int cutAt : new int[] {a.length + 1, a.length + 68, a.length + b.length / 3,
        a.length + b.length / 2, a.length + b.length - 1}) {
      Path cut = dir.resolve("cut-at-" + cutAt + ".jfr");
      Files.write(cut, Arrays.copyOf(both, cutAt));
      Cli.Result out = Cli.run("report", cut.toString(), "--format", "json");
      assertThat(out.code()).as("cut at %d: %s", cutAt, out.err()).isZero();
      assertThat(groups(out.out())).as("cut at %d", cutAt).isEqualTo(groups(alone.out()));
      Map<String, Object> input = input(out.out());
      assertThat(id(input.get("malformed"))).as("cut at %d", cutAt).isEqualTo(1);
      assertThat(id(input.get("lines"))).as("cut at %d", cutAt).isEqualTo(eventsIn(first) + 1);
      Cli.Result table = Cli.run("report", cut.toString());
      assertThat(table.out()).as("cut at %d", cutAt).contains(String.format(java.util.Locale.ROOT,
          "recording cut short (as when the JVM is killed while it records): its last %,d of %,d"
          + " bytes, a chunk begun at byte %,d, are not whole and not read", cutAt - a.length,
          cutAt, a.length));
    }
    Path whole = dir.resolve("both.jfr");
    Files.write(whole, both);
    Map<String, Object> input = input(Cli.run("report", whole.toString(), "--format", "json").out());
    assertThat(id(input.get("malformed"))).as("not cut: nothing lost").isZero();
    // the pauses add up; every event does not: the JDK's own reader (jfr print too) returns 337
    // jdk.ActiveSetting of such a file where jfr summary counts 337 per chunk
    assertThat(id(input.get("parsed"))).isEqualTo(
        id(input(alone.out()).get("parsed")) + id(input(Cli.run("report",
            second.file().toString(), "--format", "json").out()).get("parsed")));
  }

  @Test
  void aGzippedRecordingReadsAsTheRecordingItself() throws Exception {
    Path plain = recordings.get(0).file();
    Path gz = dir.resolve("copy.jfr.gz");
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
      Files.copy(plain, out);
    }
    Cli.Result a = Cli.run("report", plain.toString(), "--format", "json");
    Cli.Result b = Cli.run("report", gz.toString(), "--format", "json");
    assertThat(b.code()).isZero();
    assertThat(groups(b.out())).isEqualTo(groups(a.out()));
  }

  /**
   * One JVM behind nginx, its pauses in its unified log and in its recording: on the timeline, the
   * requests each GC pause kind overlapped are the same whichever of the two the pauses come from
   * (the recording began after the JVM's first two collections, which only the log has: they
   * are before the first request), and the longest pause of each starts at the same instant.
   */
  @Test
  @SuppressWarnings("unchecked")
  void aRecordingPutsThePausesOnTheRequestsClockAsTheJvmLogDoes() {
    Path run = Path.of("..", "samples", "timeline", "g1-jfr");
    String access = run.resolve("access-msec.log").toString();
    Cli.Result fromLog = Cli.run("report", access, run.resolve("jvm.log").toString(),
        "--format", "json");
    Cli.Result fromRecording = Cli.run("report", access,
        run.resolve("recording.jfr.gz").toString(), "--format", "json");
    assertThat(fromRecording.code()).as(fromRecording.err()).isZero();
    Map<String, Map<String, Object>> log = gcPausesPerOperation(fromLog.out());
    Map<String, Map<String, Object>> recording = gcPausesPerOperation(fromRecording.out());
    assertThat(recording.keySet()).isNotEmpty().isEqualTo(log.keySet());
    for (String key : log.keySet()) {
      assertThat(id(recording.get(key).get("requests"))).as(key)
          .isEqualTo(id(log.get(key).get("requests")));
      // the log stamps a pause's end to the millisecond; the recording its start to the ns
      assertThat(id(recording.get(key).get("longest_start_epoch_ns"))).as(key)
          .isCloseTo(id(log.get(key).get("longest_start_epoch_ns")),
              org.assertj.core.data.Offset.offset(1_000_000L));
    }
  }

  /** operation + GC pause kind -> the timeline's row of that pause kind for that operation. */
  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> gcPausesPerOperation(String json) {
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(json);
    Map<String, Object> timeline = (Map<String, Object>) doc.get("timeline");
    Map<String, Map<String, Object>> out = new TreeMap<>();
    for (Object o : (List<Object>) timeline.get("operations")) {
      Map<String, Object> op = (Map<String, Object>) o;
      for (Object p : (List<Object>) op.get("pauses")) {
        Map<String, Object> pause = (Map<String, Object>) p;
        if ("gc-pause".equals(pause.get("family"))) {
          out.put(op.get("key") + " / " + pause.get("kind"), pause);
        }
      }
    }
    return out;
  }

  static void assertPercentiles(Map<String, Object> group, long[] sorted, String what) {
    @SuppressWarnings("unchecked")
    Map<String, Object> got = (Map<String, Object>) group.get("percentiles_ns");
    for (String p : PERCENTILES) {
      double q = Double.parseDouble(p);
      long exact = sorted[(int) Math.max(0, Math.ceil(q / 100 * sorted.length) - 1)];
      assertThat((double) id(got.get(p))).as("%s p%s", what, p)
          .isCloseTo(exact, org.assertj.core.data.Offset.offset(exact / 1000.0 + 1));
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Map<String, Object>> groups(String json) {
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(json);
    Map<String, Map<String, Object>> out = new TreeMap<>();
    for (Object g : (List<Object>) doc.get("groups")) {
      Map<String, Object> group = (Map<String, Object>) g;
      out.put(group.get("family") + "/" + group.get("key"), group);
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> total(String json, String family) {
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(json);
    for (Object t : (List<Object>) doc.get("totals")) {
      if (family.equals(((Map<String, Object>) t).get("family"))) {
        return (Map<String, Object>) t;
      }
    }
    throw new AssertionError("no total of " + family);
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> input(String json) {
    Map<String, Object> doc = (Map<String, Object>) JsonLines.document(json);
    return (Map<String, Object>) ((List<Object>) doc.get("inputs")).get(0);
  }

  /** The events of a recording, by {@code jfr summary}'s count of each type (chunk data aside). */
  static long eventsIn(Recording r) throws Exception {
    String summary = run(r.javaHome().resolve("bin/jfr").toString(), "summary",
        r.file().toString());
    Pattern row = Pattern.compile("^ (jdk\\.\\S+)\\s+(\\d+)\\s+\\d+\\s*$", Pattern.MULTILINE);
    Matcher m = row.matcher(summary);
    long n = 0;
    while (m.find()) {
      // chunk data, not events: jdk.CheckPoint (JDK 17), jdk.Checkpoint (JDK 25), jdk.Metadata
      if (!m.group(1).equalsIgnoreCase("jdk.CheckPoint") && !m.group(1).equals("jdk.Metadata")) {
        n += Long.parseLong(m.group(2));
      }
    }
    return n;
  }
}
