package tardy.parse.jvm;

import tardy.parse.LineParser;
import tardy.parse.LogFormat;
import tardy.parse.Match;
import tardy.parse.Sample;

/** JDK 6 to 8 {@code -XX:+PrintGCApplicationStoppedTime} logs: one pause per stopped-time line. */
public final class Jdk8StoppedFormat implements LogFormat {

  @Override
  public String name() {
    return "jdk8-stopped";
  }

  @Override
  public String description() {
    return "JDK 6-8 -XX:+PrintGCApplicationStoppedTime logs (stopped time, time to safepoint)";
  }

  @Override
  public Match detect(Sample sample) {
    return JvmSample.of(sample).jdk8();
  }

  @Override
  public LineParser newParser() {
    return new Jdk8StoppedParser();
  }
}
