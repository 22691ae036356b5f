package tardy.formats.jvm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.Times;

/**
 * Lines that opened a GC pause whose end never came before the log went on with something else
 * (a JDK 8 event followed by the header of a restarted JVM, a unified pause start followed by
 * another GC's lines): they were counted as openings when read, and are counted again as
 * malformed when the input ends, since only then may a parser recount. Bounded: past {@link
 * #MAX} lines the rest stay counted as they were read.
 */
final class CutOpenings {

  static final int MAX = 10_000;

  private final List<Long> numbers = new ArrayList<>();
  private final List<byte[]> lines = new ArrayList<>();

  /** Keeps the open line of {@code opening}, if it is open and its number known. */
  void add(OpeningLine opening) {
    if (opening.isOpen() && opening.line() != Times.NONE && lines.size() < MAX) {
      numbers.add(opening.line());
      lines.add(Arrays.copyOf(opening.bytes(), opening.length()));
    }
  }

  /** Counts every kept line again, from {@code was} to {@code is}; forgets them. */
  void recount(LineParser.Recount recount, Outcome was, Outcome is) {
    for (int i = 0; i < lines.size(); i++) {
      byte[] line = lines.get(i);
      recount.recount(numbers.get(i), was, is, line, 0, line.length);
    }
    lines.clear();
    numbers.clear();
  }
}
