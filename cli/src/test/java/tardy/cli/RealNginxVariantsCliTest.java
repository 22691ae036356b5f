package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same requests logged by a real nginx in many layouts and wrappers (see
 * formats/src/test/nginx-log-generator/variants: $request_time first, in the middle, last, in
 * key="value" pairs, LTSV, pipes, JSON strings, escape=none, HTTP/2, 17 KiB URIs, bytes nginx
 * escapes, ingress-nginx's format on a container's standard output wrapped as Docker and CRI
 * runtimes write it, with nginx's error log on stderr, RFC 5424 syslog from logger, and nginx's
 * syslog messages as rsyslogd writes them in its traditional, RFC 3339 and RFC 5424 file formats), read end to end by
 * {@code tardy report --format json}. Each log is also read here without tardy: a regular
 * expression or a split per layout, and the generator's own endpoint list to name operations.
 * Every line is accounted for; each endpoint is one operation with the exact count, min and max
 * and every percentile within HdrHistogram's precision of the nearest rank of a plain sort.
 */
class RealNginxVariantsCliTest {

  private static final Path CONF = Path.of("..", "formats", "src", "test", "nginx-log-generator", "variants", "nginx.conf");

  /** The generator's endpoints (drive.py), and the operation each one is. */
  private static final Map<Pattern, String> ENDPOINTS = Map.of(
      Pattern.compile("GET /api/v1/users/\\d+"), "GET /api/v1/users/{id}",
      Pattern.compile("GET /api/v1/orders/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "GET /api/v1/orders/{uuid}",
      Pattern.compile("(GET|POST) /api/v1/orders"), "$1 /api/v1/orders",
      Pattern.compile("GET /static/js/app\\.[0-9a-f]{8}\\.js"), "GET /static/js/app.{hash}.js",
      Pattern.compile("GET /product/\\d+/[a-z]+-[a-z]+"), "GET /product/{id}/{slug}",
      Pattern.compile("GET /search(\\?.*)?"), "GET /search",
      Pattern.compile("GET /health"), "GET /health",
      Pattern.compile("GET /missing/\\d+"), "GET /missing/{id}",
      Pattern.compile("GET /long(\\?pad=x+)?"), "GET /long");

  /** Lines the generator sent as raw bytes (junk, escapes, a 17 KiB path): rows of their own. */
  private static final int ODD_REQUESTS = 8;

  /** One request as read without tardy: method and target as logged, and the request time. */
  private record Request(String method, String target, long nanos) {}

  private static long nanos(String seconds) {
    return new BigDecimal(seconds).movePointRight(9).longValueExact();
  }

  private static Function<String, Request> regex(String pattern) {
    Pattern p = Pattern.compile(pattern);
    return line -> {
      Matcher m = p.matcher(line);
      assertThat(m.find()).as(line).isTrue();
      return new Request(m.group("method"), m.group("target"), nanos(m.group("time")));
    };
  }

  /** The request line "METHOD TARGET PROTOCOL" of combined-like layouts, then the time where it is. */
  private static final String REQUEST = "\"(?:(?<method>[A-Z]+) (?<target>\\S+)(?: HTTP/[0-9.]+)?|[^\"]*)\" \\d{3} ";

  /** combined + $request_time, after whatever header a syslog daemon wrote before it. */
  private static final Function<String, Request> COMBINED =
      regex(REQUEST + "\\d+ \"[^\"]*\" \"[^\"]*\" (?<time>\\d+\\.\\d{3})$");

  private static Request pipes(String line) {
    String[] f = line.split("\\|", -1);
    return new Request(f[2], f[3], nanos(f[6]));
  }

  private static Request ltsv(String line) {
    Map<String, String> f = new HashMap<>();
    for (String pair : line.split("\t")) {
      f.put(pair.substring(0, pair.indexOf(':')), pair.substring(pair.indexOf(':') + 1));
    }
    return new Request(f.get("method"), f.get("uri"), nanos(f.get("reqtime")));
  }

  /** ingress-nginx's line: the request time is the field after the request length, before [upstream]. */
  private static final Function<String, Request> INGRESS =
      regex("^\\S+ - \\S+ \\[[^]]+\\] " + REQUEST + ".* \\d+ (?<time>\\d+\\.\\d{3}) \\[[^]]*\\] \\[[^]]*\\] ");

  /** The stdout entries of a container log, each split line joined again; stderr is nginx's error log. */
  private static List<String> containerLines(List<String> entries, Pattern entry, String partial) {
    List<String> out = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String e : entries) {
      Matcher m = entry.matcher(e);
      assertThat(m.matches()).as(e).isTrue();
      if (m.group("stream").equals("stdout")) {
        line.append(m.group("text"));
        if (!java.util.Objects.equals(m.group("part"), partial)) {
          out.add(line.toString());
          line.setLength(0);
        }
      }
    }
    return out;
  }

