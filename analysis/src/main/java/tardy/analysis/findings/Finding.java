package tardy.analysis.findings;

import tardy.record.evidence.Signature;

import java.util.List;
import java.util.Optional;
import tardy.analysis.heap.HeapRun;

/**
 * A likely cause with its evidence: how many pauses show the signature, the stopped time they
 * hold and its share of all stopped time, the worst of them, and for non-GC safepoints the
 * operations behind them; for the stopped share, the worst minute.
 *
 * @param subject what the signature is about when it has several (a full collection's cause, as
 *     the log names the pause; the operation of a request finding), else empty
 * @param count the pauses that show the signature; for a request finding, the requests it
 *     concerns (with an upstream time, or answered 499)
 * @param nanos the stopped time the finding explains, by which findings are ordered; for a
 *     request finding the request time it concerns: the operation's request time minus its
 *     upstream time, or the time the 499s' clients waited
 * @param share {@code nanos} over all stopped time (for the stopped share: the worst minute's
 *     over the minute; 0 for stalls, which stop one thread each); for a request finding, the
 *     operation's request time outside the backend over its request time, or its 499s' share of
 *     its requests
 * @param requests the figures of a request finding
 * @param heap the JVM run a heap finding is about ({@link Signature#aboutHeap})
 */
public record Finding(Signature signature, String subject, long count, long nanos, double share,
    List<Example> worst, List<Operation> operations, Optional<WorstMinute> worstMinute,
    Optional<Requests> requests, Optional<HeapRun> heap) {

  public Finding {
    worst = List.copyOf(worst);
    operations = List.copyOf(operations);
  }

  /** A finding about pauses or requests, not about a run's heap. */
  public Finding(Signature signature, String subject, long count, long nanos, double share,
      List<Example> worst, List<Operation> operations, Optional<WorstMinute> worstMinute,
      Optional<Requests> requests) {
    this(signature, subject, count, nanos, share, worst, operations, worstMinute, requests,
        Optional.empty());
  }

  /**
   * When a pause or request counts, as a reader reads it: the signature's threshold, or for
   * kernel time at a share a requirements file set, that share (said in the subject).
   */
  public String criterion() {
    if (signature == Signature.KERNEL_TIME && subject.startsWith("sys ")) {
      return "sys CPU " + subject.substring(4) + " and at least "
          + tardy.record.evidence.Thresholds.SYS_MIN_MS + " ms";
    }
    return signature.threshold();
  }

  /** One of the worst pauses, where the log has it. */
  public record Example(String input, long line, long timeMillis, boolean wallClock, long nanos,
      String kind, long timeToSafepointNanos, long userNanos, long sysNanos, long realNanos) {}

  /**
   * What an operation's requests show: how many, and for time outside the backend the p99 of the
   * request time and of the upstream time over the {@code withUpstream} requests that have one;
   * for clients giving up, the 499s' waits (median, longest) and, when most waited about as long,
   * their cluster: how many waited between {@code clusterFromNanos} and {@code clusterToNanos}
   * (count 0 when they do not cluster). Figures that do not apply are {@code tardy.events.Times#NONE}.
   */
  public record Requests(long requests, long withUpstream, long requestP99Nanos,
      long upstreamP99Nanos, long clientClosed, long waitedP50Nanos, long waitedMaxNanos,
      long clusterCount, long clusterFromNanos, long clusterToNanos, long loggedAs499) {

    /** The same, every request its client gave up logged 499 (nginx's way of saying it). */
    public Requests(long requests, long withUpstream, long requestP99Nanos,
        long upstreamP99Nanos, long clientClosed, long waitedP50Nanos, long waitedMaxNanos,
        long clusterCount, long clusterFromNanos, long clusterToNanos) {
      this(requests, withUpstream, requestP99Nanos, upstreamP99Nanos, clientClosed,
          waitedP50Nanos, waitedMaxNanos, clusterCount, clusterFromNanos, clusterToNanos,
          clientClosed);
    }

    /**
     * Whether some requests given up by their client were logged with another status than 499:
     * a proxy's own words for it (HAProxy's {@code C}/{@code c} states, Envoy's {@code DC}),
     * so what is said of them must not claim a 499 the log never wrote.
     */
    public boolean notAll499() {
      return loggedAs499 < clientClosed;
    }
  }

  /** A VM operation: how many safepoints and their stopped time. */
  public record Operation(String name, long count, long nanos) {}

  /**
   * The minute stopped longest: its start on the log's clock, the time stopped in it, and how
   * many of the minutes with pauses were stopped at least the threshold.
   */
  public record WorstMinute(long startMillis, boolean wallClock, long nanos, long minutes,
      long minutesOver) {}
}
