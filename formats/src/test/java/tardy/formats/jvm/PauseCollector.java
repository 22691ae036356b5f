package tardy.formats.jvm;

import java.util.ArrayList;
import java.util.List;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.Family;
import tardy.events.HeapCycleEvent;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/** A test sink that copies every pause it gets. */
final class PauseCollector implements EventSink {

  /** A copied pause; kind is "" when the log names none. */
  record Pause(String kind, long totalNanos, long ttspNanos, long wallMillis, long uptimeMillis) {}

  /** What the other fields of a pause say: its family, CPU and heap. */
  record Detail(Family family, String kind, long totalNanos, long userNanos, long sysNanos,
      long realNanos, long heapBefore, long heapAfter, long heapCapacity) {}

  final List<Pause> pauses = new ArrayList<>();
  final List<Detail> details = new ArrayList<>();
  /** The concurrent cycles, as {@code kind uptime duration before->after(capacity) whole}. */
  final List<String> cycles = new ArrayList<>();

  @Override
  public void heapCycle(HeapCycleEvent e) {
    cycles.add(Ascii.text(e.kindBuf(), e.kindFrom(), e.kindTo()) + " " + e.uptimeMillis() + " "
        + e.durationNanos() + " " + e.beforeBytes() + "->" + e.afterBytes() + "("
        + e.capacityBytes() + ") " + (e.wholeHeap() ? "whole" : "part")
        + (e.warmUp() ? " warm-up" : ""));
  }

  @Override
  public void request(RequestEvent event) {
    throw new AssertionError("a JVM format emitted a request");
  }

  @Override
  public void pause(PauseEvent e) {
    pauses.add(
        new Pause(
            Ascii.text(e.kindBuf(), e.kindFrom(), e.kindTo()),
            e.totalNanos(),
            e.timeToSafepointNanos(),
            e.wallMillis(),
            e.uptimeMillis()));
    details.add(new Detail(e.family(), Ascii.text(e.kindBuf(), e.kindFrom(), e.kindTo()),
        e.totalNanos(), e.userNanos(), e.sysNanos(), e.realNanos(), e.heapBeforeBytes(),
        e.heapAfterBytes(), e.heapCapacityBytes()));
  }

  /** The pauses of one family, in order. */
  List<Detail> of(Family family) {
    return details.stream().filter(d -> d.family() == family).toList();
  }

  Pause only() {
    if (pauses.size() != 1) {
      throw new AssertionError("expected one pause, got " + pauses);
    }
    return pauses.get(0);
  }
}
