package tardy.formats.jfr;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedObject;
import jdk.jfr.consumer.RecordingFile;
import tardy.events.EventSink;
import tardy.events.Family;
import tardy.events.LinePosition;
import tardy.events.Outcome;
import tardy.events.ParseStats;
import tardy.events.PauseEvent;
import tardy.events.Times;

/**
 * Reads one recording, event by event in the file's order, into pauses: {@code jdk.GCPhasePause}
 * (a collection's stop-the-world pauses, named with the collection's collector and cause,
 * {@link GcCollections}), {@code jdk.ExecuteVMOperation} at a safepoint (with the time to reach it
 * from {@code jdk.SafepointBegin}, paired by safepoint id in any order), {@code
 * jdk.ZAllocationStall}. Every event is counted once:
 * parsed, or ignored with a reason per event type ({@link EventTypes}).
 */
final class RecordingReader {

  private static final Outcome NOT_AT_SAFEPOINT = Outcome.ignored(
      "jdk.ExecuteVMOperation: run outside a safepoint (application threads kept running)");
  private static final Outcome TIME_TO_SAFEPOINT = Outcome.ignored(
      "jdk.SafepointBegin: the time to reach a safepoint, added to its VM operation's");
  private static final Outcome NO_DURATION = Outcome.malformed("pause event without a duration");

  private final EventSink sink;
  private final ParseStats stats;
  private final PauseEvent pause = new PauseEvent();
  private EventTypes types;
  private final GcCollections collections;
  private final SafepointPairs safepoints = new SafepointPairs(this::emitSafepoint);
  private long record; // the number of the event being read, 1-based

  RecordingReader(EventSink sink, ParseStats stats) {
    this.sink = sink;
    this.stats = stats;
    this.collections = new GcCollections(this::emitGcPause, stats);
  }

  void read(Path file) throws IOException {
    sink.reading(new LinePosition() {
      @Override
      public long line() {
        return record;
      }

      @Override
      public boolean startOfInput() {
        return true;
      }
    });
    WholeChunks whole = WholeChunks.of(file);
    if (!whole.cutShort()) {
      readEvents(file);
      return;
    }
    if (whole.chunks() == 0) {
      throw new IOException("cut short in its first chunk: " + whole.fileBytes()
          + " bytes, no whole chunk");
    }
    Path chunks = Files.createTempFile("tardy-", ".jfr");
    try {
      copyStart(file, whole.bytes(), chunks);
      readEvents(chunks);
    } finally {
      Files.deleteIfExists(chunks);
    }
    stats.count(cutShort(whole), record); // the chunk cut short: one record, malformed
    record++;
  }

  /** Why the end of a recording was not read: how much of it, and what that means. */
  static Outcome cutShort(WholeChunks whole) {
    return Outcome.malformed(String.format(java.util.Locale.ROOT, "recording cut short (as when"
        + " the JVM is killed while it records): its last %,d of %,d bytes, a chunk begun at byte"
        + " %,d, are not whole and not read; the events in them are lost", whole.lostBytes(),
        whole.fileBytes(), whole.bytes()));
  }

