package tardy.formats;

import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.Sample;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import tardy.formats.wrap.WrappedFormat;
import tardy.formats.wrap.Wrapper;
import tardy.formats.wrap.Wrappers;

/**
 * The registry of log formats (found with ServiceLoader) and detection over a sample. Every
 * format may also be read inside a wrapper ({@code cri+combined}): detection looks for a wrapper
 * first and grades the formats on the lines inside it.
 */
public final class Formats {

  private static final List<LogFormat> ALL = load();

  private Formats() {}

  /** Every format registered on the class path, new instances, in registration order. */
  static List<LogFormat> load() {
    List<LogFormat> formats = new ArrayList<>();
    ClassLoader loader = Formats.class.getClassLoader();
    ServiceLoader.load(LogFormat.class, loader).forEach(formats::add);
    formats.addAll(FormerServiceFile.formats(loader, formats));
    return List.copyOf(formats);
  }

  /** Every registered format, in registration order (which also breaks detection ties). */
  public static List<LogFormat> all() {
    return ALL;
  }

  /** Names formats had before they read GC pauses too; scripts may still pass them. */
  private static final Map<String, String> FORMER_NAMES =
      Map.of("jvm-safepoint", "jvm-unified", "jdk8-stopped", "jdk8-gc");

  public static Optional<LogFormat> byName(String name) {
    return ALL.stream().filter(f -> f.name().equals(name)).findFirst();
  }

  /**
   * The format a user named: a registered name, or a definition one of the formats accepts (an
   * nginx {@code log_format} string), either of them after a wrapper's name and {@code +}
   * ({@code cri+combined}).
   *
   * @throws IllegalArgumentException with a message for the user when nothing fits
   */
  public static LogFormat resolve(String nameOrDefinition) {
    String stripped = nameOrDefinition.strip();
    int plus = stripped.indexOf('+');
    Optional<Wrapper> wrapper = plus > 0 ? Wrappers.byName(stripped.substring(0, plus)) : Optional.empty();
    if (wrapper.isPresent()) {
      LogFormat inner = resolve(stripped.substring(plus + 1));
      if (inner instanceof WrappedFormat) {
        throw new IllegalArgumentException("log format '" + nameOrDefinition + "': one wrapper at most");
      }
      return new WrappedFormat(wrapper.get(), inner);
    }
    Optional<LogFormat> named = byName(FORMER_NAMES.getOrDefault(stripped, stripped));
    if (named.isPresent()) {
      return named.get();
    }
    for (LogFormat format : ALL) {
      Optional<LogFormat> defined = format.fromDefinition(nameOrDefinition);
      if (defined.isPresent()) {
        return defined.get();
      }
    }
    throw new IllegalArgumentException(
        "unknown log format '"
            + nameOrDefinition
            + "': not one of "
            + names()
            + " (each also inside "
            + Wrappers.all().stream().map(w -> w.name() + "+").collect(Collectors.joining(", "))
            + ") nor a log_format definition any of them accepts");
  }

  public static String names() {
    return ALL.stream().map(LogFormat::name).collect(Collectors.joining(", "));
  }

  /**
   * The format a user named, inside the wrapper the sample's lines have when they have one: a
   * name says what the log is, the lines say how it was shipped.
   */
  public static LogFormat fit(LogFormat format, Sample sample) {
    if (format instanceof WrappedFormat) {
      return format;
    }
    return Wrappers.detect(sample)
        .<LogFormat>map(u -> new WrappedFormat(u.wrapper(), format))
        .orElse(format);
  }

  /** Grades every format on the sample. */
  public static Detection detect(Sample sample) {
    return grade(ALL, sample, false);
  }

  /**
   * Grades the formats in order until one reads every line: no later one can outrank it (ties go
   * to the earlier), so {@link Detection#best()} is the same as after grading all, and a log of
   * the first format costs one format's parse of the sample instead of every format's.
   */
  public static Detection choose(Sample sample) {
    return grade(ALL, sample, true);
  }

  /** {@link #choose} over {@code formats}, in their order. */
  static Detection choose(List<LogFormat> formats, Sample sample) {
    return grade(formats, sample, true);
  }

  /**
   * Inside a wrapper found on the sample, then bare: a wrapped format comes first, so it wins a
   * tie against the same format reading the envelope as part of its first field.
   */
  private static Detection grade(List<LogFormat> formats, Sample sample, boolean stopAtFull) {
    List<Detection.Score> scores = new ArrayList<>();
    Optional<Wrappers.Unwrapped> unwrapped = Wrappers.detect(sample);
    if (unwrapped.isPresent()) {
      Sample inner = unwrapped.get().inner();
      for (LogFormat format : formats) {
        Match match = safely(format, inner);
        scores.add(new Detection.Score(new WrappedFormat(unwrapped.get().wrapper(), format), match));
        if (stopAtFull && match == Match.FULL) {
          return new Detection(scores, sample);
        }
      }
    }
    for (LogFormat format : formats) {
      Match match = safely(format, sample);
      scores.add(new Detection.Score(format, match));
      if (stopAtFull && match == Match.FULL) {
        break;
      }
    }
    return new Detection(scores, sample);
  }

  private static Match safely(LogFormat format, Sample sample) {
    try {
      return format.detect(sample);
    } catch (RuntimeException e) {
      return Match.NONE; // a format's bug must not stop detection of the others
    }
  }

  /** The grades of every format on one sample, strongest first. */
  public static final class Detection {

    public record Score(LogFormat format, Match match) {}

    private final List<Score> scores;
    private final Sample sample;

    Detection(List<Score> scores, Sample sample) {
      List<Score> sorted = new ArrayList<>(scores);
      // stable sort: registration order breaks ties
      sorted.sort(Comparator.comparing(Score::match).reversed());
      this.scores = List.copyOf(sorted);
      this.sample = sample;
    }

    public List<Score> scores() {
      return scores;
    }

    /** The strongest format at WEAK or above; empty means: refuse to guess. */
    public Optional<LogFormat> best() {
      return scores.isEmpty() || !scores.get(0).match().atLeast(Match.WEAK)
          ? Optional.empty()
          : Optional.of(scores.get(0).format());
    }

    /**
     * Whether the input is UTF-16 text: little-endian makes its head binary (a NUL second
     * byte), big-endian (a NUL first) splits into lines, the first of which shows it.
     */
    public boolean isUtf16() {
      byte[] head = sample.binary() ? sample.binaryHead()
          : sample.lines().isEmpty() ? new byte[0] : sample.lines().get(0);
      return Sample.isUtf16(head, head.length);
    }

    /** "nginx (none), jvm-unified (weak), …" for messages. */
    public String describe() {
      return scores.stream()
          .map(s -> s.format().name() + " (" + s.match().name().toLowerCase(java.util.Locale.ROOT) + ")")
          .collect(Collectors.joining(", "));
    }

    /**
     * Why no format was chosen, for the user: what to change when the lines are in a layout that
     * carries no latency (inside a wrapper too), else the grades and how to name a format.
     */
    public String failure() {
      if (isUtf16()) {
        return Sample.UTF16_ADVICE;
      }
      Sample inner = Wrappers.detect(sample).map(Wrappers.Unwrapped::inner).orElse(sample);
      for (LogFormat format : ALL) {
        Optional<String> advice;
        try {
          advice = format.advice(inner);
        } catch (RuntimeException e) {
          advice = Optional.empty();
        }
        if (advice.isPresent()) {
          return advice.get();
        }
      }
      return "no known log format matches its first lines (tried " + describe()
          + "); name one with --log-format";
    }
  }
}
