package tardy.formats.jvm;

import java.util.Optional;
import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.PartStarts;
import tardy.events.Sample;

/**
 * JDK 9+ unified-logging JVM logs, any decorators: GC pauses per pause kind ({@code -Xlog:gc},
 * {@code gc*}, every collector), ZGC stalls, and safepoints per VM operation ({@code
 * -Xlog:safepoint}), each in its own family.
 */
public final class UnifiedFormat implements LogFormat {

  @Override
  public String name() {
    return "jvm-unified";
  }

  @Override
  public String description() {
    return "JDK 9+ -Xlog:gc, gc*, safepoint logs (GC pauses per kind, ZGC stalls, safepoints"
        + " per VM operation)";
  }

  @Override
  public Match detect(Sample sample) {
    return JvmSample.of(sample).unified();
  }

  @Override
  public LineParser newParser() {
    return new UnifiedParser();
  }

  /**
   * A JDK 9-12 pause is named by an earlier line, and a GC pause's CPU is on the line after it,
   * so such logs are parsed in order. A JDK 13+ safepoint log names each pause on its own line:
   * its lines are independent, once the sample shows JDK 13+ lines, no JDK 9-12 group and no GC
   * pause.
   */
  @Override
  public boolean linesIndependent(Sample sample) {
    return JvmSample.of(sample).singleLineSafepointsOnly();
  }

  /**
   * Any line where the lines are independent; else, in a GC log, the first line of a GC's lines
   * ({@link GcPartStarts}), unless the sample shows JDK 9-12 safepoint groups, whose lines span
   * GCs.
   */
  @Override
  public Optional<PartStarts> partStarts(Sample sample) {
    JvmSample s = JvmSample.of(sample);
    if (s.singleLineSafepointsOnly()) {
      return Optional.of(PartStarts.ANY_LINE);
    }
    return s.safepointGroupLine == 0 ? Optional.of(new GcPartStarts(s.unifiedPauseStart > 0))
        : Optional.empty();
  }

  /**
   * A line's {@code hostname} decorator names its JVM's host: a log is one JVM's, whose host
   * names its partition ({@link LoggedHost}), yet a syslog header around the line must not
   * overrule it, and a file of several JVMs' lines concatenated is told apart from one JVM's.
   */
  @Override
  public boolean namesHosts() {
    return true;
  }

  /** Pauses only. */
  @Override
  public boolean hasRequests() {
    return false;
  }
}
