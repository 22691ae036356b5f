package tardy.record.interval;

/** Which clock a timeline's times are on. */
public enum Clock {
  /** Epoch milliseconds from the log's datestamps: comparable across JVMs and files. */
  WALL,
  /** JVM uptime milliseconds: only meaningful within one JVM run. */
  UPTIME
}
