package tardy.formats.nginx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.events.Corpus;
import tardy.events.EventLog;
import tardy.formats.Formats;
import tardy.events.Sample;

/**
 * Lines of nginx's stock layouts with {@code $request_time} in another place than at the end:
 * the message says the layout is not the one detected and gives the {@code log_format} that
 * reads them, instead of telling the user to add a {@code $request_time} the log already has.
 */
class MovedRequestTimeTest {

  private static final String MARK = "--log-format '";

  private static Formats.Detection detection(List<String> lines) {
    return Formats.choose(Sample.ofText(lines.subList(0, Math.min(lines.size(), Sample.MAX_LINES))));
  }

  /** The log_format the message gives. */
  private static String suggested(String message) {
    assertThat(message).contains(MARK).endsWith("'");
    return message.substring(message.lastIndexOf(MARK) + MARK.length(), message.length() - 1);
  }

  /** The request times read with the suggested format, in nanoseconds. */
  private static List<Long> readWith(String definition, List<String> lines) {
    byte[] log = String.join("\n", lines).concat("\n").getBytes(StandardCharsets.UTF_8);
    EventLog read = EventLog.read(Formats.resolve(definition), log);
    assertThat(read.stats.parsed()).isEqualTo(lines.size());
    return read.events.stream().map(e -> {
      int at = e.indexOf(" latency=") + " latency=".length();
      int end = e.indexOf(' ', at);
      return Long.parseLong(end < 0 ? e.substring(at) : e.substring(at, end));
    }).toList();
  }

  /** The field right after the closing quote of "$request", in nanoseconds. */
  private static List<Long> afterRequest(List<String> lines) {
    List<Long> out = new ArrayList<>();
    for (String line : lines) {
      int request = line.indexOf("\" ", line.indexOf("] \"") + 3) + 2;
      String field = line.substring(request, line.indexOf(' ', request));
      out.add(new BigDecimal(field).movePointRight(9).longValueExact());
    }
    return out;
  }

  /**
   * A real log (EmilLaursen/nginx_text): nginx's main layout with $request_time before $status.
   * Before: "its lines are nginx's usual "main" log_format …, which has no $request_time, so they
   * carry no latency; append $request_time to it in nginx.conf".
   */
  @Test
  void aRealLogWithTheTimeBeforeTheStatus() throws IOException {
    Path file = Corpus.require("access").resolve("EmilLaursen_nginx_text/nginx/access.log");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(file), file + " not in the corpus");
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    Formats.Detection detection = detection(lines);
    assertThat(detection.best()).isEmpty();
    String message = detection.failure();
    assertThat(message).contains("carry $request_time in another place")
        .contains("so they are not that layout").doesNotContain("has no $request_time")
        .doesNotContain("append $request_time");
    assertThat(suggested(message)).isEqualTo("$remote_addr - $remote_user [$time_local]"
        + " \"$request\" $request_time $status $body_bytes_sent \"$http_referer\""
        + " \"$http_user_agent\" \"$http_x_forwarded_for\"");
    assertThat(readWith(suggested(message), lines)).isEqualTo(afterRequest(lines));
  }

  /** nginx's combined lines (written by a real nginx) with a time put after "$request". */
  @Test
  void combinedWithTheTimeAfterTheRequest() throws IOException {
    List<String> stock;
    try (InputStream in = getClass().getResourceAsStream("/nginx-logs/stock-combined.log")) {
      stock = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().limit(200).toList();
    }
    List<String> moved = new ArrayList<>();
    for (int i = 0; i < stock.size(); i++) {
      String line = stock.get(i);
      int at = line.indexOf("\" ", line.indexOf("] \"") + 3) + 2;
      String time = String.format(java.util.Locale.ROOT, "%d.%03d", i % 3, (i * 37) % 1000);
      moved.add(line.substring(0, at) + time + " " + line.substring(at));
    }
    String message = detection(moved).failure();
    assertThat(message).contains("nginx's predefined \"combined\" log_format but carry"
        + " $request_time in another place");
    assertThat(readWith(suggested(message), moved)).isEqualTo(afterRequest(moved));
  }

  /** The stock layouts without any time keep their advice. */
  @Test
  void aLogWithoutTheTimeIsStillToldToAddIt() throws IOException {
    List<String> stock;
    try (InputStream in = getClass().getResourceAsStream("/nginx-logs/stock-combined.log")) {
      stock = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().limit(200).toList();
    }
    assertThat(detection(stock).failure()).contains("no $request_time")
        .doesNotContain("another place");
  }
}
