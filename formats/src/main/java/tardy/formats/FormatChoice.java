package tardy.formats;

import tardy.events.LogFormat;
import tardy.events.Sample;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The formats a user named with {@code --log-format}, and which input each applies to. A format
 * named for no input in particular applies to the inputs of its family only: an access-log
 * format to the inputs that look like access logs or like no known format, a JVM log format to
 * the JVM logs, so that a custom {@code log_format} can be read beside a GC log. A format named
 * as {@code GLOB=FORMAT} applies to the inputs whose name (or file name) the glob matches,
 * whatever they look like. Every other input's format is detected.
 */
public final class FormatChoice {

  /**
   * One format the user named.
   *
   * @param glob null: every input of the format's family
   * @param text the option's value as given, for messages
   */
  public record Named(String glob, LogFormat format, String text) {

    boolean forRequests() {
      return format.hasRequests();
    }
  }

  /** No format named: every input's format is detected. */
  public static final FormatChoice DETECT = new FormatChoice(List.of());

  private final List<Named> named;

  private FormatChoice(List<Named> named) {
    this.named = List.copyOf(named);
  }

  /** One format for the inputs of its family, or none. */
  public static FormatChoice of(Optional<LogFormat> format) {
    return format.map(f -> new FormatChoice(List.of(new Named(null, f, f.name()))))
        .orElse(DETECT);
  }

  /**
   * The formats the option's values name: each a format name or {@code log_format} string, or
   * {@code GLOB=FORMAT}; at most one of each family for no input in particular.
   *
   * @throws IllegalArgumentException with a message for the user
   */
  public static FormatChoice parse(List<String> values) {
    List<Named> named = new ArrayList<>();
    for (String value : values) {
      int eq = value.indexOf('=');
      String glob = eq > 0 && isGlob(value.substring(0, eq)) ? value.substring(0, eq) : null;
      String format = glob == null ? value : value.substring(eq + 1);
      Named n = new Named(glob, Formats.resolve(format), value);
      if (glob == null) {
        for (Named other : named) {
          if (other.glob() == null && other.forRequests() == n.forRequests()) {
            throw new IllegalArgumentException("'" + other.text() + "' and '" + value
                + "' are both for every " + (n.forRequests() ? "access" : "JVM") + " log: name"
                + " the inputs of one with GLOB=FORMAT (such as 'access*.log=combined')");
          }
        }
      }
      named.add(n);
    }
    return new FormatChoice(named);
  }

  /**
   * Whether the text before an {@code =} is a glob rather than part of a {@code log_format}
   * ({@code rt=$request_time}): a file name's characters only, with a glob's or a path's mark.
   */
  static boolean isGlob(String text) {
    if (text.equals("-")) {
      return true; // standard input
    }
    boolean marked = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c) || "$\"'[]{}()".indexOf(c) >= 0) {
        return false;
      }
      marked |= c == '*' || c == '?' || c == '.' || c == '/';
    }
    return marked;
  }

  public boolean isEmpty() {
    return named.isEmpty();
  }

  /**
   * The format named for the input {@code name} whose first lines are {@code sample}; empty when
   * its format is to be detected.
   */
  public Optional<LogFormat> forInput(String name, Sample sample) {
    Named unnamedRequests = null;
    Named unnamedJvm = null;
    for (Named n : named) {
      if (n.glob() != null) {
        if (matches(n.glob(), name)) {
          return Optional.of(n.format());
        }
      } else if (n.forRequests()) {
        unnamedRequests = n;
      } else {
        unnamedJvm = n;
      }
    }
    if (unnamedRequests == null && unnamedJvm == null) {
      return Optional.empty();
    }
    Optional<LogFormat> detected = sample.nonBlankLines().isEmpty() ? Optional.empty()
        : Formats.choose(sample).best();
    if (detected.isEmpty()) { // undetectable: the access-log format first, as the lines are no JVM's
      return Optional.of((unnamedRequests != null ? unnamedRequests : unnamedJvm).format());
    }
    Named ofItsFamily = detected.get().hasRequests() ? unnamedRequests : unnamedJvm;
    return ofItsFamily == null ? Optional.empty() : Optional.of(ofItsFamily.format());
  }

  /**
   * The values whose glob matches none of the inputs {@code names}: a mistyped glob would
   * otherwise leave its inputs to detection without a word.
   */
  public List<String> unmatched(List<String> names) {
    List<String> out = new ArrayList<>();
    for (Named n : named) {
      if (n.glob() != null && names.stream().noneMatch(name -> matches(n.glob(), name))) {
        out.add(n.text());
      }
    }
    return out;
  }

  /** The glob matches the name as given or its file name (after the last {@code /}). */
  static boolean matches(String glob, String name) {
    int slash = name.lastIndexOf('/');
    return Glob.matches(glob, name) || slash >= 0 && Glob.matches(glob, name.substring(slash + 1));
  }

  /** A shell's glob: {@code *} any characters but {@code /}, {@code ?} one of them. */
  private static final class Glob {

    static boolean matches(String glob, String name) {
      return matches(glob, 0, name, 0);
    }

    private static boolean matches(String g, int gi, String n, int ni) {
      while (gi < g.length()) {
        char c = g.charAt(gi);
        if (c == '*') {
          for (int k = ni; ; k++) {
            if (matches(g, gi + 1, n, k)) {
              return true;
            }
            if (k >= n.length() || n.charAt(k) == '/') {
              return false;
            }
          }
        }
        if (ni >= n.length() || n.charAt(ni) == '/' && c != '/' || c != '?' && c != n.charAt(ni)) {
          return false;
        }
        gi++;
        ni++;
      }
      return ni == n.length();
    }
  }
}
