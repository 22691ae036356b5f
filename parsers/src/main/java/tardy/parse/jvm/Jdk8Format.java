package tardy.parse.jvm;

import tardy.parse.LineParser;
import tardy.parse.LogFormat;
import tardy.parse.Match;
import tardy.parse.Outcome;
import tardy.parse.Sample;

/**
 * JDK 6 to 8 GC logs: {@code -XX:+PrintGCDetails} / {@code -XX:+PrintGC} pauses per kind and
 * {@code -XX:+PrintGCApplicationStoppedTime} safepoints, each in its own family.
 */
public final class Jdk8Format implements LogFormat {

  /** The line a rotated JDK 8 log begins with ({@code ... GC log file created ...}). */
  public static final Outcome ROTATION_HEADER = Outcome.ignored("GC log rotation header");

  /**
   * The JVM's header lines (version, memory, command-line flags) of an input that holds nothing
   * else, as a rotated file does before its first GC: an input of this format with no event yet,
   * not a log of another format.
   */
  public static final Outcome JVM_HEADER =
      Outcome.ignored("JVM header only (version, memory, flags): no GC yet in this input");

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

  /** Pauses only. */
  @Override
  public boolean hasRequests() {
    return false;
  }
}
