package tardy.parse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/** The registry of log formats (found with ServiceLoader) and detection over a sample. */
public final class Formats {

  private static final List<LogFormat> ALL = load();

  private Formats() {}

  private static List<LogFormat> load() {
    List<LogFormat> formats = new ArrayList<>();
    ServiceLoader.load(LogFormat.class, Formats.class.getClassLoader()).forEach(formats::add);
    return List.copyOf(formats);
  }

  /** Every registered format, in registration order (which also breaks detection ties). */
  public static List<LogFormat> all() {
    return ALL;
  }

  public static Optional<LogFormat> byName(String name) {
    return ALL.stream().filter(f -> f.name().equals(name)).findFirst();
  }

  /**
   * The format a user named: a registered name, or a definition one of the formats accepts (an
   * nginx {@code log_format} string).
   *
   * @throws IllegalArgumentException with a message for the user when nothing fits
   */
  public static LogFormat resolve(String nameOrDefinition) {
    Optional<LogFormat> named = byName(nameOrDefinition.strip());
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
            + " nor a log_format definition any of them accepts");
  }

  public static String names() {
    return ALL.stream().map(LogFormat::name).collect(Collectors.joining(", "));
  }

  /** Grades every format on the sample. */
  public static Detection detect(Sample sample) {
    return grade(sample, false);
  }

  /**
   * Grades the formats in order until one reads every line: no later one can outrank it (ties go
   * to the earlier), so {@link Detection#best()} is the same as after grading all, and a log of
   * the first format costs one format's parse of the sample instead of every format's.
   */
  public static Detection choose(Sample sample) {
    return grade(sample, true);
  }

  private static Detection grade(Sample sample, boolean stopAtFull) {
    List<Detection.Score> scores = new ArrayList<>();
    for (LogFormat format : ALL) {
      Match match;
      try {
        match = format.detect(sample);
      } catch (RuntimeException e) {
        match = Match.NONE; // a format's bug must not stop detection of the others
      }
      scores.add(new Detection.Score(format, match));
      if (stopAtFull && match == Match.FULL) {
        break;
      }
    }
    return new Detection(scores);
  }

  /** The grades of every format on one sample, strongest first. */
  public record Detection(List<Score> scores) {

    public record Score(LogFormat format, Match match) {}

    public Detection {
      List<Score> sorted = new ArrayList<>(scores);
      // stable sort: registration order breaks ties
      sorted.sort(Comparator.comparing(Score::match).reversed());
      scores = List.copyOf(sorted);
    }

    /** The strongest format at WEAK or above; empty means: refuse to guess. */
    public Optional<LogFormat> best() {
      return scores.isEmpty() || !scores.get(0).match().atLeast(Match.WEAK)
          ? Optional.empty()
          : Optional.of(scores.get(0).format());
    }

    /** "nginx (none), jvm-unified (weak), …" for messages. */
    public String describe() {
      return scores.stream()
          .map(s -> s.format().name() + " (" + s.match().name().toLowerCase(java.util.Locale.ROOT) + ")")
          .collect(Collectors.joining(", "));
    }
  }
}
