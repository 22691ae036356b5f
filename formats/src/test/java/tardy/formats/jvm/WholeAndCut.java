package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Supplier;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.ParseStats;
import tardy.events.PartStarts;
import tardy.events.input.LineReader;

/**
 * A log read in one pass, then as two parts cut at each line a format's rule lets a part start:
 * the pauses, their details, the concurrent cycles and every line count must be the same.
 */
final class WholeAndCut {

  private WholeAndCut() {}

  /** What one pass over the log counted, and how many cuts were read against it. */
  record Checked(ParseStats whole, int cuts) {}

  /** The cuts read against whole logs, and the logs whose one pass counted an outcome. */
  record Tally(int cuts, int logsWith) {}

  /**
   * {@link #check Checks} {@code logs} random logs ({@code logOf}, from a generator seeded with
   * {@code seed}), counting the logs one pass finds {@code outcome} in.
   */
  static Tally checkRandom(long seed, int logs, Function<Random, List<String>> logOf,
      PartStarts starts, Supplier<LineParser> parsers, Outcome outcome) throws IOException {
    Random random = new Random(seed);
    int cuts = 0;
    int logsWith = 0;
    for (int log = 0; log < logs; log++) {
      Checked checked = check(logOf.apply(random), starts, parsers, random, "log " + log);
      cuts += checked.cuts();
      logsWith += checked.whole().count(outcome) > 0 ? 1 : 0;
    }
    return new Tally(cuts, logsWith);
  }

  /**
   * Reads {@code lines} whole and cut before each line {@code starts} allows, each candidate
   * seeing a read-back from a random earlier line start (the rule may see less, never be wrong).
   */
  static Checked check(List<String> lines, PartStarts starts, Supplier<LineParser> parsers,
      Random random, String label) throws IOException {
    String text = String.join("\n", lines) + "\n";
    byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
    ParseStats whole = new ParseStats();
    PauseCollector wholeSink = new PauseCollector();
    read(text, parsers.get(), whole, wholeSink, true, true);
    int cuts = 0;
    int from = 0;
    for (int i = 0; i < lines.size(); i++) {
      int to = from + lines.get(i).length();
      int before = i == 0 ? 0 : lineStart(lines, random.nextInt(i + 1));
      if (i > 0 && starts.at(b, before, from, to)) {
        cuts++;
        ParseStats parts = new ParseStats();
        PauseCollector partsSink = new PauseCollector();
        read(text.substring(0, from), parsers.get(), parts, partsSink, true, false);
        ParseStats second = new ParseStats();
        read(text.substring(from), parsers.get(), second, partsSink, false, true);
        parts.add(second, i);
        String where = label + " cut before line " + (i + 1) + ":\n" + text;
        assertThat(partsSink.details).as(where).isEqualTo(wholeSink.details);
        assertThat(partsSink.pauses).as(where).isEqualTo(wholeSink.pauses);
        assertThat(partsSink.cycles).as(where).isEqualTo(wholeSink.cycles);
        assertThat(counts(parts)).as(where).isEqualTo(counts(whole));
      }
      from = to + 1;
    }
    return new Checked(whole, cuts);
  }

  private static int lineStart(List<String> lines, int index) {
    int at = 0;
    for (int i = 0; i < index; i++) {
      at += lines.get(i).length() + 1;
    }
    return at;
  }

  private static List<String> counts(ParseStats stats) {
    List<String> counts = new ArrayList<>();
    counts.add("lines " + stats.lines());
    for (ParseStats.Reason r : stats.reasons()) {
      counts.add(r.outcome().reason() + " " + r.count() + " " + r.firstLines());
    }
    return counts;
  }

  static void read(String text, LineParser parser, ParseStats stats, PauseCollector sink,
      boolean startOfInput, boolean endOfInput) throws IOException {
    new LineReader().read(new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)),
        parser, sink, stats, LineReader.Rejects.NONE, startOfInput, endOfInput);
  }
}
