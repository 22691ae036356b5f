package tardy.formats.haproxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.formats.fields.Fields;

/**
 * HAProxy's {@code option logasap} writes a request's time before it ends, with a {@code +}: a
 * lower bound, never recorded as the time, and said so; a value that is no time stays malformed.
 */
class HaproxyLogasapTest {

  private static final String HEAD = "10.0.0.1:51003 [30/Nov/2026:04:00:03.123] fe be/srv1 ";
  private static final String TAIL = " 1/1/0/0/0 0/0 \"GET /c HTTP/1.1\"";

  private static Outcome parse(String timers, List<Long> latencies) {
    byte[] b = (HEAD + timers + " 200 512 - - ---- " + TAIL.strip()).getBytes(
        StandardCharsets.UTF_8);
    LineParser parser = new HaproxyHttpFormat().newParser();
    return parser.parse(b, 0, b.length, new EventSink() {
      @Override
      public void request(RequestEvent e) {
        latencies.add(e.latencyNanos());
      }

      @Override
      public void pause(PauseEvent e) {}
    });
  }

  @Test
  void aTimeLoggedBeforeTheRequestEndedIsALowerBoundNotCounted() {
    List<Long> latencies = new ArrayList<>();
    assertThat(parse("0/0/1/20/21", latencies)).isEqualTo(Outcome.PARSED);
    assertThat(parse("5/0/0/-1/+10000", latencies)).isEqualTo(Fields.LOWER_BOUND_REQUEST_TIME);
    assertThat(Fields.LOWER_BOUND_REQUEST_TIME.kind()).isEqualTo(Outcome.Kind.IGNORED);
    assertThat(latencies).containsExactly(21_000_000L);
  }

  @Test
  void aSignBeforeNoNumberIsStillMalformed() {
    List<Long> latencies = new ArrayList<>();
    for (String timers : new String[] {"0/0/1/20/+", "0/0/1/20/+x1", "0/0/1/20/++5", "0/0/1/20/+-5"}) {
      Outcome o = parse(timers, latencies);
      assertThat(o.kind()).as(timers).isEqualTo(Outcome.Kind.MALFORMED);
      assertThat(o.reason()).as(timers).isEqualTo("request time is not whole milliseconds");
    }
    assertThat(latencies).isEmpty();
  }
}
