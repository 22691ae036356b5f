package tardy.formats.jvm;

import java.util.Optional;
import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.PartStarts;
import tardy.events.Sample;

/**
 * JDK 6 to 8 GC logs: {@code -XX:+PrintGCDetails} / {@code -XX:+PrintGC} pauses per kind and
 * {@code -XX:+PrintGCApplicationStoppedTime} safepoints, each in its own family.
 */
public final class Jdk8Format implements LogFormat {

  @Override
  public String name() {
    return "jdk8-gc";
  }

  @Override
  public String description() {
    return "JDK 6-8 -XX:+PrintGCDetails / PrintGC pauses per kind, and"
        + " PrintGCApplicationStoppedTime safepoints (named by the GC pause inside them)";
  }

  @Override
  public Match detect(Sample sample) {
    return JvmSample.of(sample).jdk8();
  }

  @Override
  public LineParser newParser() {
    return new Jdk8Parser();
  }

  /**
   * Never: a GC event may span lines, and a stopped-time line is named by what came before it
   * (the GC pause inside it, or the knowledge that the log prints GC events at all), so a part
   * of the log cut from its beginning would name it otherwise.
   */
  @Override
  public boolean linesIndependent(Sample sample) {
    return false;
  }

  /**
   * At a line that opens a GC event after a safepoint's stopped-time line ({@link
   * Jdk8PartStarts}).
   */
  @Override
  public Optional<PartStarts> partStarts(Sample sample) {
    return Optional.of(new Jdk8PartStarts());
  }

  /** Pauses only. */
  @Override
  public boolean hasRequests() {
    return false;
  }
}
