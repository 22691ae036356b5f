package tardy.formats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tardy.events.Corpus;
import tardy.events.FormatSamples;
import tardy.events.LogFormat;
import tardy.events.Sample;
import tardy.formats.fields.Dialect;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.PlanFormat;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;
import tardy.formats.wrap.WrappedFormat;

/**
 * The registry builds a format's field plan only when detection grades it (or a parser is asked
 * for): loading every format builds none, and detection's order and results are those of the
 * formats built at once.
 */
class LazyPlansTest {

  private static final String COMBINED_LINE = "127.0.0.1 - - [01/Jan/2026:00:00:00 +0000]"
      + " \"GET /a/1 HTTP/1.1\" 200 1 \"-\" \"-\" 0.001";

  @Test
  void loadingTheRegistryBuildsNoPlan() {
    List<PlanFormat> planFormats = planFormats(Formats.load());
    assertThat(planFormats).as("built-in formats read by a field plan").hasSizeGreaterThan(10);
    assertThat(planFormats).noneMatch(PlanFormat::planned);
  }

  @Test
  void anAccessLogOfTheFirstFormatBuildsThatFormatsPlanOnly() {
    List<LogFormat> fresh = Formats.load();
    Sample sample = Sample.ofText(List.of(COMBINED_LINE, COMBINED_LINE));

    Formats.Detection detection = Formats.choose(fresh, sample);

    assertThat(detection.best()).map(LogFormat::name).hasValue("combined");
    assertThat(plannedNames(fresh)).containsExactly("combined");
  }

  /** Every format sample and corpus log: same grades, same order, and a plan per graded format. */
  @Test
  void detectionGradesAsWithEveryPlanBuilt() throws IOException {
    List<Path> logs = new ArrayList<>();
    try (Stream<Path> files = Files.walk(FormatSamples.root())) {
      logs.addAll(files.filter(Files::isRegularFile).sorted().toList());
    }
    if (Corpus.find().isPresent()) {
      try (Stream<Path> files = Files.walk(Corpus.find().get())) {
        logs.addAll(files.filter(Files::isRegularFile)
            .filter(f -> !f.getFileName().toString().equals("INDEX.tsv")).sorted().toList());
      }
    }
    assertThat(logs).hasSizeGreaterThan(10);
    int someUnbuilt = 0;
    for (Path log : logs) {
      Sample sample = FormatSamples.sampleOf(log);
      List<LogFormat> fresh = Formats.load();
      Formats.Detection lazily = Formats.choose(fresh, sample);
      Formats.Detection built = Formats.choose(withEveryPlanBuilt(Formats.load()), sample);
      assertThat(lazily.describe()).as(log.toString()).isEqualTo(built.describe());
      Set<String> graded = lazily.scores().stream().map(s -> inner(s.format()).name())
          .collect(Collectors.toSet());
      assertThat(plannedNames(fresh)).as(log.toString()).isSubsetOf(graded);
      if (plannedNames(fresh).size() < planFormats(fresh).size()) {
        someUnbuilt++;
      }
    }
    assertThat(someUnbuilt).as("logs detected before every plan was built").isPositive();
  }

  @Test
  void aPlanIsBuiltOnceWhateverThreadsAskAtOnce() throws InterruptedException {
    AtomicInteger builds = new AtomicInteger();
    CountDownLatch asked = new CountDownLatch(1);
    PlanFormat format = new PlanFormat("test", "a test layout", () -> {
      builds.incrementAndGet();
      return new PlanBuilder(new Dialect("test", "layout", "$", "-", 0, false))
          .field("request_time", Role.REQUEST_TIME, Unit.SECONDS).build(false);
    }, null) {};
    assertThat(format.planned()).isFalse();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Thread t = new Thread(() -> {
        try {
          asked.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        format.newParser();
      });
      t.start();
      threads.add(t);
    }
    asked.countDown();
    for (Thread t : threads) {
      t.join();
    }
    format.newParser();
    assertThat(builds).hasValue(1);
    assertThat(format.planned()).isTrue();
  }

  private static List<LogFormat> withEveryPlanBuilt(List<LogFormat> formats) {
    for (PlanFormat f : planFormats(formats)) {
      f.newParser();
    }
    assertThat(planFormats(formats)).allMatch(PlanFormat::planned);
    return formats;
  }

  private static LogFormat inner(LogFormat format) {
    return format instanceof WrappedFormat wrapped ? wrapped.inner() : format;
  }

  private static List<PlanFormat> planFormats(List<LogFormat> formats) {
    return formats.stream().filter(f -> f instanceof PlanFormat).map(f -> (PlanFormat) f)
        .toList();
  }

  private static List<String> plannedNames(List<LogFormat> formats) {
    return planFormats(formats).stream().filter(PlanFormat::planned).map(LogFormat::name)
        .toList();
  }
}
