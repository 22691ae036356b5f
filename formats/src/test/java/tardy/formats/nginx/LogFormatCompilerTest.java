package tardy.formats.nginx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.formats.nginx.Lines.Parsed;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.Fields;
import tardy.formats.fields.Role;

class LogFormatCompilerTest {

  private static final String MAIN = """
      log_format  main  '$remote_addr - $remote_user [$time_local] "$request" '
                        '$status $body_bytes_sent "$http_referer" '
                        '"$http_user_agent" "$http_x_forwarded_for" $request_time';
      """;

  @Test
  void multiPieceSnippetFromNginxConfJoinsItsPieces() {
    assertThat(LogFormatCompiler.body(MAIN)).isEqualTo(
        "$remote_addr - $remote_user [$time_local] \"$request\" $status $body_bytes_sent \"$http_referer\" "
            + "\"$http_user_agent\" \"$http_x_forwarded_for\" $request_time");
    FieldPlan plan = LogFormatCompiler.compile(MAIN);
    assertThat(plan.roles()).contains(Role.REQUEST_TIME, Role.REQUEST, Role.STATUS, Role.TIME_LOCAL);
    assertThat(plan.literals().length).isEqualTo(plan.roles().length + 1);
    assertThat(plan.isJsonObject()).isFalse();
  }

  @Test
  void definitionIsCompiledIntoLiteralsAndVariables() {
    FieldPlan plan = LogFormatCompiler.compile("$request_time \"$request\" $status [$time_local] $upstream_response_time");
    assertThat(plan.roles()).containsExactly(Role.REQUEST_TIME, Role.REQUEST, Role.STATUS, Role.TIME_LOCAL, Role.UPSTREAM_TIME);
    assertThat(java.util.Arrays.stream(plan.literals()).map(String::new)).containsExactly("", " \"", "\" ", " [", "] ", "");
  }

  @Test
  void nameIsOptionalAndBareQuotedBodiesWork() {
    String withoutName = "'$status $request_time'";
    assertThat(LogFormatCompiler.body(withoutName)).isEqualTo("$status $request_time");
    assertThat(LogFormatCompiler.body("log_format t escape=none \"$status\" ' $request_time';")).isEqualTo("$status $request_time");
  }

  @Test
  void bracedVariablesAndUnknownVariablesAreFine() {
    FieldPlan plan = LogFormatCompiler.compile("${status}x $my_custom_var $request_time");
    assertThat(plan.roles()).containsExactly(Role.STATUS, Role.OTHER, Role.REQUEST_TIME);
  }

  @Test
  void escapeJsonObjectIsReadByKey() {
    FieldPlan plan = LogFormatCompiler.compile(
        "log_format j escape=json '{\"t\":\"$time_iso8601\",' '\"rt\":$request_time,\"req\":\"$request\",\"s\":$status}';");
    assertThat(plan.isJsonObject()).isTrue();
    assertThat(plan.keys()).containsExactly("t", "rt", "req", "s");
  }

  @Test
  void jsonValueMixingVariablesFallsBackToPosition() {
    FieldPlan plan = LogFormatCompiler.compile("escape=json '{\"req\":\"$request_method $uri\",\"rt\":$request_time}'");
    assertThat(plan.isJsonObject()).isFalse();
  }

  @Test
  void formatWithoutRequestTimeIsRejectedWithAMessage() {
    assertThatThrownBy(() -> LogFormatCompiler.compile("log_format x '$remote_addr \"$request\" $status $upstream_response_time';"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no $request_time")
        .hasMessageContaining("$upstream_response_time is only the backend's part");
  }

  @Test
  void variablesWithoutSeparatorAreRejectedWhenOneMatters() {
    assertThatThrownBy(() -> LogFormatCompiler.compile("$status$request_time"))
        .hasMessageContaining("$status and $request_time with nothing between them");
    assertThat(LogFormatCompiler.compile("$host$server_port \"$request\" $request_time").names().get(0)).isEqualTo("host$server_port");
  }

  @Test
  void wrongEscapeEmptyAndUnclosedQuotesAreRejected() {
    assertThatThrownBy(() -> LogFormatCompiler.compile("log_format x escape=xml '$request_time';")).hasMessageContaining("escape=xml");
    assertThatThrownBy(() -> LogFormatCompiler.compile("log_format x '';")).hasMessageContaining("empty");
    assertThatThrownBy(() -> LogFormatCompiler.compile("log_format x '$request_time")).hasMessageContaining("unclosed");
  }

  @Test
  void fromDefinitionTakesStringsWithDollarsOnly() {
    assertThat(new CombinedFormat().fromDefinition("combined")).isEmpty();
    assertThat(Formats.resolve("combined").name()).isEqualTo("combined");
    LogFormat custom = Formats.resolve(MAIN);
    assertThat(custom.name()).isEqualTo(NginxFormat.CUSTOM);
    Parsed p = Lines.parse(custom.newParser(),
        "127.0.0.1 - - [06/Sep/2015:05:58:05 +0900] \"POST /foo/bar?token=xxx HTTP/1.1\" 200 12 \"-\" \"curl/7.54.0\" \"-\" 0.057");
    assertThat(p.latencyNanos()).isEqualTo(57_000_000L);
    assertThat(p.target()).isEqualTo("/foo/bar?token=xxx");
  }

  @Test
  void separateMethodAndUriVariablesMakeTheRequest() {
    LogFormat f = new CombinedFormat().fromDefinition("[$time_iso8601] $request_method $scheme \"$request_uri\" $status $request_time").orElseThrow();
    Parsed p = Lines.parse(f.newParser(), "[2024-02-10T21:23:32+01:00] GET https \"/a?b=1\" 200 0.250");
    assertThat(p.method()).isEqualTo("GET");
    assertThat(p.target()).isEqualTo("/a?b=1");
    assertThat(p.wallMillis()).isEqualTo(1_707_596_612_000L);
    assertThat(p.latencyNanos()).isEqualTo(250_000_000L);
  }

  @Test
  void msecGivesTheWallClock() {
    LogFormat f = new CombinedFormat().fromDefinition("$msec $request_time").orElseThrow();
    assertThat(Lines.parse(f.newParser(), "1700000000.123 0.001").wallMillis()).isEqualTo(1_700_000_000_123L);
    assertThat(Lines.parse(f.newParser(), "17000x0000.123 0.001").outcome()).isEqualTo(Fields.BAD_TIME);
  }
}
