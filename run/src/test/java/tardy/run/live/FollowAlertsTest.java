package tardy.run.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.analysis.Analysis;
import tardy.analysis.Analyzer;
import tardy.analysis.Judge;
import tardy.analysis.requirements.Requirements;
import tardy.analysis.requirements.RequirementsLoader;
import tardy.analysis.slo.AlertSpan;
import tardy.analysis.slo.AlertWatch;
import tardy.events.Family;
import tardy.events.input.Input;
import tardy.events.input.LineReader;
import tardy.record.Result;
import tardy.record.clock.Span;
import tardy.record.grouping.GroupingMode;
import tardy.run.Pipeline;
import tardy.run.Plan;

/**
 * The burn-rate alerts of a log that grows over time, said at each refresh from the same
 * mergeable per-minute counts a batch run reads: each start and end is said at the first refresh
 * after a request of a later minute was read (the minute is then whole), never before, and at the
 * end what was said is exactly the batch replay's spans.
 */
class FollowAlertsTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long MIN = 60_000;

  @TempDir Path dir;

  /** One refresh: the last request's time read so far, and the alerts said then. */
  private record Said(long lastRequestMillis, boolean last, List<AlertWatch.Change> changes) {}

  private static Path root() {
    return Path.of(System.getProperty("user.dir")).getParent();
  }

  /** The sample's three days of checkouts (real nginx lines, known degradations). */
  private static String sample() throws IOException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(
        root().resolve("samples/slo/checkout-3d.log.gz")))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static Requirements requirements() throws Exception {
    Path file = root().resolve("samples/slo/requirements.yaml");
    return RequirementsLoader.parse(file.toString(), Files.readString(file));
  }

  @Test
  void eachAlertStartAndEndIsSaidOnceItsMinuteIsWholeAndAllAreTheBatchReplays() throws Exception {
    Requirements r = requirements();
    Function<Plan, Result.Spec> spec = plan -> Result.Spec.report(
        r.grouping(plan.grouping(GroupingMode.INFER, 2000)), 1000);
    String text = sample();
    // the log arrives twenty minutes of its clock at a time, one piece a second
    List<String> pieces = new ArrayList<>();
    StringBuilder piece = new StringBuilder();
    String block = null;
    for (String line : text.split("(?<=\n)")) {
      String stamp = line.substring(line.indexOf('[') + 1, line.indexOf('[') + 18); // to the minute
      String b = stamp.substring(0, 15) + (stamp.charAt(15) - '0') / 2; // tens of minutes / 2
      if (block != null && !b.equals(block) && piece.length() > 0) {
        pieces.add(piece.toString());
        piece.setLength(0);
      }
      block = b;
      piece.append(line);
    }
    pieces.add(piece.toString());
    assertThat(pieces.size()).isGreaterThan(200);

    Path log = dir.resolve("access.log");
    Files.createFile(log);
    ScriptedTicker ticker = new ScriptedTicker();
    for (String p : pieces) {
      ticker.after(SECOND, () -> Files.writeString(log, p, StandardCharsets.UTF_8,
          StandardOpenOption.APPEND));
    }
    AlertWatch watch = new AlertWatch();
    List<Said> said = new ArrayList<>();
    Follow.Settings settings = new Follow.Settings(SECOND, 300 * SECOND, SECOND / 10,
        LineReader.DEFAULT_MAX_LINE_BYTES, Optional.empty());
    new Follow(FileTail.open(log), settings, spec, ticker, ticker::done, s -> {
      Analysis since = Analyzer.analyze("t", s.sinceStart());
      Optional<Long> last = since.spanOf(Family.REQUEST).map(Span::lastMillis);
      if (last.isPresent()) {
        said.add(new Said(last.get(), s.last(),
            watch.next(r.operations(), since.objectiveCounts(), last.get(), s.last())));
      }
    }).run();
    assertThat(said.size()).as("about a refresh a piece").isGreaterThan(pieces.size() / 2);

    Path whole = dir.resolve("whole.log");
    Files.writeString(whole, text, StandardCharsets.UTF_8);
    Analysis batch = Judge.judge(Analyzer.analyze("t", new Pipeline(Pipeline.Options.defaults())
        .run(List.of(Input.file(whole)), spec)), r);
    List<AlertSpan> spans = batch.errorBudgets().get(0).alerts();
    assertThat(spans).hasSizeGreaterThanOrEqualTo(5); // the sample's degradations fire
    List<String> expected = new ArrayList<>();
    for (AlertSpan s : spans) {
      expected.add(s.firedMillis() + " fired " + s.alert().label());
      if (!s.firingAtEnd()) {
        expected.add(s.clearedMillis() + " cleared " + s.alert().label());
      }
    }
    expected.sort(null); // by time (same digits), then the words

    List<String> all = new ArrayList<>();
    long before = Long.MIN_VALUE; // the settled end at the previous refresh
    for (Said s : said) {
      long settled = s.last() ? Long.MAX_VALUE : Math.floorDiv(s.lastRequestMillis(), MIN) * MIN;
      for (AlertWatch.Change c : s.changes()) {
        // not before its minute was whole, and not later than the refresh after
        assertThat(c.atMillis()).isGreaterThan(before).isLessThanOrEqualTo(settled);
        all.add(c.atMillis() + (c.fired() ? " fired " : " cleared ") + c.span().alert().label());
      }
      before = settled;
    }
    all.sort(null);
    assertThat(all).isEqualTo(expected);
    // and every change the batch has was said at the first refresh that had settled its minute
    for (String e : expected) {
      long at = Long.parseLong(e.substring(0, e.indexOf(' ')));
      Said first = said.stream().filter(s -> s.last()
          || Math.floorDiv(s.lastRequestMillis(), MIN) * MIN >= at).findFirst().orElseThrow();
      assertThat(first.changes().stream().map(c -> c.atMillis() + (c.fired() ? " fired " : " cleared ")
          + c.span().alert().label())).as(e).contains(e);
    }
  }
}
