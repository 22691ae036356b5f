package tardy.classify.findings;

import java.util.List;
import java.util.Optional;

/**
 * A likely cause with its evidence: how many pauses show the signature, the stopped time they
 * hold and its share of all stopped time, the worst of them, and for non-GC safepoints the
 * operations behind them; for the stopped share, the worst minute.
 *
 * @param subject what the signature is about when it has several (a full collection's cause, as
 *     the log names the pause), else empty
 * @param nanos the stopped time the finding explains, by which findings are ordered
 * @param share {@code nanos} over all stopped time (for the stopped share: the worst minute's)
 */
public record Finding(Signature signature, String subject, long count, long nanos, double share,
    List<Example> worst, List<Operation> operations, Optional<WorstMinute> worstMinute) {

  public Finding {
    worst = List.copyOf(worst);
    operations = List.copyOf(operations);
  }

  /** One of the worst pauses, where the log has it. */
  public record Example(String input, long line, long timeMillis, boolean wallClock, long nanos,
      String kind, long timeToSafepointNanos, long userNanos, long sysNanos, long realNanos) {}

  /** A VM operation: how many safepoints and their stopped time. */
  public record Operation(String name, long count, long nanos) {}

  /**
   * The minute stopped longest: its start on the log's clock, the time stopped in it, and how
   * many of the minutes with pauses were stopped at least the threshold.
   */
  public record WorstMinute(long startMillis, boolean wallClock, long nanos, long minutes,
      long minutesOver) {}
}
