package tardy.events;

import tardy.formats.Formats;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tardy.formats.wrap.Wrapper;
import tardy.formats.wrap.Wrappers;

/**
 * A format's definition resolves back to the same format: a driver that parses on another
 * machine ships the definition, and must read the lines as the planning machine would.
 */
class FormatDefinitionTest {

  private static final String CUSTOM =
      "$remote_addr [$time_local] \"$request\" $status $request_time";
  private static final String LINE =
      "10.0.0.1 [22/Nov/2026:10:00:00 +0000] \"GET /a/1 HTTP/1.1\" 200 0.042";

  @Test
  void everyFormatAndEveryWrappingOfItResolvesFromItsDefinition() {
    for (LogFormat format : Formats.all()) {
      assertSame(format);
      for (Wrapper wrapper : Wrappers.all()) {
        assertSame(Formats.resolve(wrapper.name() + "+" + format.name()));
      }
    }
  }

  @Test
  void aUsersLogFormatResolvesFromItsDefinitionAndReadsTheSame() {
    LogFormat custom = Formats.resolve(CUSTOM);
    assertThat(custom.definition()).isEqualTo(CUSTOM);
    assertSame(custom);
    LogFormat wrapped = Formats.resolve("cri+" + CUSTOM);
    assertThat(Formats.resolve(wrapped.definition()).definition()).isEqualTo(wrapped.definition());
    assertThat(parsedRequests(Formats.resolve(custom.definition()))).isEqualTo(1);
  }

  private static void assertSame(LogFormat format) {
    LogFormat again = Formats.resolve(format.definition());
    assertThat(again.name()).isEqualTo(format.name());
    assertThat(again.definition()).isEqualTo(format.definition());
  }

  private static int parsedRequests(LogFormat format) {
    int[] requests = {0};
    byte[] line = LINE.getBytes(StandardCharsets.UTF_8);
    format.newParser().parse(line, 0, line.length, new EventSink() {
      @Override
      public void request(RequestEvent e) {
        requests[0]++;
      }

      @Override
      public void pause(PauseEvent e) {}
    });
    return requests[0];
  }
}