  private static List<String> cri(List<String> entries) {
    return containerLines(entries, Pattern.compile("^\\S+Z (?<stream>stdout|stderr) (?<part>[PF]) (?<text>.*)$"), "P");
  }

  /** Docker's text with the escapes nginx's line can hold undone: \" and \\u0026 (Go escapes &, <, >). */
  private static List<String> docker(List<String> entries) {
    Pattern entry = Pattern.compile("^\\{\"log\":\"(?<text>.*?)(?<part>\\\\n)?\",\"stream\":\"(?<stream>stdout|stderr)\",\"time\":\"[^\"]+\"}$");
    return containerLines(entries, entry, null).stream()
        .map(l -> l.replace("\\\"", "\"").replace("\\u0026", "&").replace("\\\\", "\\")).toList();
  }

  record Variant(String log, String logFormat, String format, Function<List<String>, List<String>> unwrap,
      Function<String, Request> read) {
    @Override
    public String toString() {
      return log;
    }
  }

  static Stream<Arguments> variants() {
    Function<List<String>, List<String>> asIs = l -> l;
    return Stream.of(
        new Variant("combined.log", null, "combined", asIs, COMBINED),
        new Variant("msec-middle.log", "msec_middle", "nginx-custom", asIs, regex("^\\d+\\.\\d{3} \\S+ " + REQUEST.replace("\" \\d{3} ", "\" (?<time>\\d+\\.\\d{3}) "))),
        new Variant("keyvalue.log", "keyvalue", "nginx-custom", asIs, regex(REQUEST + ".* rt=\"(?<time>[0-9.]+)\"")),
        new Variant("pipes.log", "pipes", "nginx-custom", asIs, RealNginxVariantsCliTest::pipes),
        new Variant("ltsv.log", "ltsv", "nginx-custom", asIs, RealNginxVariantsCliTest::ltsv),
        new Variant("json-strings.log", "json_strings", "nginx-custom", asIs,
            regex("\"method\":\"(?<method>[^\"]*)\",\"path\":\"(?<target>[^\"\\\\]*+(?:\\\\.[^\"\\\\]*+)*+)\".*\"duration\":\"(?<time>[0-9.]+)\"")),
        // escape=none: the request line may hold a quote, so it ends at the last quote before the status
        new Variant("raw.log", "raw", "nginx-custom", asIs, regex("\\] \"(?:(?<method>[A-Z]+) (?<target>\\S+)(?: HTTP/[0-9.]+)?|.*)\" \\d{3} (?<time>\\d+\\.\\d{3})$")),
        new Variant("syslog-rfc5424.log", null, "syslog+combined", asIs, COMBINED),
        new Variant("rsyslog-traditional.log", null, "syslog+combined", asIs, COMBINED),
        new Variant("rsyslog-rfc3339.log", null, "syslog+combined", asIs, COMBINED),
        new Variant("rsyslog-rfc5424.log", null, "syslog+combined", asIs, COMBINED),
        new Variant("cri.log", null, "cri+ingress-nginx", RealNginxVariantsCliTest::cri, INGRESS),
        new Variant("docker.log", null, "docker+ingress-nginx", RealNginxVariantsCliTest::docker, INGRESS))
        .map(Arguments::of);
  }

