package tardy.cli;

import java.util.Locale;

/** The values of {@code --color}: as ls and grep take them. */
enum ColorChoice {
  /** Colour on a terminal, unless NO_COLOR is set. */
  AUTO,
  /** Colour whatever standard output is, even into a pipe (for less -R) and with NO_COLOR set. */
  ALWAYS,
  /** Never any escape sequence. */
  NEVER;

  /** As users type it. */
  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether the table is coloured, given where it goes and the environment. */
  boolean colour(boolean terminal, boolean noColorSet) {
    return switch (this) {
      case ALWAYS -> true;
      case NEVER -> false;
      case AUTO -> terminal && !noColorSet;
    };
  }

  /** The values as users type them, for the help and the completion. */
  static final class Labels implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return java.util.Arrays.stream(values()).map(ColorChoice::label).iterator();
    }
  }
}
