package tardy.formats.nginx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tardy.events.Corpus;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.Sample;

/**
 * Every nginx log of the shared access corpus (see its INDEX.tsv), read line by line: the
 * expected number of parsed lines comes from a plain pattern for the lines of the expected shape,
 * and every other line must be rejected with a reason. The corpus's other servers' logs must not
 * look like any nginx built-in.
 */
class NginxCorpusTest {

  /** A corpus file, the format to read it with (built-in name or log_format), and what a parseable line looks like. */
  record Case(String file, String format, String parseable) {
    @Override
    public String toString() {
      return file;
    }
  }

  private static final String COMBINED = "$remote_addr - $remote_user [$time_local] \"$request\" $status $body_bytes_sent \"$http_referer\" \"$http_user_agent\"";
  private static final String SEZNAM = COMBINED.substring(0, COMBINED.indexOf(" \"$http_user_agent\""))
      + " uag=\"$http_user_agent\" \"$http_x_forwarded_for\" ua=\"$upstream_addr\" rt=\"$request_time\" $seznam_tail";

  static Stream<Case> nginxLogs() {
    return Stream.of(
        new Case("seznam_slo-exporter/examples/nginx_proxy/test.log",
            SEZNAM.replace(" $seznam_tail", " uct=\"$upstream_connect_time\" uht=\"$upstream_header_time\" urt=\"$upstream_response_time\" $seznam_tail"),
            "rt=\"\\d+\\.\\d+\""),
        new Case("seznam_slo-exporter/test/Test_MetricsInitialization/logs", SEZNAM, "rt=\"\\d+\\.\\d+\""),
        new Case("seznam_slo-exporter/test/Test_SloHeaders/logs", SEZNAM, "rt=\"\\d+\\.\\d+\""),
        new Case("seznam_slo-exporter/test/Test_SloHeadersUpdateCache/logs", SEZNAM, "rt=\"\\d+\\.\\d+\""),
        new Case("elastic_beats/filebeat/module/nginx/ingress_controller/test/test.log",
            "log_format upstreaminfo '" + COMBINED + " $request_length $request_time [$proxy_upstream_name] [$proxy_alternative_upstream_name] "
                + "$upstream_addr $upstream_response_length $upstream_response_time $upstream_status $req_id';",
            "\" \\d+ \\d+\\.\\d{3} \\["),
        new Case("crowdsecurity_hub/.tests/npmplus-logs/npmplus-logs.log",
            "'[$time_local] $host $remote_addr $request_time \"$request\" $status $body_bytes_sent $bytes_sent $http_referer $http_user_agent'",
            "^\\[\\S+ [+-]\\d{4}\\] \\S+ \\S+ \\d+\\.\\d{3} \""),
        new Case("netdata_go.d.plugin/modules/weblog/testdata/full.log",
            "$host:$server_port $remote_addr - - [$time_local] \"$request\" $status $body_bytes_sent $request_length $request_time "
                + "$upstream_response_time $scheme $ssl_protocol $ssl_cipher $side $drink $random_time_field",
            "\" \\d{3} \\d+ \\d+ \\d+\\.\\d+ "),
        new Case("tkuchiki_alp/example/logs/combined_access.log", COMBINED + " \"$http_x_forwarded_for\" $request_time", "\" \\d+\\.\\d{3}$"),
        new Case("tkuchiki_alp/example/logs/json_access.log",
            "log_format alp escape=json '{\"time\":\"$time_iso8601\",\"method\":\"$request_method\",\"uri\":\"$request_uri\","
                + "\"status\":$status,\"body_bytes\":$body_bytes_sent,\"response_time\":$request_time,\"ua\":\"$http_user_agent\"}';",
            "\"response_time\":\\d"),
        new Case("martin-helmich_prometheus-nginxlog-exporter/features/issues.feature.issue217-lines.log",
            "$host " + COMBINED + " $request_time \"$upstream_response_time\" $pipe $ssl_protocol/$ssl_cipher $x $server_name",
            "\" \\d+\\.\\d{3} \""),
        new Case("lucascostamr_rinha-backend-2024/nginx/access.log",
            "' to: $upstream_addr {$request} upstream_response_time $upstream_response_time request_time $request_time'",
            "request_time \\d+\\.\\d{3}$"),
        new Case("EmilLaursen_nginx_text/nginx/access.log", COMBINED.replace("\" $status", "\" $request_time $status") + " \"$http_x_forwarded_for\"",
            "\" \\d+\\.\\d{3} \\d{3} "),
        new Case("matomo-org_matomo-log-analytics/tests/logs/nginx_json.log", "nginx-json", "\"request_time\""));
  }

