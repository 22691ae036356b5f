package tardy.formats.nginx;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Match;
import tardy.events.Outcome;
import tardy.events.Sample;
import tardy.formats.fields.PlanParser;

/**
 * Lines of a known layout with one field more, a number of seconds where the layout has none:
 * {@code $request_time} put elsewhere than at the end ({@code "$request" $request_time $status}).
 * Such lines are not the layout detected, and the advice is the {@code log_format} that reads
 * them, checked on the sample, not a change of nginx.conf. Asked only when no format reads the
 * sample, so it may split lines into strings.
 */
final class MovedRequestTime {

  /** The layout's definition with {@code $request_time} where the lines have it, and an example. */
  record Suggestion(String definition, String example, String after) {}

  private MovedRequestTime() {}

  /**
   * The layout {@code definition} with {@code $request_time} inserted where the sample's first
   * line holds a number of seconds the layout has no field for, when that reads most lines.
   */
  static Optional<Suggestion> of(String definition, Sample sample) {
    List<byte[]> lines = sample.nonBlankLines();
    if (lines.isEmpty()) {
      return Optional.empty();
    }
    List<String> layout = fields(definition);
    List<String> first = fields(new String(lines.get(0), StandardCharsets.ISO_8859_1));
    if (first.size() != layout.size() + 1) {
      return Optional.empty();
    }
    for (int i = 0; i < first.size(); i++) {
      if (!isSeconds(first.get(i)) || !sameShape(layout, first, i)) {
        continue;
      }
      List<String> moved = new ArrayList<>(layout);
      moved.add(i, "$request_time");
      String suggested = String.join(" ", moved);
      if (readsMost(suggested, lines)) {
        return Optional.of(new Suggestion(suggested, first.get(i),
            i == 0 ? "" : layout.get(i - 1)));
      }
    }
    return Optional.empty();
  }

  /** Whether the lines' fields but the one at {@code skip} are quoted, bracketed or bare as the layout's. */
  private static boolean sameShape(List<String> layout, List<String> line, int skip) {
    for (int l = 0, f = 0; l < layout.size(); l++, f++) {
      if (f == skip) {
        f++;
      }
      if (shape(layout.get(l)) != shape(line.get(f))) {
        return false;
      }
    }
    return true;
  }

  private static char shape(String field) {
    char c = field.isEmpty() ? ' ' : field.charAt(0);
    return c == '"' || c == '[' ? c : ' ';
  }

  /** nginx's $request_time: seconds with a decimal point and milliseconds. */
  private static boolean isSeconds(String field) {
    int dot = field.indexOf('.');
    if (dot <= 0 || field.length() - dot - 1 != 3) {
      return false;
    }
    for (int i = 0; i < field.length(); i++) {
      if (i != dot && (field.charAt(i) < '0' || field.charAt(i) > '9')) {
        return false;
      }
    }
    return true;
  }

  private static boolean readsMost(String definition, List<byte[]> lines) {
    LineParser parser;
    try {
      parser = new PlanParser(LogFormatCompiler.compile(definition));
    } catch (IllegalArgumentException e) {
      return false;
    }
    int parsed = 0;
    for (byte[] line : lines) {
      parsed += parser.parse(line, 0, line.length, EventSink.DISCARD) == Outcome.PARSED ? 1 : 0;
    }
    return Match.ofShare(parsed, lines.size()).atLeast(Match.SOLID);
  }

  /** A line's (or a layout's) fields: split at spaces outside quotes and brackets. */
  static List<String> fields(String line) {
    List<String> out = new ArrayList<>();
    int start = -1;
    char closing = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (start < 0) {
        if (c == ' ') {
          continue;
        }
        start = i;
        closing = c == '"' ? '"' : c == '[' ? ']' : ' ';
        if (closing != ' ') {
          continue;
        }
      }
      boolean escaped = i > 0 && line.charAt(i - 1) == '\\';
      if (closing == ' ' && c == ' ') {
        out.add(line.substring(start, i));
        start = -1;
      } else if (closing != ' ' && c == closing && !escaped) {
        int end = i + 1;
        while (end < line.length() && line.charAt(end) != ' ') { // "a"b: one field
          end++;
        }
        out.add(line.substring(start, end));
        start = -1;
        i = end - 1;
      }
    }
    if (start >= 0) {
      out.add(line.substring(start));
    }
    return out;
  }
}
