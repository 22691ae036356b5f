package tardy.formats.httpd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.events.EventSink;
import tardy.events.Outcome;
import tardy.events.RequestEvent;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/** httpd's LogFormat strings: which directive is the request time, in which unit, and the rest. */
class LogFormatLineTest {

  private static long latency(String format, String line) {
    long[] nanos = {-1};
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    Outcome o = LogFormatLine.compile(format).newParser().parse(b, 0, b.length, new EventSink() {
      @Override
      public void request(RequestEvent e) {
        nanos[0] = e.latencyNanos();
      }

      @Override
      public void pause(tardy.events.PauseEvent e) {}
    });
    assertThat(o.isParsed()).as(o.toString()).isTrue();
    return nanos[0];
  }

  @Test
  void eachDurationDirectiveHasItsUnit() {
    assertThat(latency("%D \"%r\"", "1500 \"GET / HTTP/1.1\"")).isEqualTo(1_500_000L);
    assertThat(latency("%{us}T \"%r\"", "1500 \"GET / HTTP/1.1\"")).isEqualTo(1_500_000L);
    assertThat(latency("%{ms}T \"%r\"", "1500 \"GET / HTTP/1.1\"")).isEqualTo(1_500_000_000L);
    assertThat(latency("%T \"%r\"", "2 \"GET / HTTP/1.1\"")).isEqualTo(2_000_000_000L);
    assertThat(latency("%{s}T \"%r\"", "2 \"GET / HTTP/1.1\"")).isEqualTo(2_000_000_000L);
  }

  @Test
  void theFinestDurationIsTheRequestTime() {
    FieldPlan plan = LogFormatLine.compile("%T %{ms}T %D %>s");
    assertThat(plan.roles()).containsExactly(Role.OTHER, Role.OTHER, Role.REQUEST_TIME, Role.STATUS);
    assertThat(plan.requestTimeUnit()).isEqualTo(Unit.WHOLE_MICROSECONDS);
    assertThat(latency("%T %{ms}T %D", "0 12 12345")).isEqualTo(12_345_000L);
  }

  @Test
  void httpdPrintsWholeNumbersSoADecimalIsNotItsDuration() {
    byte[] b = "0.062 200".getBytes(StandardCharsets.UTF_8);
    assertThat(LogFormatLine.compile("%D %>s").newParser().parse(b, 0, b.length, EventSink.DISCARD))
        .isEqualTo(Unit.WHOLE_MICROSECONDS.malformed());
  }

  @Test
  void theTimePrintsItsBracketsAndTheFinalStatusWins() {
    FieldPlan plan = LogFormatLine.compile("%h %t %s %>s %D");
    assertThat(plan.roles()).containsExactly(Role.OTHER, Role.TIME_LOCAL, Role.OTHER, Role.STATUS, Role.REQUEST_TIME);
    assertThat(new String(plan.literals()[1], StandardCharsets.UTF_8)).isEqualTo(" [");
    assertThat(LogFormatLine.compile("%s %D").roles()).containsExactly(Role.STATUS, Role.REQUEST_TIME);
  }

  @Test
  void pathAndQueryWithNothingBetweenAreOneTarget() {
    FieldPlan plan = LogFormatLine.compile("%m %U%q %D");
    assertThat(plan.roles()).containsExactly(Role.METHOD, Role.REQUEST_URI, Role.REQUEST_TIME);
    assertThat(plan.names()).containsExactly("m", "U%q", "D");
  }

  @Test
  void configLinesAreUnquotedAsHttpdReadsThem() {
    assertThat(LogFormatLine.body("LogFormat \"%h \\\"%r\\\" %D\" timed")).isEqualTo("%h \"%r\" %D");
    assertThat(LogFormatLine.body("CustomLog logs/access.log \"%h %D\"")).isEqualTo("%h %D");
    assertThat(LogFormatLine.body("%h \"%r\" %D")).isEqualTo("%h \"%r\" %D");
    assertThat(LogFormatLine.compile("%h %% %D").literals()[1]).isEqualTo(" % ".getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void unusableFormatsAreRefusedWithAMessage() {
    assertThatThrownBy(() -> LogFormatLine.compile("%h \"%r\" %>s")).hasMessageContaining("no %D, %T or %{ms}T");
    assertThatThrownBy(() -> LogFormatLine.compile("%>s%D")).hasMessageContaining("%>s and %D with nothing between them");
    assertThatThrownBy(() -> LogFormatLine.compile("%{Referer i %D")).hasMessageContaining("unclosed {");
    assertThatThrownBy(() -> LogFormatLine.compile("LogFormat \"%D")).hasMessageContaining("unclosed \"");
    assertThatThrownBy(() -> LogFormatLine.compile("%D %5")).hasMessageContaining("no directive");
    assertThatThrownBy(() -> LogFormatLine.compile("  ")).hasMessageContaining("empty");
  }

  @Test
  void nginxDefinitionsStayNginxs() {
    assertThat(new HttpdCombinedFormat().fromDefinition("$remote_addr %D $request_time")).isEmpty();
    assertThat(new HttpdCombinedFormat().fromDefinition("combined")).isEmpty();
    assertThat(tardy.formats.Formats.resolve("%h \"%r\" %>s %D").name()).isEqualTo(HttpdFormat.CUSTOM);
    assertThat(List.of(tardy.formats.Formats.resolve("LogFormat \"%h %D\" x").definition()))
        .containsExactly("LogFormat \"%h %D\" x");
  }
}