  /** The log_format of that name as nginx.conf has it, pasted whole as a user would. */
  private static String logFormat(String name) throws IOException {
    String conf = Files.readString(CONF);
    int start = conf.indexOf("log_format " + name + " ");
    return conf.substring(start, conf.indexOf("';", start) + 2);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("variants")
  void everyLineIsAccountedAndEveryOperationHasItsExactNumbers(Variant v) throws IOException {
    Assumptions.assumeTrue(Files.isRegularFile(CONF), "run from the cli module");
    Path log = TardyCliTest.resource("/nginx-logs/variants/" + v.log);
    List<String> entries = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
    List<Request> requests = v.unwrap.apply(entries).stream().map(v.read).toList();

    List<String> args = new ArrayList<>(List.of("report", "--format", "json", "--threads", "3"));
    if (v.logFormat != null) {
      args.addAll(List.of("--log-format", logFormat(v.logFormat)));
    }
    args.add(log.toString());
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isZero();
    Object doc = JsonLines.document(r.out());

    assertThat(JsonLines.at(doc, "inputs", 0, "format")).isEqualTo(v.format);
    assertThat(JsonLines.at(doc, "inputs", 0, "lines")).isEqualTo((long) entries.size());
    assertThat(JsonLines.at(doc, "inputs", 0, "parsed")).isEqualTo((long) requests.size());
    assertThat(JsonLines.at(doc, "inputs", 0, "malformed")).isEqualTo(0L);

    Map<String, List<Long>> expected = new TreeMap<>();
    List<Long> all = new ArrayList<>();
    int odd = 0;
    for (Request q : requests) {
      all.add(q.nanos);
      String operation = operation(q);
      if (operation == null) {
        odd++;
      } else {
        expected.computeIfAbsent(operation, k -> new ArrayList<>()).add(q.nanos);
      }
    }
    assertThat(odd).as("requests outside the generator's endpoints").isLessThanOrEqualTo(ODD_REQUESTS);

    Map<String, Map<String, Object>> groups = new TreeMap<>();
    for (Object g : (List<?>) JsonLines.at(doc, "groups")) {
      groups.put((String) JsonLines.at(g, "key"), castMap(g));
    }
    for (Map.Entry<String, List<Long>> e : expected.entrySet()) {
      assertThat(groups).as("operations").containsKey(e.getKey());
      assertNumbers(groups.get(e.getKey()), e.getValue(), e.getKey());
    }
    // everything else is the odd requests, each a small row of its own
    long others = groups.entrySet().stream().filter(g -> !expected.containsKey(g.getKey()))
        .mapToLong(g -> (Long) g.getValue().get("count")).sum();
    assertThat(others).isEqualTo(odd);
    assertThat(groups.size() - expected.size()).isLessThanOrEqualTo(ODD_REQUESTS);
    assertNumbers(castMap(JsonLines.at(doc, "totals", 0)), all, "(total)");
  }

  /** The generator's operation of a request, or null for the odd ones. */
  private static String operation(Request q) {
    String request = q.method + " " + q.target;
    for (Map.Entry<Pattern, String> e : ENDPOINTS.entrySet()) {
      Matcher m = e.getKey().matcher(request);
      if (m.matches()) {
        return m.replaceAll(e.getValue());
      }
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> castMap(Object o) {
    return (Map<String, Object>) o;
  }

  private static void assertNumbers(Map<String, Object> group, List<Long> values, String what) {
    long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
    assertThat(group.get("count")).as(what).isEqualTo((long) sorted.length);
    assertThat(group.get("min_ns")).as(what).isEqualTo(sorted[0]);
    assertThat(group.get("max_ns")).as(what).isEqualTo(sorted[sorted.length - 1]);
    Map<String, Object> percentiles = castMap(group.get("percentiles_ns"));
    for (Map.Entry<String, Object> p : percentiles.entrySet()) {
      long exact = exactAt(sorted, Double.parseDouble(p.getKey()));
      long reported = (Long) p.getValue();
      // HdrHistogram with 3 significant digits: the bucket's top, never below the exact value
      assertThat(reported).as(what + " p" + p.getKey()).isBetween(exact, exact + Math.max(1, exact / 1000));
    }
  }

  /** The nearest-rank percentile of a sorted array. */
  private static long exactAt(long[] sorted, double percentile) {
    long rank = Math.max(1, (long) Math.ceil(percentile / 100.0 * sorted.length - 1e-9));
    return sorted[(int) Math.min(rank, sorted.length) - 1];
  }
}
