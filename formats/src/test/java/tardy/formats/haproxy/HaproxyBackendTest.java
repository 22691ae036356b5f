package tardy.formats.haproxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.events.Ascii;
import tardy.events.LogFormat;
import tardy.events.RequestEvent;
import tardy.formats.RequestsRead;

/**
 * The backend of each request of a real HAProxy with two backends (haproxy-log-generator/
 * run-backends.sh), from {@code option httplog} and from a {@code log-format} that moves {@code
 * %b} elsewhere, against the text before the slash of the line's {@code backend/server} field.
 */
class HaproxyBackendTest {

  static final class Backends extends RequestsRead<String> {
    @Override
    protected String keep(String request, RequestEvent e) {
      return e.hasBackend() ? Ascii.text(e.buf(), e.backendFrom(), e.backendTo()) : null;
    }
  }

  private static byte[] log() throws IOException {
    try (InputStream in = HaproxyBackendTest.class.getResourceAsStream("/haproxy-logs/backends.log")) {
      return in.readAllBytes();
    }
  }

  @Test
  void httplogNamesEachRequestsBackend() throws IOException {
    byte[] log = log();
    List<String> lines = new String(log, StandardCharsets.UTF_8).lines().toList();
    Backends read = RequestsRead.read(new Backends(), new HaproxyHttpFormat(), log);
    assertThat(read.events).hasSize(lines.size());
    for (int i = 0; i < lines.size(); i++) {
      String field = lines.get(i).split(" ")[3];
      assertThat(read.events.get(i)).as(lines.get(i)).isEqualTo(field.substring(0, field.indexOf('/')));
    }
    assertThat(read.events).contains("api", "www");
  }

  @Test
  void aLogFormatWithTheBackendElsewhereNamesItToo() {
    LogFormat format = new HaproxyHttpFormat()
        .fromDefinition("log-format \"%b %Ta %ST %{+Q}r\"").orElseThrow();
    byte[] log = ("api 12 200 \"GET /a HTTP/1.1\"\n" + "www 7 404 \"GET /b HTTP/1.1\"\n")
        .getBytes(StandardCharsets.UTF_8);
    Backends read = RequestsRead.read(new Backends(), format, log);
    assertThat(read.events).containsExactly("api", "www");
    LogFormat without = new HaproxyHttpFormat()
        .fromDefinition("log-format \"%Ta %ST %{+Q}r\"").orElseThrow();
    Backends none = RequestsRead.read(new Backends(),
        without, "12 200 \"GET /a HTTP/1.1\"\n".getBytes(StandardCharsets.UTF_8));
    assertThat(none.events).containsExactly((String) null);
  }
}
