package tardy.parse.jvm;

import tardy.parse.LineParser;
import tardy.parse.LogFormat;
import tardy.parse.Match;
import tardy.parse.Sample;

/**
 * JDK 9+ unified-logging safepoint logs ({@code -Xlog:safepoint}, any decorators, possibly mixed
 * with {@code gc*}): one pause per safepoint, named by its VM operation.
 */
public final class SafepointFormat implements LogFormat {

  @Override
  public String name() {
    return "jvm-safepoint";
  }

  @Override
  public String description() {
    return "JDK 9+ -Xlog:safepoint logs (per VM operation; JDK 9-12 groups and JDK 13+ lines)";
  }

  @Override
  public Match detect(Sample sample) {
    return JvmSample.of(sample).unifiedSafepoints();
  }

  @Override
  public LineParser newParser() {
    return new SafepointParser();
  }

  /**
   * A JDK 9-12 pause is named by an earlier line, so such logs are parsed in order. A JDK 13+
   * log names each pause on its own line: its lines are independent, once the sample shows JDK
   * 13+ lines and no JDK 9-12 group.
   */
  @Override
  public boolean linesIndependent(Sample sample) {
    return JvmSample.of(sample).singleLineSafepointsOnly();
  }
}
