package tardy.formats.jfr;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import tardy.events.EventSink;
import tardy.events.Match;
import tardy.events.ParseStats;
import tardy.events.RecordFormat;
import tardy.events.Sample;
import tardy.events.Times;

/**
 * JDK Flight Recorder recordings ({@code .jfr}, JDK 11+): GC pauses per pause kind, safepoints
 * per VM operation, ZGC allocation stalls, read with the JDK's own {@code
 * jdk.jfr.consumer.RecordingFile} ({@link RecordingReader}).
 */
public final class JfrFormat implements RecordFormat {

  /** A recording's chunk header starts with these bytes. */
  static final byte[] MAGIC = {'F', 'L', 'R', 0};
  /** Where the chunk header holds its start time (epoch nanoseconds, big-endian). */
  private static final int START_NANOS_AT = 32;

  @Override
  public String name() {
    return "jfr";
  }

  @Override
  public String description() {
    return "JDK Flight Recorder recordings, .jfr (GC pauses per kind, safepoints per VM"
        + " operation, ZGC stalls)";
  }

  @Override
  public Match detect(Sample sample) {
    return isRecording(sample.binaryHead()) ? Match.FULL : Match.NONE;
  }

  static boolean isRecording(byte[] head) {
    if (head.length < MAGIC.length) {
      return false;
    }
    for (int i = 0; i < MAGIC.length; i++) {
      if (head[i] != MAGIC[i]) {
        return false;
      }
    }
    return true;
  }

  @Override
  public long firstMillis(Sample sample) {
    byte[] head = sample.binaryHead();
    if (!isRecording(head) || head.length < START_NANOS_AT + Long.BYTES) {
      return Times.NONE;
    }
    long nanos = ByteBuffer.wrap(head, START_NANOS_AT, Long.BYTES).getLong();
    return nanos > 0 ? nanos / 1_000_000 : Times.NONE;
  }

  @Override
  public void read(Path file, EventSink sink, ParseStats stats) throws IOException {
    new RecordingReader(sink, stats).read(file);
  }
}
