package tardy.record.evidence;


import tardy.analysis.findings.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * JDK 6-8 stopped-time lines name no VM operation: the one that follows a GC event the log
 * printed is that GC's safepoint, however bare the event's name ({@code [GC [ParNew: …}). Such
 * stops are not "safepoints that are not GC", which would send a reader to thread dumps and biased
 * locking for what the log shows are collections.
 */
class StoppedLinesOfGcTest {

  private static final String CMS_NO_STAMPS = "microsoft_gctoolkit-testdata/gctoolkit-gclogs/"
      + "preunified/cms/parnew/details/tenuring/par.cms.wd.wt.nopp.log";
  private static final String ICMS = "microsoft_gctoolkit-testdata/gctoolkit-gclogs/"
      + "preunified/icms/details/tenuring/gc-master.log";

  /** Stopped lines and their time, split by whether a GC event opened since the previous one. */
  private record Stops(long gc, long gcNanos, long other, long otherNanos) {}

  private static Stops scan(Path log) {
    long gc = 0;
    long gcNanos = 0;
    long other = 0;
    long otherNanos = 0;
    boolean gcSince = false;
    String stopped = "Total time for which application threads were stopped: ";
    try (BufferedReader r = Logs.reader(log)) {
      for (String line; (line = r.readLine()) != null; ) {
        gcSince |= opensGc(line);
        int at = line.indexOf(stopped);
        if (at >= 0) {
          long nanos = Logs.seconds(line.substring(at + stopped.length(),
              line.indexOf(" seconds", at)));
          if (gcSince) {
            gc++;
            gcNanos += nanos;
          } else {
            other++;
            otherNanos += nanos;
          }
          gcSince = false;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Stops(gc, gcNanos, other, otherNanos);
  }

  /** {@code [GC }, {@code [GC (}, {@code [GC[}, {@code [GC-- } or {@code [Full GC}. */
  private static boolean opensGc(String line) {
    if (line.contains("[Full GC")) {
      return true;
    }
    for (int at = line.indexOf("[GC"); at >= 0; at = line.indexOf("[GC", at + 1)) {
      char next = at + 3 < line.length() ? line.charAt(at + 3) : ' ';
      if (next == ' ' || next == '(' || next == '[' || next == '-') {
        return true;
      }
    }
    return false;
  }

  /**
   * A ParNew/CMS log whose 1,345 stopped-time lines follow a GC event all but 11 times: the
   * collections are not blamed on anything else (before: "Safepoints that are not GC: 1,342
   * pauses, 132 s, 100.0% of the stopped time … by operation: GC: 1,334 for 132 s").
   */
  @Test
  void theStopsOfCollectionsAreNotCalledNonGc() {
    Path log = Logs.corpus(CMS_NO_STAMPS);
    Stops truth = scan(log);
    assertTrue(truth.gc() > 1000, "the log's stops are mostly collections: " + truth);
    assertTrue(truth.otherNanos() * 100 < 5 * (truth.gcNanos() + truth.otherNanos()),
        "the stops with no GC event before them are under 5% of the stopped time: " + truth);
    assertTrue(Logs.finding(Logs.analyze(log), Signature.NON_GC_SAFEPOINTS).isEmpty(),
        "no non-GC finding where the log shows GC stops");
  }

  /**
   * An incremental CMS log where most stops are not collections: the finding stays, and names
   * only the stops no GC event came before.
   */
  @Test
  void theFindingKeepsOnlyTheStopsNoCollectionExplains() {
    Path log = Logs.corpus(ICMS);
    Stops truth = scan(log);
    assertTrue(truth.other() > truth.gc() && truth.gc() > 0, truth.toString());
    Finding f = Logs.finding(Logs.analyze(log), Signature.NON_GC_SAFEPOINTS).orElseThrow();
    assertFalse(f.operations().isEmpty());
    for (Finding.Operation op : f.operations()) {
      assertEquals("non-GC safepoint", op.name(), "a GC's stop is not blamed on another cause");
    }
    assertTrue(f.nanos() < truth.gcNanos() + truth.otherNanos() - truth.gcNanos() / 2,
        "the GC stops' time is not in the finding: " + f.nanos() + " vs " + truth);
  }
}
