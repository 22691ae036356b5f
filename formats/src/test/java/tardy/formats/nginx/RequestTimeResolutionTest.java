package tardy.formats.nginx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.events.EventSink;
import tardy.formats.Formats;
import tardy.events.LineParser;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/** A request's end time comes from the finest clock its line has, and says how fine that is. */
class RequestTimeResolutionTest {

  /** [wall ms, resolution ms] of the one request on the line. */
  private static long[] read(String logFormat, String line) {
    LineParser parser = Formats.resolve(logFormat).newParser();
    List<long[]> seen = new ArrayList<>();
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    parser.parse(b, 0, b.length, new EventSink() {
      @Override
      public void request(RequestEvent e) {
        seen.add(new long[] {e.wallMillis(), e.wallResolutionMillis()});
      }

      @Override
      public void pause(PauseEvent e) {}
    });
    assertThat(seen).hasSize(1);
    return seen.get(0);
  }

  @Test
  void msecWinsOverTimeLocalWhateverTheirOrder() {
    // 2026-11-23T21:38:17.149Z, and the same second in Kolkata
    String format = "[$time_local] $msec \"$request\" $status $request_time";
    long[] t = read(format,
        "[24/Nov/2026:03:08:17 +0530] 1795469897.149 \"GET / HTTP/1.1\" 200 0.012");
    assertThat(t).containsExactly(1_795_469_897_149L, 1);
  }

  @Test
  void timeLocalIsWholeSeconds() {
    long[] t = read("[$time_local] \"$request\" $status $request_time",
        "[24/Nov/2026:03:08:17 +0530] \"GET / HTTP/1.1\" 200 0.012");
    assertThat(t).containsExactly(1_795_469_897_000L, 1000);
  }

  @Test
  void iso8601IsWholeSecondsUnlessItHasAFraction() {
    String format = "$time_iso8601 \"$request\" $status $request_time";
    assertThat(read(format, "2026-11-23T16:38:17-05:00 \"GET / HTTP/1.1\" 200 0.012"))
        .containsExactly(1_795_469_897_000L, 1000);
    assertThat(read(format, "2026-11-23T16:38:17.149-05:00 \"GET / HTTP/1.1\" 200 0.012"))
        .containsExactly(1_795_469_897_149L, 1);
  }
}
