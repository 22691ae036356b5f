package tardy.render;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The time zone that times meant for people are printed in ({@code --tz}): UTC unless a command
 * sets another around its rendering. The many places that print a time (the span line, interval
 * rows, findings, error budgets, .hlog comments) read it here rather than each being handed it.
 * Set per thread, for the command's run: a render runs on the thread that asked for it.
 */
public final class PrintedZone {

  private static final ThreadLocal<ZoneId> ZONE = ThreadLocal.withInitial(() -> ZoneOffset.UTC);

  private PrintedZone() {}

  /** The zone times are printed in now. */
  public static ZoneId get() {
    return ZONE.get();
  }

  /** Whether times are printed in UTC, as every output did before {@code --tz}: then as before. */
  public static boolean isUtc() {
    return ZONE.get().normalized().equals(ZoneOffset.UTC);
  }

  /** Prints times in {@code zone} until the scope is closed, then as before. */
  public static Scope use(ZoneId zone) {
    ZoneId before = ZONE.get();
    ZONE.set(zone);
    return () -> ZONE.set(before);
  }

  /** {@code formatter} in the zone times are printed in. */
  public static DateTimeFormatter in(DateTimeFormatter formatter) {
    return formatter.withZone(ZONE.get());
  }

  /** The zone as a title says it: "UTC", "Europe/Paris", "+05:30". */
  public static String name() {
    return isUtc() ? "UTC" : ZONE.get().getId();
  }

  /**
   * The zone as a time is followed by it: "UTC", else the offset in force at that instant
   * ("+01:00", "+02:00" after a change to summer time), so that each printed time is one instant.
   */
  public static String label(long epochMillis) {
    return isUtc() ? "UTC" : ZONE.get().getRules().getOffset(Instant.ofEpochMilli(epochMillis)).getId();
  }

  /** The zone's short name at that instant, as Date.toString writes it: "UTC", "CET", "CEST". */
  public static String shortName(long epochMillis) {
    if (isUtc()) {
      return "UTC";
    }
    return DateTimeFormatter.ofPattern("zzz", Locale.ROOT).withZone(ZONE.get())
        .format(Instant.ofEpochMilli(epochMillis));
  }

  /** ISO-8601 with the offset: as {@link Instant#toString()} in UTC ("…Z"), else "…+01:00". */
  public static String iso(Instant t) {
    return isUtc() ? t.toString() : DateTimeFormatter.ISO_OFFSET_DATE_TIME.withZone(ZONE.get()).format(t);
  }

  /** The end of a {@link #use} scope. */
  @FunctionalInterface
  public interface Scope extends AutoCloseable {
    @Override
    void close();
  }
}
