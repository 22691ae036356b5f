package tardy.events;

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
   * The most --max-operations may ask for. Measured with unique paths in the launcher's 256 MiB
   * heap and collector, on one thread: 200,000 of them leave at most 173 MB after a full
   * collection. (Before, on two parts and the default collector: 50,000 groups in each left
   * 179 MB and the collector thrashed; 100,000 ran out of memory.)
   */
  public static final int OPERATIONS_MAX = 25_000;

  /**
   * What threads times --max-operations may be: each parsing thread holds up to 4 × the cap groups
   * it tracks one by one besides the traffic sample's 2 × the cap heaviest, and the first part
   * takes the others' in while they are still held. With the launcher's parallel collector (old
   * generation: two thirds of 256 MiB) beside the sample's grouping, two threads at the cap of
   * 25,000 ran out of memory on 200,000 unique paths; one thread, or two at 12,500, run.
   */
  public static final int GROUPS_IN_MEMORY = OPERATIONS_MAX;
}
