package tardy.formats.jvm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GC pauses of a log found the way a person would check them, independently of the parsers:
 * regular expressions over the text. Unified logging: one line per pause, matched whole. JDK 6-8:
 * the whole text is reduced from the innermost bracket group outwards; the groups left at the top
 * are the events, and those that open as a GC pause give their {@code N secs}.
 */
public final class GcTruth {

  private static final Pattern UL_PAUSE = Pattern.compile(
      "^\u0000*(?:\\[[^\\]]*\\])* ?(?:GC\\(\\d+\\) )?(?:[a-zA-Z]: )?Pause .*? (\\d+(?:[.,]\\d+)?)ms *$");
  private static final Pattern UL_STALL = Pattern.compile(
      "^\u0000*(?:\\[[^\\]]*\\])* ?(?:GC\\(\\d+\\) )?(?:[a-zA-Z]: )?(?:Allocation|Relocation) Stall \\(.*\\) (\\d+(?:[.,]\\d+)?)ms *$");
  private static final Pattern ADDRESS_RANGE = Pattern.compile("\\[0x[0-9a-fA-F]*,[^)\\n]*\\)");
  private static final Pattern INNERMOST = Pattern.compile("\\[([^\\[\\]]*)\\]");
  /**
   * What a JDK 6-8 event opens with: {@code GC} or {@code Full GC}, then anything but G1's
   * concurrent phases and worker / reference rows (a cause, a nested group, a glued stamp or
   * another flag's text, or the end of the line).
   */
  private static final Pattern JDK8_OPENING = Pattern.compile(
      "^(?:Full GC|GC(?! ?Worker| concurrent-| ?ref-proc))", Pattern.DOTALL);
  /** A class histogram row, {@code    2:   7387804   2608719296  [C}: its class name is no bracket. */
  static final Pattern HISTOGRAM_ROW = Pattern.compile("(?m)^ *\\d+: +\\d+ +\\d+ +\\S.*$");
  private static final Pattern JDK8_SECS = Pattern.compile("[ ,](\\d+(?:[.,]\\d+)?) secs\\s*$");
  /** JDK 8 Shenandoah: {@code Pause Init Mark, 3.341 ms}, {@code Pause Full 1589M->1002M(1690M), 4077.274 ms}. */
  private static final Pattern JDK8_SHENANDOAH = Pattern.compile("^Pause [^\u0001]*, (\\d+(?:[.,]\\d+)?) ms\\s*$");

  private GcTruth() {}

  /** The durations in ns of the unified-logging lines that are GC pauses (or stalls). */
  static List<Long> unified(byte[] bytes, boolean stalls) {
    List<Long> out = new ArrayList<>();
    Pattern p = stalls ? UL_STALL : UL_PAUSE;
    for (String line : text(bytes).split("\r?\n")) {
      Matcher m = p.matcher(line);
      if (m.matches()) {
        out.add(nanos(m.group(1), 1_000_000));
      }
    }
    return out;
  }

  /**
   * The text of each top-level JDK 6-8 GC event (the outermost brackets), in log order: nested
   * brackets are reduced innermost first, with address ranges and class-histogram rows dropped.
   */
  public static List<String> jdk8Events(byte[] bytes) {
    return jdk8Events(bytes, new ArrayList<>());
  }

  /**
   * The same, and the texts of the groups nested in them: a marker {@code \u0001N\u0002} in an
   * event's text stands for {@code groups.get(N)}, the group's text without its brackets.
   */
  public static List<String> jdk8Events(byte[] bytes, List<String> groups) {
    String text = ADDRESS_RANGE.matcher(text(bytes)).replaceAll("");
    text = HISTOGRAM_ROW.matcher(text).replaceAll("");
    while (true) {
      Matcher m = INNERMOST.matcher(text);
      StringBuilder reduced = new StringBuilder();
      boolean found = false;
      while (m.find()) {
        found = true;
        groups.add(m.group(1));
        m.appendReplacement(reduced, "\u0001" + (groups.size() - 1) + "\u0002");
      }
      m.appendTail(reduced);
      if (!found) {
        break;
      }
      text = reduced.toString();
    }
    List<String> events = new ArrayList<>();
    Matcher top = Pattern.compile("\u0001(\\d+)\u0002").matcher(text);
    while (top.find()) {
      events.add(groups.get(Integer.parseInt(top.group(1))));
    }
    return events;
  }

  /** The durations in ns of the top-level JDK 6-8 GC events that close with {@code N secs]}. */
  static List<Long> jdk8(byte[] bytes) {
    List<Long> out = new ArrayList<>();
    for (String group : jdk8Events(bytes)) {
      Matcher shenandoah = JDK8_SHENANDOAH.matcher(group);
      if (shenandoah.find()) {
        out.add(nanos(shenandoah.group(1), 1_000_000));
      } else if (JDK8_OPENING.matcher(group).find()) {
        Matcher secs = JDK8_SECS.matcher(group);
        if (secs.find()) {
          out.add(nanos(secs.group(1), 1_000_000_000));
        }
      }
    }
    return out;
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  /** {@code 8.847} in a unit of {@code unitNanos}, exactly, by BigDecimal. */
  private static long nanos(String number, long unitNanos) {
    return new java.math.BigDecimal(number.replace(',', '.'))
        .multiply(java.math.BigDecimal.valueOf(unitNanos))
        .setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
  }
}
