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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tardy.events.LogFormat;

/**
 * Logs written by a real nginx (see src/test/nginx-log-generator): the same requests in four
 * formats must give the same events, and the latencies must equal an independent reading.
 */
class RealNginxLogsTest {

  private static final int LINES = 2004;

  private static byte[] log(String name) throws IOException {
    try (InputStream in = RealNginxLogsTest.class.getResourceAsStream("/nginx-logs/" + name)) {
      return in.readAllBytes();
    }
  }

  private static List<String> lines(String name) throws IOException {
    return new String(log(name), StandardCharsets.UTF_8).lines().toList();
  }

  /** The log_format statement of that name, exactly as nginx.conf has it. */
  private static String logFormat(String name) throws IOException {
    String conf = Files.readString(Path.of("src/test/nginx-log-generator/nginx.conf"));
    int start = conf.indexOf("log_format " + name + " ");
    return conf.substring(start, conf.indexOf(';', conf.indexOf('\'', start)) + 1);
  }

  private static long nanos(String seconds) {
    return new BigDecimal(seconds).movePointRight(9).longValueExact();
  }

  private static List<Long> latencies(Collecting c) {
    return c.events.stream().map(Collecting.Event::latencyNanos).toList();
  }

  private static List<Collecting.Event> withoutUpstream(Collecting c) {
    return c.events.stream().map(e -> new Collecting.Event(e.request(), e.status(), e.latencyNanos(), 0, 0)).toList();
  }

  @Test
  void fourFormatsOfTheSameRequestsGiveTheSameEvents() throws IOException {
    Collecting combined = Collecting.read(new CombinedFormat(), log("combined.log"));
    Collecting upstream = Collecting.read(new CombinedUpstreamFormat(), log("combined-upstream.log"));
    Collecting json = Collecting.read(new NginxJsonFormat(), log("json.log"));
    LogFormat customFormat = new CombinedFormat().fromDefinition(logFormat("custom")).orElseThrow();
    Collecting custom = Collecting.read(customFormat, log("custom.log"));

    for (Collecting c : List.of(combined, upstream, json, custom)) {
      assertThat(c.stats.lines()).isEqualTo(LINES);
      assertThat(c.stats.parsed()).as("rejects: %s", c.rejects).isEqualTo(LINES);
    }
    // nginx writes the four logs at each request's end, so even the order is the same
    assertThat(withoutUpstream(upstream)).isEqualTo(withoutUpstream(combined));
    assertThat(withoutUpstream(json)).isEqualTo(withoutUpstream(combined));
    assertThat(custom.events).isEqualTo(upstream.events);
    assertThat(json.events).isEqualTo(upstream.events);
    assertThat(combined.events).filteredOn(e -> e.request().equals("(invalid request)")).hasSize(3);
    assertThat(combined.events).filteredOn(e -> e.request().equals("GET /old")).hasSize(1);
  }

  @Test
  void definitionsPastedFromNginxConfReadLikeTheBuiltIns() throws IOException {
    for (String[] pair : new String[][] {{"combined_rt", "combined.log"}, {"combined_up", "combined-upstream.log"}, {"json", "json.log"}}) {
      LogFormat pasted = new CombinedFormat().fromDefinition(logFormat(pair[0])).orElseThrow();
      LogFormat builtIn = tardy.formats.Formats.detect(tardy.events.Sample.ofText(lines(pair[1]).subList(0, 200))).best().orElseThrow();
      assertThat(Collecting.read(pasted, log(pair[1])).events).as(pair[0]).isEqualTo(Collecting.read(builtIn, log(pair[1])).events);
    }
  }

  @Test
  void detectionPicksTheRightBuiltIn() throws IOException {
    assertThat(tardy.formats.Formats.detect(tardy.events.Sample.ofText(lines("combined.log"))).best().orElseThrow().name()).isEqualTo("combined");
    assertThat(tardy.formats.Formats.detect(tardy.events.Sample.ofText(lines("combined-upstream.log"))).best().orElseThrow().name())
        .isEqualTo("combined-upstream");
    assertThat(tardy.formats.Formats.detect(tardy.events.Sample.ofText(lines("json.log"))).best().orElseThrow().name()).isEqualTo("nginx-json");
  }

  @Test
  void latenciesEqualAnIndependentReading() throws IOException {
    List<Long> lastField = new ArrayList<>();
    for (String line : lines("combined.log")) {
      String[] words = line.split(" ");
      lastField.add(nanos(words[words.length - 1]));
    }
    assertThat(latencies(Collecting.read(new CombinedFormat(), log("combined.log")))).isEqualTo(lastField);

    List<Long> firstField = new ArrayList<>();
    for (String line : lines("custom.log")) {
      firstField.add(nanos(line.substring(0, line.indexOf(' '))));
    }
    Collecting custom = Collecting.read(new CombinedFormat().fromDefinition(logFormat("custom")).orElseThrow(), log("custom.log"));
    assertThat(latencies(custom)).isEqualTo(firstField);

    Pattern requestTime = Pattern.compile("\"request_time\":([0-9.]+),");
    List<Long> jsonTimes = new ArrayList<>();
    for (String line : lines("json.log")) {
      Matcher m = requestTime.matcher(line);
      assertThat(m.find()).isTrue();
      jsonTimes.add(nanos(m.group(1)));
    }
    assertThat(latencies(Collecting.read(new NginxJsonFormat(), log("json.log")))).isEqualTo(jsonTimes);
  }

  @Test
  void upstreamListsEqualAnIndependentSum() throws IOException {
    List<String> lines = lines("custom.log");
    Collecting custom = Collecting.read(new CombinedFormat().fromDefinition(logFormat("custom")).orElseThrow(), log("custom.log"));
    int lists = 0;
    int redirects = 0;
    for (int i = 0; i < lines.size(); i++) {
      String list = lines.get(i).substring(lines.get(i).indexOf("] ") + 2);
      long sum = 0;
      int parts = 0;
      for (String part : list.split("[,:]")) {
        if (!part.isBlank() && !part.strip().equals("-")) {
          sum += nanos(part.strip());
          parts++;
        }
      }
      Collecting.Event e = custom.events.get(i);
      assertThat(e.upstreamParts()).as(lines.get(i)).isEqualTo(parts);
      if (parts > 0) {
        assertThat(e.upstreamNanos()).as(lines.get(i)).isEqualTo(sum);
      }
      lists += parts > 1 ? 1 : 0;
      redirects += list.contains(" : ") ? 1 : 0;
    }
    assertThat(lists).as("retries and redirects make lists").isGreaterThan(10);
    assertThat(redirects).isGreaterThan(10);
  }
}
