package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tardy.events.Reasons;
import tardy.events.LogFormat;
import tardy.events.ParseStats;
import tardy.events.input.LineReader;
import tardy.formats.Formats;

/**
 * An application's lines in a JVM's stdout (-verbose:gc, -Xlog:gc:stdout, a container's log) are
 * accounted for as another program's, not as GC details; no line of a JVM log ever is.
 */
class ForeignLinesTest {

  /** Lines as Logback, Log4j 2, Spring Boot, java.util.logging and a JSON logger print them. */
  static final List<String> APPLICATION = List.of(
      "2026-11-30 05:30:00.123 INFO  [main] c.e.App - processed batch 100",
      "05:30:00.123 [http-nio-8080-exec-1] WARN  c.e.OrderController - slow: 812 ms",
      "2026-11-30T05:30:00.123Z  INFO 1 --- [main] o.s.b.w.e.tomcat.TomcatWebServer : started",
      "{\"@timestamp\":\"2026-11-30T05:30:00.123Z\",\"level\":\"INFO\",\"message\":\"ok\"}",
      "INFO: Server startup in 1234 ms",
      "WARNING: An illegal reflective access operation has occurred",
      "ERROR [main] boom",
      "Exception in thread \"main\" java.lang.IllegalStateException: boom",
      "\tat com.example.App.main(App.java:12)",
      "\t... 12 more",
      "Caused by: java.io.IOException: closed");

  @Test
  void anApplicationsLinesInAUnifiedLogAreAnotherPrograms() throws IOException {
    List<String> log = new ArrayList<>();
    log.add("[2026-11-30T05:29:21.803+0000][0.012s][info][gc] Using G1");
    log.addAll(APPLICATION);
    log.add("[2026-11-30T05:29:22.000+0000][0.209s][info][gc] GC(0) Pause Young (Normal)"
        + " (G1 Evacuation Pause) 24M->4M(256M) 3.456ms");
    ParseStats stats = parse("jvm-unified", log);
    assertThat(stats.parsed()).isEqualTo(1);
    assertThat(stats.count(Reasons.ANOTHER_PROGRAM)).isEqualTo(APPLICATION.size());
    assertThat(stats.count(UnifiedParser.OTHER)).isEqualTo(1); // Using G1
  }

  /**
   * An application's partial line (printed without its newline) runs into the JVM's next line on
   * a shared stdout: the pause after it is read, decorated or not (JDK 17's own output, written
   * by a program that prints without newlines beside -Xlog:gc,safepoint).
   */
  @Test
  void aPauseAfterAnApplicationsPartialLineIsRead() throws IOException {
    List<String> log = List.of(
        "[0.200s][info][gc] Using G1",
        "partial app line without newline [0.255s][info][gc       ] GC(52) Pause Young (Normal)"
            + " (G1 Preventive Collection) 52M->51M(64M) 2.246ms",
        "app: 7 items [done][0.256s][info][safepoint] Safepoint \"G1CollectForAllocation\", Time"
            + " since last: 2020299 ns, Reaching safepoint: 5821 ns, Cleanup: 5841 ns, At"
            + " safepoint: 8519541 ns, Total: 8531203 ns",
        "app text GC(53) Pause Young (Normal) (G1 Evacuation Pause) 33M->33M(54M) 2.453ms",
        "[0.300s][info][gc] GC(54) Pause Remark 24M->24M(64M) 0.508ms");
    ParseStats stats = parse("jvm-unified", log);
    assertThat(stats.parsed()).isEqualTo(4);
    assertThat(stats.count(UnifiedParser.OTHER)).isEqualTo(1); // Using G1
    // brackets that follow brackets are a damaged line's decorators, not the JVM's line starting
    ParseHelper p = new ParseHelper(new UnifiedFormat().newParser());
    assertThat(p.line("[0.2s][info][g c] GC(5) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M)"
        + " 3.456ms")).isEqualTo(UnifiedParser.DAMAGED_DECORATORS);
    assertThat(p.line("app text [not a decorator] GC(5) is no pause")).isEqualTo(UnifiedParser.OTHER);
    assertThat(p.sink.pauses).isEmpty();
  }

  @Test
  void anApplicationsLinesInAJdk8LogAreAnotherPrograms() throws IOException {
    List<String> log = new ArrayList<>();
    log.add("2026-11-30T05:29:21.803+0000: 0.209: [GC (Allocation Failure) [PSYoungGen:"
        + " 65536K->10720K(76288K)] 65536K->10736K(251392K), 0.0123456 secs]"
        + " [Times: user=0.02 sys=0.01, real=0.01 secs]");
    log.add("{Heap before GC invocations=1 (full 0):"); // a JVM's own brace
    log.add("2019-02-01 02:14:25 GC log file created /var/log/gc.log.46"); // and its own date
    log.addAll(APPLICATION);
    ParseStats stats = parse("jdk8-gc", log);
    assertThat(stats.parsed()).isEqualTo(1);
    assertThat(stats.count(Reasons.ANOTHER_PROGRAM)).isEqualTo(APPLICATION.size());
    assertThat(stats.count(tardy.events.Reasons.ROTATION_HEADER)).isEqualTo(1);
  }

  /** Whatever a JVM prints, however decorated or not at all, is never another program's line. */
  @Test
  void noLineOfTheRepositorysJvmLogsIsAnotherPrograms() throws IOException {
    List<Path> logs = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Path.of("src/test/resources/jvm-logs"))) {
      files.filter(Files::isRegularFile).forEach(logs::add);
    }
    try (Stream<Path> files = Files.list(Path.of("..", "samples"))) {
      files.filter(p -> p.getFileName().toString().matches("(gc|safepoint)-.*\\.log"))
          .forEach(logs::add);
    }
    assertThat(logs).hasSizeGreaterThan(40);
    long lines = 0;
    for (Path log : logs) {
      byte[] bytes = Files.readAllBytes(log);
      // a JDK 8 log of its header alone is detected as none
      LogFormat format = Formats.detect(CorpusTexts.sampleOf(bytes)).best()
          .orElse(Formats.byName("jdk8-gc").orElseThrow());
      ParseStats stats = parse(format, bytes);
      assertThat(stats.count(Reasons.ANOTHER_PROGRAM)).as(log + " as " + format.name()).isZero();
      lines += stats.lines();
    }
    assertThat(lines).isGreaterThan(10_000);
  }

  private static ParseStats parse(String formatName, List<String> lines) throws IOException {
    return parse(Formats.byName(formatName).orElseThrow(),
        (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  private static ParseStats parse(LogFormat format, byte[] bytes) throws IOException {
    ParseStats stats = new ParseStats();
    new LineReader().read(new ByteArrayInputStream(bytes), format.newParser(),
        new PauseCollector(), stats, LineReader.Rejects.NONE, true);
    return stats;
  }
}
