package tardy.events;


import java.util.Optional;

/**
 * A log format: the plug-in point. Implementations are found with {@link java.util.ServiceLoader}
 * (one line in {@code META-INF/services/tardy.events.LogFormat}); nothing else needs to change to
 * add one.
 */
public interface LogFormat {

  /** Short stable name, used by {@code --log-format NAME} and in every report. */
  String name();

  /**
   * What {@code Formats.resolve} turns back into this same format: its name, or the definition a
   * user gave; a driver that parses on other machines ships this.
   */
  default String definition() {
    return name();
  }

  /** One line for {@code tardy formats}. */
  String description();

  /** How sure this format is that the sample is written in it. Must never throw. */
  Match detect(Sample sample);

  /** A new parser; one per thread, reused for every line of one input. */
  LineParser newParser();

  /**
   * Whether each line of the input this sample starts can be parsed without the lines before it.
   * Only such inputs are cut into chunks and parsed by several threads; the others are parsed in
   * order. A format whose variants differ here (JDK 9-12 safepoint groups, JDK 13+ single lines)
   * tells them apart by the sample.
   */
  default boolean linesIndependent(Sample sample) {
    return true;
  }

  /**
   * Where the input this sample starts may be cut into parts parsed apart: any line when its lines
   * are independent; a format whose lines carry state may name the lines where none is carried.
   * Empty: the input is parsed whole, in order.
   */
  default java.util.Optional<PartStarts> partStarts(Sample sample) {
    return linesIndependent(sample) ? java.util.Optional.of(PartStarts.ANY_LINE)
        : java.util.Optional.empty();
  }

  /**
   * Whether this format's lines can be requests, whose paths a traffic sample is read for to
   * decide the grouping. A JVM log's lines are pauses only: reading its sample would cost the
   * run's start (the whole sample parsed before the JIT has compiled the parser) and decide
   * nothing.
   */
  default boolean hasRequests() {
    return true;
  }

  /**
   * Whether this format's lines can name the host that served them ({@link
   * RequestEvent#host(int, int)}, nginx's {@code $hostname}) or whose JVM paused ({@link
   * PauseEvent#host(byte[], int, int)}, a syslog header's HOSTNAME): only then is a histogram
   * table's recording per host worth its cost.
   */
  default boolean namesHosts() {
    return false;
  }

  /**
   * A variant of this format built from a user's definition, such as an nginx {@code log_format}
   * string given to {@code --log-format}. Empty when the definition is not for this format.
   *
   * @throws IllegalArgumentException when the definition is for this format but wrong; the
   *     message is shown to the user as it is
   */
  default Optional<LogFormat> fromDefinition(String definition) {
    return Optional.empty();
  }

  /**
   * When the sample is written in a layout this format knows but that carries no latency (nginx's
   * stock {@code combined}, without {@code $request_time}), what the user should change, as one
   * message; empty otherwise. Asked only when no format reads the sample. Must never throw.
   */
  default Optional<String> advice(Sample sample) {
    return Optional.empty();
  }
}
