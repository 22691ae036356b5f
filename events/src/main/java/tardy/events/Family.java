package tardy.events;

import java.util.Locale;

/**
 * What kind of number an event carries. Families are never mixed: each has its own groups and its
 * own total, because a request latency and a JVM pause (or a GC pause and the safepoint that holds
 * it) added into one histogram mean nothing.
 */
public enum Family {
  /** A request's latency, from an access log. */
  REQUEST("Requests", "operation", "request"),
  /**
   * A safepoint: the whole time application threads were stopped (JDK 13+ {@code Safepoint}
   * lines, JDK 9-12 groups, JDK 6-8 stopped-time lines), per VM operation.
   */
  SAFEPOINT("Safepoints (application stopped)", "VM operation", "safepoint"),
  /** A stop-the-world GC pause as the collector logs it, per pause kind. */
  GC_PAUSE("GC pauses", "pause kind", "pause"),
  /** One thread waiting for memory (ZGC allocation and relocation stalls): not a pause of all. */
  STALL("Stalls (one thread each)", "stall kind", "stall");

  private final String title;
  private final String keyHeader;
  private final String event;

  Family(String title, String keyHeader, String event) {
    this.title = title;
    this.keyHeader = keyHeader;
    this.event = event;
  }

  /** One event of this family, in words: {@code request}, {@code safepoint}, {@code pause}. */
  public String event() {
    return event;
  }

  /** The name in JSON and CSV: {@code request}, {@code safepoint}, {@code gc-pause}, {@code stall}. */
  public String key() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The heading of this family's tables. */
  public String title() {
    return title;
  }

  /** What a group of this family is called in a table's first column. */
  public String keyHeader() {
    return keyHeader;
  }

  public boolean isPause() {
    return this != REQUEST;
  }
}
