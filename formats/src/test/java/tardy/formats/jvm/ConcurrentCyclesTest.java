package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.events.Family;
import tardy.events.Outcome;
import tardy.events.Reasons;

/**
 * ZGC's and Shenandoah's heap per concurrent cycle, from lines as JDK 17 and Temurin 25 print them
 * (src/test/resources/heap-logs of the analysis module): no pause is made of them, and the lines
 * keep the outcome they had.
 */
class ConcurrentCyclesTest {

  private static final long M = 1 << 20;

  private final ParseHelper p = new ParseHelper(new UnifiedFormat().newParser());

  @Test
  void jdk17ZgcCycleTakesItsStartFromItsStartLine() {
    assertThat(p.line("[2.140s][info ][gc,start    ] GC(3) Garbage Collection (Proactive)"))
        .isEqualTo(Reasons.ZGC_CYCLE); // its start alone: no heap read yet
    p.line("[2.140s][info ][gc,phases   ] GC(3) Pause Mark Start 0.006ms");
    assertThat(p.line("[2.169s][info ][gc          ] GC(3) Garbage Collection (Proactive)"
        + " 120M(75%)->34M(21%)")).isEqualTo(Outcome.PARSED); // a cycle is an event read
    assertThat(p.sink.cycles).containsExactly(
        "Garbage Collection (Proactive) 2169 29000000 " + 120 * M + "->" + 34 * M + "("
            + Long.MIN_VALUE + ") whole");
    assertThat(p.sink.of(Family.GC_PAUSE)).hasSize(1); // the pause alone
  }

  @Test
  void zgcWithGcAloneHasNoStart() {
    assertThat(p.line("[1.000s][info][gc] GC(0) Garbage Collection (Warmup) 20M(12%)->16M(10%)"))
        .isEqualTo(Outcome.PARSED);
    assertThat(p.sink.cycles).containsExactly("Garbage Collection (Warmup) 1000 "
        + Long.MIN_VALUE + " " + 20 * M + "->" + 16 * M + "(" + Long.MIN_VALUE + ") whole warm-up");
    assertThat(p.sink.pauses).isEmpty();
  }

  @Test
  void generationalZgcMinorInsideAMajorIsOneOfItsOwnNotWholeHeap() {
    p.line("[2.145s][info ][gc          ] GC(2) Major Collection (Warmup)");
    p.line("[2.184s][info ][gc          ] GC(3) Minor Collection (Allocation Rate)");
    p.line("[2.191s][info ][gc          ] GC(3) Minor Collection (Allocation Rate)"
        + " 28M(18%)->26M(16%) 0.007s");
    p.line("[2.195s][info ][gc          ] GC(2) Major Collection (Warmup) 54M(34%)->26M(16%)"
        + " 0.050s");
    String none = "(" + Long.MIN_VALUE + ")";
    assertThat(p.sink.cycles).containsExactly(
        "Minor Collection (Allocation Rate) 2191 7000000 " + 28 * M + "->" + 26 * M + none
            + " part",
        "Major Collection (Warmup) 2195 50000000 " + 54 * M + "->" + 26 * M + none + " whole warm-up");
  }

  /** The first cleanup's heap before (nothing freed before it), the last one's after. */
  @Test
  void shenandoahCycleIsItsFirstCleanupsBeforeAndItsLastOnesAfter() {
    p.line("[3.250s][info ][gc          ] GC(5) Pause Init Mark (unload classes) 0.023ms");
    p.line("[3.270s][info ][gc          ] GC(5) Concurrent cleanup 138M->138M(160M) 0.029ms");
    p.line("[3.285s][info ][gc          ] GC(5) Pause Init Update Refs 0.021ms");
    p.line("[3.352s][info ][gc          ] GC(5) Concurrent cleanup 151M->90M(160M) 0.036ms");
    assertThat(p.sink.cycles).as("held until a line of another GC").isEmpty();
    p.line("[3.600s][info ][gc          ] GC(6) Pause Init Mark (unload classes) 0.020ms");
    assertThat(p.sink.cycles).containsExactly(
        "Concurrent cleanup 3352 82000000 " + 138 * M + "->" + 90 * M + "(" + 160 * M + ") part");
    p.parser.endOfInput(p.sink); // hands on the last pause, held for a CPU line
    assertThat(p.sink.of(Family.GC_PAUSE)).hasSize(3); // the pauses stay three
  }

  @Test
  void aShenandoahCleanupLineWithItsHeapIsParsedAsZgcsCycleLineIs() {
    assertThat(p.line("[3.270s][info ][gc,start    ] GC(5) Concurrent cleanup"))
        .isEqualTo(UnifiedParser.OTHER); // its start: no heap read
    assertThat(p.line("[3.270s][info ][gc          ] GC(5) Concurrent cleanup 138M->138M(160M)"
        + " 0.029ms")).isEqualTo(Outcome.PARSED);
    assertThat(p.line("[3.352s][info ][gc          ] GC(5) Concurrent cleanup (unload classes)"
        + " 151M->90M(160M) 0.036ms")).isEqualTo(Outcome.PARSED);
    assertThat(p.line("[3.352s][info ][gc          ] GC(5) Concurrent cleanup 0.036ms"))
        .isEqualTo(UnifiedParser.OTHER); // no heap in it
    assertThat(p.sink.pauses).isEmpty(); // parsed, yet no pause
  }

  @Test
  void aDegeneratedPauseEndsItsCycleAndTheInputsEndHandsItOn() {
    p.line("[16.385s][info ][gc          ] GC(31) Concurrent cleanup 151M->151M(160M) 0.020ms");
    p.line("[16.440s][info ][gc          ] GC(31) Pause Degenerated GC (Evacuation)"
        + " 151M->97M(160M) 53.177ms");
    p.parser.endOfInput(p.sink);
    assertThat(p.sink.cycles).containsExactly(
        "Concurrent cleanup 16440 55000000 " + 151 * M + "->" + 97 * M + "(" + 160 * M + ") part");
    assertThat(p.sink.of(Family.GC_PAUSE)).extracting(PauseCollector.Detail::heapAfter)
        .isEqualTo(List.of(97 * M)); // and is still a pause with its heap
  }

  @Test
  void temurin25ShenandoahCleanupWithItsCause() {
    p.line("[3.181s][info ][gc          ] GC(5) Concurrent cleanup (unload classes)"
        + " 140M->140M(160M) 0.016ms");
    p.line("[3.188s][info ][gc          ] GC(5) Concurrent cleanup (unload classes)"
        + " 148M->87M(160M) 0.040ms");
    p.parser.endOfInput(p.sink);
    assertThat(p.sink.cycles).containsExactly(
        "Concurrent cleanup 3188 7000000 " + 140 * M + "->" + 87 * M + "(" + 160 * M + ") part");
  }

  @Test
  void g1sPausesMakeNoCycle() {
    p.line("[1.000s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(256M)"
        + " 2.345ms");
    p.line("[1.100s][info][gc] GC(1) Pause Cleanup 30M->30M(256M) 0.050ms");
    p.parser.endOfInput(p.sink);
    assertThat(p.sink.cycles).isEmpty();
    assertThat(p.sink.pauses).hasSize(2);
  }
}
