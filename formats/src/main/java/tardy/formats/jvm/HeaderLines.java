package tardy.formats.jvm;

import tardy.events.Reasons;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tardy.events.Ascii;
import tardy.events.LineParser;
import tardy.events.LinePosition;
import tardy.events.Outcome;
import tardy.events.Times;

/**
 * The header a JDK 6-8 JVM prints at the top of each GC log file ({@code Java HotSpot(TM) 64-Bit
 * Server VM (...)}, {@code Memory: 4k page, physical ...}, {@code CommandLine flags: ...}), kept
 * while an input holds nothing else: such an input (a rotated file the JVM had just begun) is
 * counted at its end as header only, so it reads as no GC yet rather than as a log of no format.
 * A few lines are copied; any other line ends the tracking for the input.
 */
final class HeaderLines {

  private static final int MAX_LINES = 8;
  private static final byte[] VM = Ascii.bytes(" VM (");
  private static final byte[] JAVA_HOTSPOT = Ascii.bytes("Java HotSpot(TM) ");
  private static final byte[] OPENJDK = Ascii.bytes("OpenJDK ");
  private static final byte[] MEMORY = Ascii.bytes("Memory: ");
  private static final byte[] PHYSICAL = Ascii.bytes(" page, physical ");

  private final List<byte[]> lines = new ArrayList<>();
  private final List<Long> numbers = new ArrayList<>();
  private boolean tracking = true;

  boolean tracking() {
    return tracking;
  }

  /** Whether {@code b[from, to)} is one of the JVM's header lines. */
  static boolean is(byte[] b, int from, int to) {
    if (Ascii.startsWith(b, from, to, Jdk8Parser.FLAGS)) {
      return true;
    }
    if (Ascii.startsWith(b, from, to, MEMORY)) {
      return Ascii.indexOf(b, from, to, PHYSICAL) >= 0;
    }
    return (Ascii.startsWith(b, from, to, JAVA_HOTSPOT) || Ascii.startsWith(b, from, to, OPENJDK))
        && Ascii.indexOf(b, from, to, VM) >= 0;
  }

  /** Notes a line the parser counted as {@code outcome}. */
  void line(LinePosition position, byte[] b, int from, int to, Outcome outcome) {
    if (outcome == Reasons.ROTATION_HEADER) {
      return;
    }
    if (outcome != Jdk8Parser.OTHER || lines.size() == MAX_LINES || position == null
        || !is(b, from, to)) {
      tracking = false;
      lines.clear();
      numbers.clear();
      return;
    }
    lines.add(Arrays.copyOfRange(b, from, to));
    numbers.add(position.line());
  }

  /** Counts the header lines again as {@link Reasons#JVM_HEADER}, if the input held no more. */
  void recountIfOnly(LineParser.Recount recount, Outcome was) {
    if (!tracking) {
      return;
    }
    for (int i = 0; i < lines.size(); i++) {
      if (numbers.get(i) != Times.NONE) {
        recount.recount(numbers.get(i), was, Reasons.JVM_HEADER, lines.get(i), 0,
            lines.get(i).length);
      }
    }
  }
}
