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
import tardy.events.LogFormat;
import tardy.events.Sample;

/**
 * Detection without --log-format of the layouts real servers write: ingress-nginx's default and
 * its earlier one, nginx's main with $request_time, and the stock layouts without a request time,
 * which get the one nginx.conf line that fixes them. Logs written by a real nginx (see
 * src/test/nginx-log-generator) and the shared corpus.
 */
class IngressAndStockFormatsTest {

  private static final int LINES = 2004;

  private static byte[] log(String name) throws IOException {
    try (InputStream in = IngressAndStockFormatsTest.class.getResourceAsStream("/nginx-logs/" + name)) {
      return in.readAllBytes();
    }
  }

  private static List<String> lines(byte[] log) {
    return new String(log, StandardCharsets.UTF_8).lines().toList();
  }

  private static Formats.Detection detection(byte[] log) {
    List<String> lines = lines(log);
    return Formats.choose(Sample.ofText(lines.subList(0, Math.min(lines.size(), Sample.MAX_LINES))));
  }

  private static LogFormat detected(byte[] log) {
    return detection(log).best().orElseThrow(() -> new AssertionError(detection(log).failure()));
  }

  /** The request time read independently: the field after the one that follows the user agent. */
  private static List<Long> ingressTimes(List<String> lines, int fieldsAfterAgent) {
    List<Long> times = new ArrayList<>();
    for (String line : lines) {
      String[] rest = line.substring(line.lastIndexOf("\" ") + 2).split(" ");
      times.add(new BigDecimal(rest[fieldsAfterAgent]).movePointRight(9).longValueExact());
    }
    return times;
  }

  private static List<Long> latencies(EventLog read) {
    return read.events.stream()
        .map(e -> Long.parseLong(e.substring(e.indexOf(" latency=") + 9, e.indexOf(" upstream="))))
        .toList();
  }

  @Test
  void ingressNginxDefaultFromARealNginx() throws IOException {
    byte[] log = log("ingress.log");
    LogFormat format = detected(log);
    assertThat(format.name()).isEqualTo("ingress-nginx");
    EventLog read = EventLog.read(format, log);
    assertThat(read.stats.parsed()).as("rejects %s", read.rejects).isEqualTo(LINES);
    assertThat(latencies(read)).isEqualTo(ingressTimes(lines(log), 1));
    // the same requests logged in combined_up: the same events, upstream lists included
    EventLog upstream = EventLog.read(new CombinedUpstreamFormat(), log("combined-upstream.log"));
    assertThat(read.events).isEqualTo(upstream.events);
  }

  @Test
  void ingressNginxEarlierDefaultFromARealNginx() throws IOException {
    byte[] log = log("ingress-legacy.log");
    LogFormat format = detected(log);
    assertThat(format.name()).isEqualTo("ingress-nginx-legacy");
    EventLog read = EventLog.read(format, log);
    assertThat(read.stats.parsed()).as("rejects %s", read.rejects).isEqualTo(LINES);
    assertThat(latencies(read)).isEqualTo(ingressTimes(lines(log), 1));
    assertThat(read.events).isEqualTo(EventLog.read(new CombinedUpstreamFormat(), log("combined-upstream.log")).events);
  }

  @Test
  void theEarliestDefaultWithoutRequestIdIsReadToo() throws IOException {
    // the releases before $req_id: the same lines without the last field
    List<String> lines = lines(log("ingress-legacy.log"));
    List<String> withId = new ArrayList<>();
    for (String line : lines) {
      withId.add(line + " 0123456789abcdef0123456789abcdef");
    }
    for (List<String> variant : List.of(lines, withId)) {
      byte[] log = String.join("\n", variant).getBytes(StandardCharsets.UTF_8);
      LogFormat format = detected(log);
      assertThat(format.name()).isEqualTo("ingress-nginx-legacy");
      assertThat(EventLog.read(format, log).stats.parsed()).isEqualTo(LINES);
    }
  }

  @Test
  void ingressNginxCorpusTrapFile() throws IOException {
    Path file = Corpus.require("access").resolve("elastic_beats/filebeat/module/nginx/ingress_controller/test/test.log");
    byte[] log = Files.readAllBytes(file);
    LogFormat format = detected(log);
    assertThat(format.name()).isEqualTo("ingress-nginx");
    EventLog read = EventLog.read(format, log);
    assertThat(read.stats.lines()).isEqualTo(29);
    assertThat(read.stats.parsed()).as("rejects %s", read.rejects).isEqualTo(29);
    assertThat(latencies(read)).isEqualTo(ingressTimes(lines(log), 1));
  }

