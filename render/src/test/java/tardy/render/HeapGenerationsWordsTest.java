package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import tardy.analysis.Analysis;
import tardy.analysis.findings.Finding;
import tardy.analysis.heap.HeapRun;
import tardy.record.evidence.Signature;

/**
 * What the report says of the young/old split, on a run of a leaking program (Serial, JDK 17,
 * analysis/src/test/heap-log-generator) whose last full collection, as the JVM exits, leaves
 * almost nothing: the leak's finding says the old generation's floor grew by the trend line,
 * which that collection does not turn, and the HTML draws the floor.
 */
class HeapGenerationsWordsTest {

  private static final Path LOG =
      Path.of("..", "analysis", "src", "test", "resources", "heap-logs", "jdk17-serial.log");

  @Test
  void theLeakIsSaidInTheOldGenerationsWordsByItsTrendLine() {
    Analysis a = Samples.analysisOf(LOG);
    HeapRun.LiveSet floor = a.heap().get(0).heap().orElseThrow().generations().orElseThrow()
        .oldFloor().orElseThrow();
    assertThat(floor.lastBytes()).as("the exit's full collection").isLessThan(floor.firstBytes());
    assertThat(floor.lineEndBytes()).as("the line rises").isGreaterThan(floor.lineStartBytes());
    Finding leak = a.findings().stream()
        .filter(f -> f.signature() == Signature.LIVE_SET_GROWTH).findFirst().orElseThrow();
    String said = FindingWords.headline(leak);
    assertThat(said).contains("old generation after " + floor.samples() + " full collections"
        + " grew from " + HeapWords.bytes(floor.lineStartBytes()) + " to "
        + HeapWords.bytes(floor.lineEndBytes()) + " over ");
    assertThat(HeapWords.lines(a.heap().get(0), false))
        .anyMatch(l -> l.startsWith("Old generation after GC ") && l.contains("; promotion "))
        .anyMatch(l -> l.startsWith("Metaspace after GC "));
  }

  private static String html(Analysis a) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    new tardy.render.html.HtmlRenderer(new View(false, 0, View.DEFAULT_TOP, Sort.COUNT))
        .render(a, out);
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  @Test
  void theHtmlDrawsTheOldGenerationsFloorOnlyWhereTheLogSplitsTheHeap() throws IOException {
    String split = html(Samples.analysisOf(LOG));
    assertThat(split).contains("<title>old generation after full or mixed collections");
    String whole = html(Samples.analysis("gc-serial-jdk17.log"));
    assertThat(whole).contains("heap-chart").doesNotContain("old generation after");
  }
}
