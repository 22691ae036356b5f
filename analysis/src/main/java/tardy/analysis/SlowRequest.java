package tardy.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tardy.record.exemplar.Exemplar;

/**
 * One of a row's slowest requests as shown: its time, the input and line it is on, when it ended
 * (epoch ms, {@code tardy.events.Times#NONE} without a time), its status (0: none) and the id the
 * log gave it, or null.
 */
public record SlowRequest(long nanos, String source, long line, long wallMillis, int status,
    String requestId) {

  /**
   * The slowest requests of each row by its key, and of all requests under {@code totalKey}.
   *
   * @param all the slowest of all requests, slowest first: with many groups, more than the rows'
   * @param sources the inputs' names, by their place among the inputs
   */
  static Map<String, List<SlowRequest>> of(Map<String, List<Exemplar>> byRow,
      List<Exemplar> all, List<String> sources, String totalKey) {
    Map<String, List<SlowRequest>> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<Exemplar>> row : byRow.entrySet()) {
      out.put(row.getKey(), shown(row.getValue(), sources));
    }
    if (!all.isEmpty()) {
      out.put(totalKey, shown(all, sources));
    }
    return out;
  }

  private static List<SlowRequest> shown(List<Exemplar> kept, List<String> sources) {
    List<SlowRequest> out = new ArrayList<>(kept.size());
    for (Exemplar e : kept) {
      out.add(new SlowRequest(e.nanos(), e.input() < sources.size() ? sources.get(e.input()) : "?",
          e.line(), e.wallMillis(), e.status(), e.requestId()));
    }
    return out;
  }
}