  @Test
  void mainWithRequestTimeIsReadAsCombined() throws IOException {
    byte[] log = log("main-rt.log");
    LogFormat format = detected(log);
    assertThat(format.name()).isEqualTo("combined");
    EventLog read = EventLog.read(format, log);
    assertThat(read.stats.parsed()).isEqualTo(LINES);
    List<Long> lastField = new ArrayList<>();
    for (String line : lines(log)) {
      lastField.add(new BigDecimal(line.substring(line.lastIndexOf(' ') + 1)).movePointRight(9).longValueExact());
    }
    assertThat(latencies(read)).isEqualTo(lastField);
    assertThat(read.events).isEqualTo(EventLog.read(format, log("combined.log")).events);
  }

  @Test
  void stockCombinedGetsTheLogFormatLineThatAddsTheTime() throws IOException {
    Formats.Detection detection = detection(log("stock-combined.log"));
    assertThat(detection.best()).isEmpty();
    String message = detection.failure();
    assertThat(message).contains("\"combined\"").contains("no $request_time");
    // the advised line is the one the generator's nginx ran with, and its log is read
    String conf = Files.readString(Path.of("src/test/nginx-log-generator/nginx.conf"));
    int start = conf.indexOf("log_format timed ");
    String line = conf.substring(start, conf.indexOf(';', start) + 1);
    assertThat(message).endsWith(line);
    assertThat(detected(log("timed.log")).name()).isEqualTo("combined");
    assertThat(EventLog.read(detected(log("timed.log")), log("timed.log")).stats.parsed()).isEqualTo(LINES);
  }

  @Test
  void stockMainGetsItsOwnLineWithTheTimeAppended() throws IOException {
    String message = detection(log("main.log")).failure();
    assertThat(message).contains("\"main\"").contains("no $request_time");
    String conf = Files.readString(Path.of("src/test/nginx-log-generator/nginx.conf"));
    int start = conf.indexOf("log_format main_rt ");
    String withTime = conf.substring(conf.indexOf('\'', start), conf.indexOf(';', start) + 1);
    assertThat(message).endsWith("log_format main " + withTime);
  }

  @Test
  void stockLayoutsOfTheCorpusAndInsideWrappersAreRecognised() throws IOException {
    Path access = Corpus.require("access");
    for (String file : List.of("crowdsecurity_hub/.tests/nginx-http-malformed/nginx_http-logs.log",
        "elastic_beats/filebeat/module/nginx/access/test/test.log", "tstack_lnav/test/logfile_shop_access_log.0")) {
      byte[] log = Files.readAllBytes(access.resolve(file));
      Formats.Detection detection = detection(log);
      assertThat(detection.best()).as(file).isEmpty();
      assertThat(detection.failure()).as(file).contains("no $request_time");
    }
    List<String> stock = lines(log("stock-combined.log")).subList(0, 50);
    byte[] wrapped = tardy.formats.wrap.WrappedLogsTest.syslog3164(stock).getBytes(StandardCharsets.UTF_8);
    assertThat(detection(wrapped).failure()).contains("\"combined\"").contains("no $request_time");
  }

  @Test
  void combinedWithMoreFieldsIsToldToNameItsLogFormatNotToAddTheTime() throws IOException {
    // the generator's key="value" layout (rt="$request_time" after combined) and a real one of the corpus
    List<byte[]> logs = new ArrayList<>(List.of(log("variants/keyvalue.log")));
    Corpus.find().map(c -> c.resolve("access/seznam_slo-exporter/examples/nginx_proxy/test.log"))
        .filter(Files::isRegularFile).ifPresent(f -> logs.add(readAll(f)));
    for (byte[] log : logs) {
      Formats.Detection detection = detection(log);
      assertThat(detection.best()).isEmpty();
      assertThat(detection.failure()).contains("\"combined\" log_format followed by more fields")
          .contains("--log-format").doesNotContain("log_format timed");
    }
  }

  private static byte[] readAll(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void otherLogsStillGetTheGrades() throws IOException {
    String message = detection("no log at all\njust words\n".getBytes(StandardCharsets.UTF_8)).failure();
    assertThat(message).startsWith("no known log format matches its first lines (tried combined (none)");
  }
}
