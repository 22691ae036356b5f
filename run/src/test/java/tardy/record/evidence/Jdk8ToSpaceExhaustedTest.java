package tardy.record.evidence;


import tardy.analysis.findings.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * JDK 7-8 G1 prints {@code (to-space exhausted)} inside the pause's text, after the reference
 * processing it appends to the first line: each such pause is an evacuation failure, the finding
 * the unified logs' {@code To-space exhausted} line gives. Before, a JDK 8 log with 53 of them
 * named none.
 */
class Jdk8ToSpaceExhaustedTest {

  private static final String GCSPIKE =
      "microsoft_gctoolkit-testdata/gctoolkit-gclogs/streaming/gcspike.log";
  private static final String OVERFLOW = "microsoft_gctoolkit-testdata/gctoolkit-gclogs/"
      + "preunified/g1gc/details/reference/post17040/gc_with_overflow.log";
  private static final String MARK = "(to-space exhausted), ";

  /** The durations of the pauses marked, by string search: "(to-space exhausted), S secs]". */
  private static List<Long> exhausted(Path log) {
    List<Long> out = new ArrayList<>();
    try (BufferedReader r = Logs.reader(log)) {
      for (String line; (line = r.readLine()) != null; ) {
        int at = line.indexOf(MARK);
        if (at >= 0) {
          int from = at + MARK.length();
          out.add(Logs.seconds(line.substring(from, line.indexOf(" secs]", from))));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static void assertEvacuationFailures(Path log, int expected) {
    List<Long> truth = exhausted(log);
    assertEquals(expected, truth.size(), "the log's marked pauses");
    Finding f = Logs.finding(Logs.analyze(log), Signature.EVACUATION_FAILURE).orElseThrow();
    assertEquals(truth.size(), f.count());
    assertEquals(truth.stream().mapToLong(Long::longValue).sum(), f.nanos());
    long worst = truth.stream().mapToLong(Long::longValue).max().orElseThrow();
    assertEquals(worst, f.worst().get(0).nanos());
    assertTrue(f.worst().get(0).kind().startsWith("GC pause"), f.worst().get(0)::toString);
  }

  /** JDK 8u121 G1 under a full heap: 53 evacuation failures. */
  @Test
  void aJdk8G1LogUnderAFullHeap() {
    assertEvacuationFailures(Logs.corpus(GCSPIKE), 53);
  }

  /** Another JDK 8 G1 log, with reference processing details: 46. */
  @Test
  void aJdk8G1LogWithReferenceDetails() {
    assertEvacuationFailures(Logs.corpus(OVERFLOW), 46);
  }

  /** A JDK 8 CMS log has none, and no such finding. */
  @Test
  void noneWhereTheLogSaysNone() {
    Path log = Logs.corpus(
        "microsoft_gctoolkit-testdata/gctoolkit-gclogs/preunified/cms/parnew/details/1073_1.log");
    assertEquals(0, exhausted(log).size());
    assertTrue(Logs.finding(Logs.analyze(log), Signature.EVACUATION_FAILURE).isEmpty());
  }
}
