package tardy.analysis;

import tardy.record.InputSummary;

import tardy.events.Reasons;

import tardy.record.window.TimeWindow;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tardy.events.Counts;
import tardy.events.Outcome;

/**
 * Whether an input was read at all: one with lines of which none parsed, or where most lines
 * are malformed, was read with the wrong format (or is not a log). {@code check} refuses to
 * judge such input; {@code report} shows the same words as notes.
 */
public final class InputHealth {

  private InputHealth() {}

  /** One message per input that was not read, naming it; empty when every input was. */
  public static List<String> problems(List<InputSummary> inputs) {
    List<String> problems = new ArrayList<>();
    for (InputSummary in : inputs) {
      if (noLineParsed(in)) {
        problems.add(in.source() + ": no line was parsed as " + in.format() + " ("
            + Counts.of(in.lines(), "line") + ": " + Counts.grouped(in.malformed())
            + " malformed, " + Counts.grouped(in.ignored()) + " ignored" + first(in)
            + "): is it the right log, and the right --log-format?");
      } else if (in.malformed() > 0 && 2 * in.malformed() > in.lines()) {
        problems.add(in.source() + ": most lines are malformed (" + Counts.grouped(in.malformed())
            + " of " + Counts.grouped(in.lines()) + first(in) + "): is --log-format right?");
      }
    }
    return problems;
  }

  /** Fewer malformed lines at the end of an input than this are a cut or a stray tail. */
  static final int CHANGED_FORMAT_MIN_LINES = 10;

  /**
   * One note per input whose lines are all malformed from some line on, the ones before it read:
   * the signature of a format that changed in the middle of the file (an edited log_format and a
   * reload, another program writing to it, two files concatenated), which a count of malformed
   * lines alone does not tell. The lines and their accounting are unchanged.
   */
  public static List<String> formatChanges(List<InputSummary> inputs) {
    List<String> notes = new ArrayList<>();
    for (InputSummary in : inputs) {
      long from = in.reasons().stream().filter(r -> r.is(Outcome.Kind.MALFORMED))
          .flatMap(r -> r.firstLines().stream()).mapToLong(Long::longValue).min().orElse(0);
      long after = in.lines() - from + 1; // the lines from it to the end
      if (in.malformed() >= CHANGED_FORMAT_MIN_LINES && from > 1 && in.malformed() == after) {
        notes.add(in.source() + ": every line from line " + from + " to the end is malformed ("
            + Counts.of(after, "line") + ", where the lines before were read as " + in.format()
            + "): did the log's format change there? Read the lines before and after it apart,"
            + " each with its own --log-format.");
      }
    }
    return notes;
  }

  /**
   * One message per input read with a format the user named ({@code --log-format}) of which no
   * line parsed: the format is not the log's, which is an input error whatever the command.
   *
   * @param named the names of the inputs whose format the user named
   */
  public static List<String> unreadAsNamed(List<InputSummary> inputs,
      java.util.Set<String> named) {
    List<String> problems = new ArrayList<>();
    for (InputSummary in : inputs) {
      if (named.contains(in.source()) && noLineParsed(in)) {
        problems.add(in.source() + ": no line was parsed as " + in.format() + ", the format"
            + " --log-format named for it (" + Counts.of(in.lines(), "line") + ": "
            + Counts.grouped(in.malformed()) + " malformed, " + Counts.grouped(in.ignored())
            + " ignored" + first(in) + "): is it the right log, and the right --log-format?");
      }
    }
    return problems;
  }

  private static boolean noLineParsed(InputSummary in) {
    return in.lines() - emptyLines(in) - headerLines(in) > 0 && in.parsed() == 0
        && leftOutByTheWindow(in) == 0;
  }

  private static long emptyLines(InputSummary in) {
    return count(in, Outcome.EMPTY_LINE);
  }

  /**
   * A JVM log file that holds only its header (a rotated file the JVM had just begun) is read:
   * it has no GC yet, and its format is the right one.
   */
  private static long headerLines(InputSummary in) {
    return count(in, Reasons.JVM_HEADER) + count(in, Reasons.ROTATION_HEADER);
  }

  /** Lines whose events --from/--to left out: the format read them, so it is the right one. */
  private static long leftOutByTheWindow(InputSummary in) {
    return count(in, TimeWindow.OUTSIDE) + count(in, TimeWindow.UNPLACED);
  }

  private static long count(InputSummary in, Outcome outcome) {
    return in.reasons().stream().filter(r -> r.reason().equals(outcome.reason()))
        .mapToLong(InputSummary.Reason::count).sum();
  }

  /** "; most often: line cut off, first on line 3", the commonest reason a line was not read. */
  private static String first(InputSummary in) {
    return in.reasons().stream()
        .filter(r -> !r.reason().equals(Outcome.EMPTY_LINE.reason()))
        .max(Comparator.comparingLong(InputSummary.Reason::count))
        .map(r -> "; most often " + r.outcome() + ": " + r.reason()
            + (r.firstLines().isEmpty() ? "" : ", first on line " + r.firstLines().get(0)))
        .orElse("");
  }
}
