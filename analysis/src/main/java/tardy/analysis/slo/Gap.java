package tardy.analysis.slo;

/**
 * Minutes without a single event of an objective, from {@code fromMillis} (the start of the first
 * empty minute) to {@code toMillis} (the start of the next minute with events): the burn rates saw
 * nothing there, the logs were rotated away, the service was down, or its clock jumped.
 */
public record Gap(long fromMillis, long toMillis) {

  public long millis() {
    return toMillis - fromMillis;
  }
}
