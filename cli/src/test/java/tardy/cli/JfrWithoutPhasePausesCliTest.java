package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static tardy.cli.JfrRecordingsCliTest.id;
import static tardy.cli.JfrRecordingsCliTest.nanos;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.cli.JfrRecordingsCliTest.Recording;

/**
 * Recordings made here with {@code jdk.GCPhasePause} turned off (JDK 17 and Temurin 25 when
 * installed; G1, Parallel, Serial, and ZGC whose collections are concurrent): a collection of one
 * stop-the-world pause is read from its {@code jdk.GarbageCollection} (its sum of pauses, named as
 * the unified log names it), a concurrent collection is counted with a reason, never as a pause,
 * and nothing is silent. Checked against {@code jfr print --json} read here.
 */
class JfrWithoutPhasePausesCliTest {

  private static final Path ALLOCATE =
      Path.of("..", "formats", "src", "test", "jvm-log-generator", "Allocate.java");
  private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
  /** The collectors whose collection is one pause, with the unified log's name for it. */
  private static final Map<String, String> ONE_PAUSE = Map.of("DefNew", "Pause Young",
      "ParallelScavenge", "Pause Young", "G1New", "Pause Young", "SerialOld", "Pause Full",
      "ParallelOld", "Pause Full", "G1Full", "Pause Full");

  @TempDir static Path dir;
  private static final List<Recording> recordings = new ArrayList<>();

  @BeforeAll
  static void record() throws Exception {
    Path jdk17 = Path.of(System.getProperty("java.home"));
    JfrRecordingsCliTest.run(jdk17.resolve("bin/javac").toString(), "-d", dir.toString(),
        ALLOCATE.toString());
    recordings.add(record(jdk17, "G1"));
    recordings.add(record(jdk17, "Parallel"));
    recordings.add(record(jdk17, "Z"));
    if (Files.isExecutable(JDK25.resolve("bin/java"))) {
      recordings.add(record(JDK25, "Serial"));
      recordings.add(record(JDK25, "G1"));
    }
  }

  private static Recording record(Path javaHome, String gc) throws Exception {
    Path file = dir.resolve(javaHome.getFileName() + "-" + gc + "-nophase.jfr");
    JfrRecordingsCliTest.run(javaHome.resolve("bin/java").toString(), "-Xmx64m",
        "-XX:+Use" + gc + "GC", "-XX:StartFlightRecording:filename=" + file
            + ",jdk.GCPhasePause#enabled=false", "-cp", dir.toString(), "Allocate", "400");
    assertThat(file).exists();
    return new Recording(file, javaHome, "default");
  }

  @Test
  void collectionsOfOnePauseAreThePausesConcurrentOnesAreSaid() throws Exception {
    for (Recording r : recordings) {
      List<Map<String, Object>> events = JfrRecordingsCliTest.jfrPrint(r);
      assertThat(events).noneMatch(e -> "jdk.GCPhasePause".equals(e.get("@type")));
      Map<Long, String> g1Types = new TreeMap<>();
      events.stream().filter(e -> "jdk.G1GarbageCollection".equals(e.get("@type")))
          .forEach(e -> g1Types.put(id(e.get("gcId")), (String) e.get("type")));
      Map<String, List<Long>> truth = new TreeMap<>();
      long concurrent = 0;
      for (Map<String, Object> e : events) {
        if (!"jdk.GarbageCollection".equals(e.get("@type"))) {
          continue;
        }
        String collector = (String) e.get("name");
        if (!ONE_PAUSE.containsKey(collector)) {
          concurrent++;
          continue;
        }
        String kind = ONE_PAUSE.get(collector);
        String g1Type = g1Types.get(id(e.get("gcId")));
        if (collector.equals("G1New") && g1Type != null) {
          kind += " (" + g1Type + ")";
        }
        kind += " (" + e.get("cause") + ")";
        truth.computeIfAbsent("gc-pause/" + kind, k -> new ArrayList<>())
            .add(nanos(e.get("sumOfPauses")));
      }
      Cli.Result out = Cli.run("report", r.file().toString(), "--format", "json", "--top", "0");
      assertThat(out.code()).as("%s: %s", r.file(), out.err()).isZero();
      Map<String, Map<String, Object>> gcGroups = new TreeMap<>(JfrRecordingsCliTest.groups(out.out()));
      gcGroups.keySet().removeIf(k -> !k.startsWith("gc-pause/"));
      assertThat(gcGroups.keySet()).as(r.file().toString()).isEqualTo(truth.keySet());
      for (Map.Entry<String, List<Long>> kind : truth.entrySet()) {
        long[] sorted = kind.getValue().stream().mapToLong(Long::longValue).sorted().toArray();
        assertThat(id(gcGroups.get(kind.getKey()).get("count"))).isEqualTo(sorted.length);
        JfrRecordingsCliTest.assertPercentiles(gcGroups.get(kind.getKey()), sorted,
            r.file() + " " + kind.getKey());
      }
      Map<String, Object> input = JfrRecordingsCliTest.input(out.out());
      assertThat(id(input.get("lines"))).as("%s: every event counted once", r.file())
          .isEqualTo(JfrRecordingsCliTest.eventsIn(r));
      String reasons = input.toString();
      assertThat(reasons).contains("jdk.GCPhasePause disabled");
      if (concurrent > 0) {
        assertThat(reasons).as(r.file().toString())
            .contains("jdk.GarbageCollection: a concurrent collection whose pauses were not"
                + " recorded (jdk.GCPhasePause disabled): its pauses summed are not one pause");
      }
      if (r.file().toString().contains("-G1-") || r.file().toString().contains("-Parallel-")
          || r.file().toString().contains("-Serial-")) {
        assertThat(truth).as("%s holds stop-the-world collections", r.file()).isNotEmpty();
      }
    }
    assertThat(recordings.stream().map(r -> r.file().getFileName().toString()))
        .anyMatch(n -> n.contains("-Z-"));
    assertThat(Set.copyOf(recordings)).hasSizeGreaterThanOrEqualTo(3);
  }
}
