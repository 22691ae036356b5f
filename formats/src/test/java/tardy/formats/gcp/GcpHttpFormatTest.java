package tardy.formats.gcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.formats.Formats;

/**
 * What each LogEntry of the sample means (written after Google's LogEntry and load balancer
 * references): the URL's path, the status or none, a client that went away, a backend that timed
 * out, the latency to the nanosecond, the entries that are no request.
 */
class GcpHttpFormatTest {

  record Read(String request, int status, long latencyNanos, long wallMillis, boolean clientGone,
      boolean backendTimedOut, String id) {}

  private final List<Read> reads = new ArrayList<>();
  private final EventSink sink = new EventSink() {
    @Override
    public void request(RequestEvent e) {
      reads.add(new Read(Ascii.text(e.buf(), e.methodFrom(), e.methodTo()) + " "
          + Ascii.text(e.buf(), e.targetFrom(), e.targetTo()), e.status(), e.latencyNanos(),
          e.wallMillis(), e.clientAborted(), e.serverTimedOut(),
          Ascii.text(e.buf(), e.requestIdFrom(), e.requestIdTo())));
    }

    @Override
    public void pause(PauseEvent e) {}
  };

  private static long millis(String iso) {
    return Instant.parse(iso).toEpochMilli();
  }

  private static String trace(long n) {
    return String.format("projects/shop-prod/traces/%032x", n);
  }

  @Test
  void everyEntryOfTheSampleMeansWhatItSays() throws IOException {
    LineParser parser = Formats.resolve("gcp-http").newParser();
    List<Outcome> outcomes = new ArrayList<>();
    for (String line : Files.readAllLines(
        Path.of("src/test/resources/samples/gcp-http/shop-load-balancer-and-cloud-run.log"))) {
      byte[] b = line.getBytes(StandardCharsets.UTF_8);
      outcomes.add(parser.parse(b, 0, b.length, sink));
    }
    assertThat(outcomes.get(2)).isEqualTo(GcpHttpFormat.NO_LATENCY);
    assertThat(outcomes.get(7)).isEqualTo(GcpHttpFormat.OTHER_ENTRY);
    assertThat(outcomes).filteredOn(Outcome::isParsed).hasSize(9);
    assertThat(reads).containsExactly(
        new Read("GET /api/products?page=2", 200, 41_527_000L, millis("2024-05-06T10:00:01.104Z"), false, false, trace(0x5eed0001)),
        new Read("GET /api/products/1842", 200, 12_009_000L, millis("2024-05-06T10:00:01.388Z"), false, false, trace(0x5eed0002)),
        new Read("POST /api/cart", 201, 187_331_000L, millis("2024-05-06T10:00:02.015Z"), false, false, trace(0x5eed0004)),
        new Read("GET /api/reports/daily", 502, 30_001_284_000L, millis("2024-05-06T10:00:32.502Z"), false, true, trace(0x5eed0005)),
        new Read("GET /api/products/77", 0, 4_250_911_000L, millis("2024-05-06T10:00:33.117Z"), true, false, trace(0x5eed0006)),
        new Read("GET /", 301, 812_000L, millis("2024-05-06T10:00:33.402Z"), false, false, trace(0x5eed0007)),
        new Read("POST /orders", 200, 238_114_071L, millis("2024-05-06T10:00:03.551Z"), false, false, trace(0x7a110001)),
        new Read("GET /orders/99812", 200, 391_422L, millis("2024-05-06T10:00:04.002Z"), false, false, trace(0x7a110002)),
        new Read("GET /orders/99813", 503, 1_003_121_000L, millis("2024-05-06T10:00:05.910Z"), false, false, trace(0x7a110003)));
  }

  @Test
  void aLatencyNotInSecondsWithItsSIsRefusedSayingSo() {
    LineParser parser = Formats.resolve("gcp-http").newParser();
    for (String latency : new String[] {"12ms", "0.5", "s", "-0.2s"}) {
      byte[] b = ("{\"httpRequest\":{\"requestMethod\":\"GET\",\"requestUrl\":\"/a\",\"status\":200,"
          + "\"latency\":\"" + latency + "\"},\"timestamp\":\"2024-05-06T10:00:01Z\"}")
          .getBytes(StandardCharsets.UTF_8);
      Outcome outcome = parser.parse(b, 0, b.length, sink);
      assertThat(outcome.kind()).as(latency).isEqualTo(Outcome.Kind.MALFORMED);
      assertThat(outcome.reason()).as(latency)
          .isEqualTo(latency.startsWith("-") ? "request time is negative" : "request time is not seconds followed by s (0.012s)");
    }
    assertThat(reads).isEmpty();
  }

  /** gcloud's JSON array over many lines is no format's; the failure says how to make it one. */
  @Test
  void gcloudsArrayOverManyLinesIsRefusedWithTheWayToLines() throws IOException {
    List<String> pretty = new ArrayList<>(List.of("["));
    for (String line : Files.readAllLines(
        Path.of("src/test/resources/samples/gcp-http/shop-load-balancer-and-cloud-run.log"))) {
      pretty.add("  {");
      pretty.add("    \"httpRequest\": {");
      pretty.add("      \"latency\": \"0.012s\",");
      pretty.add("    },");
      pretty.add("    \"insertId\": \"" + line.substring(12, 24) + "\"");
      pretty.add("  },");
    }
    pretty.add("]");
    tardy.formats.Formats.Detection detection = Formats.detect(tardy.events.Sample.ofText(pretty));
    assertThat(detection.best()).isEmpty();
    assertThat(detection.failure()).contains("gcloud logging read --format=json")
        .contains("jq -c '.[]' FILE | tardy report -");
    assertThat(Formats.detect(tardy.events.Sample.ofText(List.of("[", "  1,", "  2", "]"))).failure())
        .startsWith("no known log format");
  }
}