  /** Logs of other servers, or nginx logs without a request time: no nginx built-in may claim them. */
  static Stream<String> notForBuiltIns() {
    return Stream.of(
        "crowdsecurity_hub/.tests/docker-logs/docker-logs.log", "crowdsecurity_hub/.tests/cri-logs/cri-logs.log",
        "crowdsecurity_hub/.tests/traefik_clf/traefik_clf.log", "crowdsecurity_hub/.tests/traefik_json/traefik_json.log",
        "crowdsecurity_hub/.tests/caddy-logs/caddy-logs.log", "crowdsecurity_hub/.tests/aws-alb-logs/aws-alb-logs.log",
        "crowdsecurity_hub/.tests/haproxy-logs/haproxy-logs.log", "netdata_go.d.plugin/modules/weblog/testdata/u_ex221107.log",
        "netdata_go.d.plugin/modules/weblog/testdata/common.log", "netdata_go.d.plugin/modules/weblog/testdata/custom_time_fields.log",
        "netdata_go.d.plugin/modules/weblog/testdata/full.log", "tstack_lnav/test/logfile_w3c.3", "tstack_lnav/test/logfile_w3c_big.0",
        "tstack_lnav/test/logfile_shop_access_log.0", "tstack_lnav/test/logfile_bad_access_log.0",
        "matomo-org_matomo-log-analytics/tests/logs/gandi.log", "matomo-org_matomo-log-analytics/tests/logs/icecast2.log",
        "matomo-org_matomo-log-analytics/tests/logs/elb.log", "matomo-org_matomo-log-analytics/tests/logs/nginx_json.log",
        "matomo-org_matomo-log-analytics/tests/logs/common_encoding_big5.log", "tkuchiki_alp/example/logs/ltsv_access.log",
        "tkuchiki_alp/example/logs/json_access.log",
        "elastic_beats/filebeat/module/nginx/access/test/test.log", "crowdsecurity_hub/.tests/nginx-http-malformed/nginx_http-logs.log",
        "crowdsecurity_hub/.tests/bunkerweb-http-malformed/bunkerweb-http-malformed.log",
        "crowdsecurity_hub/.tests/nginx-proxy-manager-logs/nginx-proxy-manager-logs.log",
        "seznam_slo-exporter/examples/nginx_proxy/test.log", "elastic_beats/filebeat/module/nginx/ingress_controller/test/test.log",
        "crowdsecurity_hub/.tests/npmplus-logs/npmplus-logs.log", "lucascostamr_rinha-backend-2024/nginx/access.log",
        "EmilLaursen_nginx_text/nginx/access.log", "martin-helmich_prometheus-nginxlog-exporter/features/issues.feature.issue217-lines.log");
  }

  private static List<String> lines(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1).lines().toList();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nginxLogs")
  void everyLineIsParsedOrRejectedWithAReason(Case c) throws IOException {
    byte[] bytes = Files.readAllBytes(Corpus.require("access").resolve(c.file()));
    LogFormat format = Formats.resolve(c.format());
    Collecting read = Collecting.read(format, bytes);
    List<String> lines = lines(bytes);
    Pattern parseable = Pattern.compile(c.parseable());
    long expected = lines.stream().filter(l -> parseable.matcher(l).find()).count();

    assertThat(read.stats.lines()).isEqualTo(lines.size());
    assertThat(read.stats.parsed() + read.stats.ignored() + read.stats.malformed()).isEqualTo(read.stats.lines());
    assertThat(read.stats.parsed()).as("parsed lines of %s; rejects %s", c.file(), read.rejects).isEqualTo(expected);
    assertThat(read.events).hasSize((int) expected);
    List<String> reasons = new ArrayList<>();
    read.stats.reasons().forEach(r -> reasons.add(r.outcome() + " x" + r.count() + " (lines " + r.firstLines() + ")"));
    System.out.printf("corpus %s: %d lines, %d parsed; %s%n", c.file(), read.stats.lines(), read.stats.parsed(), reasons);
  }

  /**
   * nginx's "main" format with {@code $request_time} appended holds every field of combined plus
   * {@code "$http_x_forwarded_for"}: combined reads it, skipping the extra field, with exactly the
   * events its own log_format gives.
   */
  @org.junit.jupiter.api.Test
  void combinedReadsMainWithRequestTimeLikeItsOwnFormat() throws IOException {
    Case main = nginxLogs().filter(c -> c.file().contains("alp/example/logs/combined")).findFirst().orElseThrow();
    byte[] bytes = Files.readAllBytes(Corpus.require("access").resolve(main.file()));
    Collecting exact = Collecting.read(Formats.resolve(main.format()), bytes);
    Collecting combined = Collecting.read(new CombinedFormat(), bytes);
    assertThat(exact.events).isNotEmpty();
    assertThat(combined.events).isEqualTo(exact.events);
    assertThat(combined.stats.parsed()).isEqualTo(exact.stats.parsed());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("notForBuiltIns")
  void noBuiltInClaimsOtherLogsOrLogsWithoutItsFields(String file) throws IOException {
    byte[] bytes = Files.readAllBytes(Corpus.require("access").resolve(file));
    Sample sample = new Sample(lines(bytes).stream().limit(Sample.MAX_LINES).map(l -> l.getBytes(StandardCharsets.ISO_8859_1)).toList());
    for (LogFormat builtIn : List.of(new CombinedFormat(), new CombinedUpstreamFormat(), new NginxJsonFormat())) {
      assertThat(builtIn.detect(sample)).as("%s on %s", builtIn.name(), file).isLessThan(Match.SOLID);
    }
  }
}
