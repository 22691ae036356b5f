package tardy.parse;

/**
 * Every bound tardy puts on what it reads and keeps, in one place: each keeps work and memory
 * finite whatever the input, and each message that enforces one says what to change. The
 * README's "Limits" table lists the same numbers.
 */
public final class Limits {

  private Limits() {}

  /** Longest log line kept by default (--max-line-bytes); longer lines are counted and skipped. */
  public static final int LINE_BYTES = 1 << 20;

  /** The most --max-line-bytes may ask for: a line is held whole, so it must fit any heap. */
  public static final int LINE_BYTES_MAX = 1 << 30;

  /** A line running this long without an end stops the read: the input is no text log. */
  public static final long ENDLESS_LINE_BYTES = 1L << 30;

  /** This many malformed lines with not one parsed stop the read: it is not this format. */
  public static final long MALFORMED_BEFORE_ANY_PARSED = 1_000_000;

  /** The most bytes read to find an input's first lines for detection. */
  public static final int SAMPLE_SCAN_BYTES = 16 << 20;

  /** The largest requirements file: requirements are a page, not a data set. */
  public static final int REQUIREMENTS_BYTES = 1 << 20;

  /** The deepest nesting of a requirements file (its real shape needs five levels). */
  public static final int REQUIREMENTS_DEPTH = 32;

  /** Aliases of collections in a requirements file; thousands are an alias bomb. */
  public static final int REQUIREMENTS_ALIASES = 16;

  /** Operations in a requirements file: each is a group kept whole, as --max-operations counts. */
  public static final int REQUIREMENTS_OPERATIONS = 1_000;

  /** The longest duration a limit or budget may have: more than a day is no latency budget. */
  public static final long DURATION_NANOS = 24L * 3_600_000_000_000L;

  /**
   * The earliest time a command line may name (--start-time, --from, --to): the first instant of
   * year 0000, as a log's four-digit years begin. Outside 0000-9999 no log line can fall, and
   * epoch milliseconds near the ends of a long overflow in the arithmetic on them.
   */
  public static final long TIME_MIN_MILLIS = -62_167_219_200_000L;

  /** The latest such time: the last millisecond of year 9999. */
  public static final long TIME_MAX_MILLIS = 253_402_300_799_999L;

  /** The same range as the user writes it, for the messages that enforce it. */
  public static final String TIME_RANGE = "0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z";

  /** Positions of a path whose values --grouping infer decides on; deeper ones stay as logged. */
  public static final int PATH_POSITIONS = 64;

  /** Groups kept by default before further ones fold into (other). */
  public static final int OPERATIONS = 1_000;

  /**
   * The most --max-operations may ask for. Measured with a million unique paths in the launcher's
   * 256 MiB heap: 25,000 groups in each of two parts leave 131 MB live; 50,000 in each leave
   * 179 MB and the collector thrashes; 100,000 run out of memory.
   */
  public static final int OPERATIONS_MAX = 25_000;

  /**
   * Groups all parts parsed at once may hold together: each thread keeps up to --max-operations
   * groups of its own, so threads are fewer when the cap is high (two at the maximum).
   */
  public static final int GROUPS_IN_MEMORY = 2 * OPERATIONS_MAX;
}
