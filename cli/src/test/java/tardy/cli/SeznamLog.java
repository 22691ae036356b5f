package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tardy.events.Corpus;

/** The corpus's seznam/slo-exporter nginx log, written in +0200: the zone tests' real log. */
final class SeznamLog {

  /** Its log_format (its extra fields as one tail). */
  static final String FORMAT = "$remote_addr - $remote_user [$time_local] \"$request\""
      + " $status $body_bytes_sent \"$http_referer\" uag=\"$http_user_agent\""
      + " \"$http_x_forwarded_for\" ua=\"$upstream_addr\" rt=\"$request_time\""
      + " uct=\"$upstream_connect_time\" uht=\"$upstream_header_time\""
      + " urt=\"$upstream_response_time\" $seznam_tail";

  private SeznamLog() {}

  static Path path() {
    return Corpus.require("access").resolve("seznam_slo-exporter/examples/nginx_proxy/test.log");
  }

  /** The lines' local times of day, sorted, as the lines write them (each checked +0200). */
  static List<String> localTimes() throws IOException {
    return Files.readAllLines(path()).stream()
        .map(l -> l.substring(l.indexOf('[') + 1, l.indexOf(']')))
        .peek(t -> assertThat(t).endsWith(" +0200"))
        .map(t -> t.substring(t.indexOf(':') + 1, t.indexOf(' '))).sorted().toList();
  }
}
