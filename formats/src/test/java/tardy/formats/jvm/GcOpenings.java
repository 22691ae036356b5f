package tardy.formats.jvm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines of a log that open a GC event, found for the tests independently of the parsers.
 * JDK 6-8: a {@code [GC} or {@code [Full GC} (not G1's concurrent phases, worker or reference rows)
 * met while no other event is open, by counting brackets over the text line by line; address
 * ranges {@code [0x..., 0x...)} and class histogram rows are not brackets, and the header of a
 * restarted JVM ends any event left open. Unified logging: a
 * line that is a whole pause with its duration.
 */
final class GcOpenings {

  /** One event: the line it opens on (from 1), and its {@code N secs} when it closed with one. */
  record Opening(long line, Long nanos) {}

  private static final Pattern OPENING =
      Pattern.compile("^\\[(?:Full GC|GC(?! ?Worker| concurrent-| ?ref-proc))");
  private static final Pattern ADDRESS_RANGE = Pattern.compile("\\[0x[0-9a-fA-F]*,[^)]*\\)");
  private static final Pattern SECS = Pattern.compile("[ ,](\\d+(?:[.,]\\d+)?) secs\\s*$");
  /** The first lines a JDK 6-8 JVM prints to its GC log: no event goes on across them. */
  private static final Pattern JVM_HEADER = Pattern.compile(
      "^(?:(?:Java HotSpot\\(TM\\) |OpenJDK ).* VM \\(|Memory: \\d+k page, physical |CommandLine flags: )");
  private static final Pattern UL_PAUSE = Pattern.compile(
      "^\u0000*(?:\\[[^\\]]*\\])* ?(?:GC\\(\\d+\\) )?(?:[a-zA-Z]: )?Pause .*? \\d+(?:[.,]\\d+)?ms *$");

  private GcOpenings() {}

  static List<Opening> jdk8(byte[] bytes) {
    List<Opening> out = new ArrayList<>();
    String[] lines = lines(bytes);
    int depth = 0;
    long openedOn = 0;
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n];
      if (depth > 0 && GcTruth.HISTOGRAM_ROW.matcher(line).matches()) {
        continue;
      }
      if (depth > 0 && JVM_HEADER.matcher(line).find()) {
        out.add(new Opening(openedOn, null)); // the JVM restarted inside it: cut
        depth = 0;
      }
      line = ADDRESS_RANGE.matcher(line).replaceAll("");
      for (int i = 0; i < line.length(); i++) {
        char c = line.charAt(i);
        if (c == '[') {
          if (depth == 0) {
            if (!OPENING.matcher(line.substring(i)).find()) {
              continue; // a bracket group outside any event: not counted
            }
            openedOn = n + 1;
          }
          depth++;
        } else if (c == ']' && depth > 0 && --depth == 0) {
          Matcher secs = SECS.matcher(line.substring(0, i));
          out.add(new Opening(openedOn, secs.find() ? nanos(secs.group(1)) : null));
        }
      }
    }
    if (depth > 0) {
      out.add(new Opening(openedOn, null)); // cut by the end of the input
    }
    return out;
  }

  /** The lines (from 1) that are a whole unified-logging pause with its duration. */
  static List<Long> unified(byte[] bytes) {
    List<Long> out = new ArrayList<>();
    String[] lines = lines(bytes);
    for (int n = 0; n < lines.length; n++) {
      if (UL_PAUSE.matcher(lines[n]).matches()) {
        out.add((long) n + 1);
      }
    }
    return out;
  }

  private static String[] lines(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1).split("\r?\n", -1);
  }

  private static long nanos(String number) {
    return new java.math.BigDecimal(number.replace(',', '.')).movePointRight(9)
        .setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
  }
}
