package tardy.record.grouping;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tardy.record.grouping.GroupKeys;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Times;

/**
 * The requests of sampled lines as "METHOD path" (query dropped, spelled as the recorder keys
 * them) with their counts, in the order first seen: what the grouping is decided from.
 */
public final class SampleKeys implements EventSink {

  private final Map<String, Long> counts = new LinkedHashMap<>();

  /** Adds the requests of {@code lines}, parsed by {@code parser}. */
  public SampleKeys add(LineParser parser, List<byte[]> lines) {
    for (byte[] line : lines) {
      parser.parse(line, 0, line.length, this);
    }
    return this;
  }

  public Map<String, Long> counts() {
    return counts;
  }

  @Override
  public void request(RequestEvent e) {
    if (!e.wellFormed() || !Times.isSet(e.latencyNanos()) || e.latencyNanos() < 0) {
      return; // only what the recorder records
    }
    String key = GroupKeys.requestKey(e);
    counts.merge(key, 1L, Long::sum);
  }

  @Override
  public void pause(PauseEvent e) {}
}
