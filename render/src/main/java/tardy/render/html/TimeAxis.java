package tardy.render.html;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tardy.render.PrintedZone;

/**
 * Ticks for a time axis at round steps of the clock (1, 2, 5, 10, 15, 30 s, 1, 2, 5 … min, 1, 2,
 * 3, 6, 12 h, days), at most {@link #MAX_TICKS} of them: on the wall clock in the printed zone
 * ({@code --tz}, UTC by default), labelled {@code 21:38:30} with the zone and the day in the
 * axis's caption, or on a JVM's uptime, labelled in seconds.
 */
final class TimeAxis {

  static final int MAX_TICKS = 8;

  private static final long[] STEPS = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000,
      10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000,
      7_200_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000, 172_800_000, 604_800_000};

  private static final long DAY = 86_400_000;

  /** A tick: where (epoch or uptime ms) and what it says. */
  record Tick(long millis, String label) {}

  private TimeAxis() {}

  /** The smallest round step that puts at most {@link #MAX_TICKS} ticks on {@code span} ms. */
  static long step(long span) {
    for (long s : STEPS) {
      if (span / s + 1 <= MAX_TICKS) {
        return s;
      }
    }
    long weeks = STEPS[STEPS.length - 1];
    return weeks * (span / weeks / MAX_TICKS + 1);
  }

  /**
   * The ticks from {@code from} to {@code to} (both ms), at round times of the step on the clock
   * of the printed zone ({@code --tz}): 10:00 in Europe/Paris is 09:00 UTC. Where the zone's
   * offset changes in between (summer time), each tick says its offset.
   */
  static List<Tick> ticks(long from, long to, boolean wallClock) {
    long step = step(Math.max(1, to - from));
    List<Tick> ticks = new ArrayList<>();
    if (!wallClock) {
      for (long t = Math.floorDiv(from + step - 1, step) * step; t <= to; t += step) {
        ticks.add(new Tick(t, uptime(t, step)));
      }
      return ticks;
    }
    boolean offsetChanges = offset(from) != offset(to);
    DateTimeFormatter format = PrintedZone.in(format(step, crossesADay(from, to)));
    for (long t = roundUp(from, step); t <= to; t = roundUp(t + 1, step)) {
      String label = format.format(Instant.ofEpochMilli(t));
      ticks.add(new Tick(t, offsetChanges ? label + " " + PrintedZone.label(t) : label));
    }
    return ticks;
  }

  /** The first instant from {@code t} on whose time in the printed zone is a multiple of step. */
  private static long roundUp(long t, long step) {
    long off = offset(t);
    long round = Math.floorDiv(t + off + step - 1, step) * step - off;
    long offThere = offset(round);
    if (offThere != off) { // the offset changed before that time: round on the new one
      long again = Math.floorDiv(t + offThere + step - 1, step) * step - offThere;
      if (again >= t && offset(again) == offThere) {
        return again;
      }
    }
    return round;
  }

  /** The printed zone's offset at that instant, in milliseconds. */
  private static long offset(long millis) {
    return PrintedZone.get().getRules().getOffset(Instant.ofEpochMilli(millis)).getTotalSeconds()
        * 1000L;
  }

  /**
   * The axis's caption: the zone and the day(s) a wall clock's ticks leave out: "UTC,
   * 2026-03-29", "Europe/Paris +01:00 to +02:00, 2026-03-29".
   */
  static String caption(long from, long to, boolean wallClock) {
    if (!wallClock) {
      return "JVM uptime";
    }
    String first = PrintedZone.in(DAYS).format(Instant.ofEpochMilli(from));
    String last = PrintedZone.in(DAYS).format(Instant.ofEpochMilli(to));
    String zone = PrintedZone.isUtc() ? "UTC" : PrintedZone.name() + " " + PrintedZone.label(from)
        + (offset(from) == offset(to) ? "" : " to " + PrintedZone.label(to));
    return zone + ", " + (first.equals(last) ? first : first + " to " + last);
  }

  private static final DateTimeFormatter DAYS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd", Locale.ROOT);

  private static boolean crossesADay(long from, long to) {
    return Math.floorDiv(from + offset(from), DAY) != Math.floorDiv(to + offset(to), DAY);
  }

  private static DateTimeFormatter format(long step, boolean days) {
    String pattern = step >= DAY ? "MM-dd" : step >= 60_000 ? (days ? "MM-dd HH:mm" : "HH:mm")
        : step >= 1_000 ? "HH:mm:ss" : "HH:mm:ss.SSS";
    return DateTimeFormatter.ofPattern(pattern, Locale.ROOT);
  }

  /** Uptime in seconds, with the decimals the step needs: {@code 0.45s}, {@code 12s}. */
  private static String uptime(long millis, long step) {
    int decimals = step >= 1_000 ? 0 : step >= 100 ? 1 : step >= 10 ? 2 : 3;
    return java.math.BigDecimal.valueOf(millis, 3).setScale(decimals, java.math.RoundingMode.DOWN)
        .toPlainString() + "s";
  }
}