  private static void copyStart(Path from, long bytes, Path to) throws IOException {
    try (FileChannel in = FileChannel.open(from, StandardOpenOption.READ);
        FileChannel out = FileChannel.open(to, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      long done = 0;
      while (done < bytes) {
        long n = in.transferTo(done, bytes - done, out);
        if (n <= 0) {
          throw new IOException("the recording shrank while it was read");
        }
        done += n;
      }
    }
  }

  private void readEvents(Path file) throws IOException {
    try (RecordingFile recording = new RecordingFile(file)) {
      Map<Long, String> typeNames = new HashMap<>();
      for (EventType type : recording.readEventTypes()) {
        typeNames.put(type.getId(), type.getName());
      }
      types = new EventTypes(typeNames);
      collections.settings(types);
      while (recording.hasMoreEvents()) {
        RecordedEvent event = recording.readEvent();
        record++;
        read(event);
      }
      record++; // once read, the position is one past the last event, as a line reader's
    } finally {
      collections.flushAll(); // what was read before damage still counts
      safepoints.flushAll();
    }
  }

  private void read(RecordedEvent event) {
    String type = event.getEventType().getName();
    switch (type) {
      case "jdk.GCPhasePause" -> collections.pause(event, record);
      case "jdk.GarbageCollection" -> collections.collection(event, record);
      case "jdk.G1GarbageCollection" -> collections.g1Type(event, record);
      case "jdk.GCHeapSummary" -> collections.heap(event, record);
      case "jdk.GCPhasePauseLevel1", "jdk.GCPhasePauseLevel2", "jdk.GCPhasePauseLevel3",
          "jdk.GCPhasePauseLevel4" -> stats.count(types.phaseInsidePause(type), record);
      case "jdk.SafepointBegin" -> {
        stats.count(TIME_TO_SAFEPOINT, record);
        safepoints.begin(event.getLong("safepointId"), nanos(event.getDuration()));
      }
      case "jdk.ExecuteVMOperation" -> vmOperation(event);
      case "jdk.ZAllocationStall" -> stall(event, "Allocation Stall");
      case "jdk.ZRelocationStall" -> stall(event, "Relocation Stall");
      case "jdk.ActiveSetting" -> stats.count(types.setting(event), record);
      default -> stats.count(types.other(type), record);
    }
  }

  private void vmOperation(RecordedEvent event) {
    if (!event.getBoolean("safepoint")) {
      stats.count(NOT_AT_SAFEPOINT, record);
      return;
    }
    safepoints.operation(event.getLong("safepointId"), new SafepointPairs.Operation(
        event.getString("operation"), nanos(event.getDuration()),
        endMillis(event.getStartTime(), event.getDuration()), record));
  }

  /** One safepoint, handed on once the time to reach it is known (or will not be). */
  private void emitSafepoint(SafepointPairs.Operation op, long reaching) {
    long atSafepoint = op.atSafepointNanos();
    pause.reset().family(Family.SAFEPOINT).line(op.record());
    kind(op.name());
    pause.totalNanos(!Times.isSet(atSafepoint) ? atSafepoint
            : Times.isSet(reaching) ? reaching + atSafepoint : atSafepoint)
        .timeToSafepointNanos(reaching)
        .wallMillis(op.endMillis());
    emit();
  }

  private void stall(RecordedEvent event, String kind) {
    pause.reset().family(Family.STALL).line(record);
    kind(kind);
    pause.totalNanos(nanos(event.getDuration()))
        .wallMillis(endMillis(event.getStartTime(), event.getDuration()));
    emit();
  }

  /** One GC pause, handed on once its collection is known (or the reading ends). */
  private void emitGcPause(GcCollections.Pause p, String kind, long[] heap) {
    pause.reset().family(Family.GC_PAUSE).line(p.record());
    kind(kind);
    pause.totalNanos(p.nanos()).wallMillis(p.endMillis());
    if (heap != null) {
      pause.heapBytes(heap[0], heap[1], heap[2]);
    }
    emit();
  }

  private void emit() {
    if (pause.totalNanos() < 0) {
      stats.count(NO_DURATION, pause.line());
      return;
    }
    stats.count(Outcome.PARSED, pause.line());
    sink.pause(pause);
  }

  private void kind(String name) {
    byte[] bytes = name == null ? new byte[0]
        : name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    pause.kind(bytes, 0, bytes.length);
  }

  static long nanos(Duration d) {
    if (d == null) {
      return Times.NONE;
    }
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      return Times.NONE;
    }
  }

  /** When the event ended, on the wall clock (epoch ms): the log's time is a pause's end. */
  static long endMillis(Instant start, Duration duration) {
    if (start == null) {
      return Times.NONE;
    }
    Instant end = duration == null ? start : start.plus(duration);
    return end.toEpochMilli();
  }

  /** The long field of an object, {@link Times#NONE} when the recording's JDK has no such field. */
  static long longField(RecordedObject o, String name) {
    return o.hasField(name) ? o.getLong(name) : Times.NONE;
  }
}
