package tardy.formats.fields;

import tardy.events.Ascii;
import tardy.events.Outcome;

/**
 * The unit a duration field is written in, and how its text becomes exact nanoseconds. A format
 * whose server prints one shape only says so: nginx always prints seconds with a decimal point and
 * httpd whole numbers, so a value of the other shape is refused rather than read in the wrong unit
 * (and one format is never taken for the other).
 */
public enum Unit {
  /** Seconds with a decimal point: nginx's {@code 0.123}. */
  SECONDS_WITH_POINT("seconds with a decimal point", Ascii.SECONDS, Shape.POINT),
  /** Seconds, with or without decimals. */
  SECONDS("a number of seconds", Ascii.SECONDS, Shape.ANY),
  /** Milliseconds, with or without decimals. */
  MILLISECONDS("a number of milliseconds", Ascii.MILLIS, Shape.ANY),
  WHOLE_SECONDS("whole seconds", Ascii.SECONDS, Shape.INTEGER),
  WHOLE_MILLISECONDS("whole milliseconds", Ascii.MILLIS, Shape.INTEGER),
  WHOLE_MICROSECONDS("whole microseconds", Ascii.MICROS, Shape.INTEGER),
  WHOLE_NANOSECONDS("whole nanoseconds", Ascii.NANOS, Shape.INTEGER),
  /** Seconds followed by {@code s}, as protobuf's Duration is written in JSON: {@code 0.012s}. */
  SECONDS_SUFFIXED("seconds followed by s (0.012s)", Ascii.SECONDS, Shape.SUFFIXED);

  private enum Shape { POINT, INTEGER, ANY, SUFFIXED }

  private static final long[] NANOS_PER = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000,
      10_000_000, 100_000_000, 1_000_000_000};

  private final int decimals;
  private final Shape shape;
  private final Outcome malformed;

  Unit(String what, int decimals, Shape shape) {
    this.decimals = decimals;
    this.shape = shape;
    this.malformed = Outcome.malformed("request time is not " + what);
  }

  /** The value as nanoseconds, or {@link Ascii#INVALID} when it is not a duration of this shape. */
  public long nanos(byte[] b, int from, int to) {
    return switch (shape) {
      case POINT -> Durations.seconds(b, from, to);
      case ANY -> Ascii.parseDecimalNanos(b, from, to, decimals);
      case SUFFIXED -> to - from > 1 && b[to - 1] == 's'
          ? Ascii.parseDecimalNanos(b, from, to - 1, decimals) : Ascii.INVALID;
      case INTEGER -> {
        long n = Ascii.parseUnsignedLong(b, from, to);
        long per = NANOS_PER[decimals];
        yield n == Ascii.INVALID || n > Long.MAX_VALUE / per ? Ascii.INVALID : n * per;
      }
    };
  }

  /** How much finer than a second it counts: of two durations of one request, the finer is kept. */
  public int decimals() {
    return decimals;
  }

  /** What a line whose request time is not in this unit is counted as. */
  public Outcome malformed() {
    return malformed;
  }

  /** A number of the unit's shape no request takes: past a long of nanoseconds, or near it. */
  static final Outcome TOO_LARGE = Outcome.malformed("request time is too large: years, not a"
      + " request's time");
  static final Outcome NEGATIVE = Outcome.malformed("request time is negative");

  /**
   * Why {@code b[from, to)}, which {@link #nanos} refused, is no request time: a number written
   * in this unit's shape is too large or negative, anything else is not in this unit.
   */
  public Outcome refusal(byte[] b, int from, int to) {
    boolean negative = to - from > 1 && b[from] == '-';
    if (!hasShape(b, negative ? from + 1 : from, to)) {
      return malformed;
    }
    return negative ? NEGATIVE : TOO_LARGE;
  }

  /** Digits, with one decimal point where the shape has or allows one. */
  private boolean hasShape(byte[] b, int from, int to) {
    if (shape == Shape.SUFFIXED) {
      if (to <= from || b[to - 1] != 's') {
        return false;
      }
      to--;
    }
    int point = -1;
    for (int i = from; i < to; i++) {
      if (b[i] == '.' && point < 0 && shape != Shape.INTEGER) {
        point = i;
      } else if (!Ascii.isDigit(b[i])) {
        return false;
      }
    }
    return to - from > (point < 0 ? 0 : 1) && (point >= 0 || shape != Shape.POINT);
  }
}
