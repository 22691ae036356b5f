package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --log-format} names a format for the inputs it is meant for: one for no input in
 * particular applies to the inputs of its family (a custom access-log format beside a GC log for
 * the timeline), {@code GLOB=FORMAT} to the inputs it matches; and an input read with a named
 * format of which no line parsed is an input error (exit 2) in every command, not a report.
 */
class LogFormatPerInputTest {

  private static final Path DIR = Path.of("..", "samples", "timeline", "g1-time");
  private static final String ACCESS = DIR.resolve("access-msec.log").toString();
  private static final String JVM = DIR.resolve("jvm.log").toString();
  /** The log_format the access log was written with (samples/timeline/run.sh), as nginx.conf has it. */
  private static final String PRECISE = "{\"msec\":\"$msec\",\"time_iso8601\":\"$time_iso8601\","
      + "\"request\":\"$request\",\"status\":\"$status\",\"request_time\":\"$request_time\","
      + "\"upstream_response_time\":\"$upstream_response_time\"}";

  @TempDir Path dir;

  /** The JVM log's pauses, by string search: safepoints and GC pauses. */
  private static long pauses() throws IOException {
    List<String> log = Files.readAllLines(Path.of(JVM));
    return log.stream().filter(l -> l.contains("Safepoint \"")
        || l.matches(".*GC\\(\\d+\\) Pause .* [0-9.]+ms")).count();
  }

  /** "lines", "parsed", "malformed" of one input of the JSON report. */
  private static long[] lines(String json, String input) {
    Matcher m = Pattern.compile("\"source\" : \"" + Pattern.quote(input) + "\",\\s*\"format\" : \""
        + "[^\"]*\",\\s*\"lines\" : (\\d+),\\s*\"parsed\" : (\\d+),\\s*\"ignored\" : (\\d+),\\s*"
        + "\"malformed\" : (\\d+)").matcher(json);
    assertThat(m.find()).as(json).isTrue();
    return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
        Long.parseLong(m.group(4))};
  }

  /**
   * Before, the access log's format was forced on the GC log too: all its lines malformed, no
   * timeline. Now the GC log is detected, and the report is the one without --log-format but for
   * the format's name.
   */
  @Test
  void aCustomAccessLogFormatLeavesTheJvmLogToDetection() throws IOException {
    Cli.Result detected = Cli.run("report", "--format", "json", ACCESS, JVM);
    Cli.Result named = Cli.run("report", "--format", "json", "--log-format", PRECISE, ACCESS, JVM);
    assertThat(named.code()).as(named.err()).isEqualTo(ExitCodes.OK);
    long[] jvm = lines(named.out(), JVM);
    assertThat(jvm[0]).isEqualTo(Files.readAllLines(Path.of(JVM)).size());
    assertThat(jvm[2]).isZero();
    assertThat(lines(named.out(), ACCESS)[1])
        .isEqualTo(Files.readAllLines(Path.of(ACCESS)).size());
    assertThat(named.out()).contains("\"pauses\" : " + pauses() + ",");
    assertThat(named.out().replace("\"format\" : \"nginx-custom\"", "\"format\" : \"nginx-json\""))
        .isEqualTo(detected.out());
  }

  @Test
  void globsNameTheFormatOfEachInput() {
    Cli.Result detected = Cli.run("report", "--format", "json", ACCESS, JVM);
    Cli.Result named = Cli.run("report", "--format", "json", "--log-format",
        "access*.log=nginx-json", "--log-format", "jvm.log=jvm-unified", ACCESS, JVM);
    assertThat(named.code()).as(named.err()).isEqualTo(ExitCodes.OK);
    assertThat(named.out()).isEqualTo(detected.out());
  }

  @Test
  void aGlobThatMatchesNoInputIsRefused() {
    Cli.Result r = Cli.run("report", "--log-format", "acess*.log=nginx-json", ACCESS, JVM);
    assertThat(r.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(r.err()).startsWith("tardy: --log-format 'acess*.log=nginx-json': its glob matches"
        + " none of the inputs");
  }

  /** A log_format with "name=" in it is a format, not GLOB=FORMAT. */
  @Test
  void aLogFormatWithAnEqualsSignIsNoGlob() throws IOException {
    Path log = Files.writeString(dir.resolve("rt.log"),
        "rt=0.120 [24/Nov/2026:03:08:15 +0000] \"GET /a HTTP/1.1\" 200\n"
            + "rt=0.340 [24/Nov/2026:03:08:16 +0000] \"GET /b HTTP/1.1\" 200\n");
    Cli.Result r = Cli.run("report", "--format", "json", "--log-format",
        "rt=$request_time [$time_local] \"$request\" $status", log.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
    assertThat(lines(r.out(), log.toString())[1]).isEqualTo(2);
  }

  /**
   * A format named for an input of which no line parsed: report and hlog exit 2 as check does,
   * with one line naming the input (before: report exited 0 with a note; hlog read the JVM log
   * with the access-log format too).
   */
  @Test
  void aNamedFormatThatParsesNothingIsAnInputError() throws IOException {
    Path notes = Files.writeString(dir.resolve("notes.txt"), "hello world\nfoo bar\n");
    for (String command : List.of("report", "hlog")) {
      Cli.Result r = command.equals("hlog")
          ? Cli.run("hlog", "--log-format", "combined", notes.toString(), JVM, "-o",
              dir.resolve("x.hlog").toString())
          : Cli.run("report", "--log-format", "combined", notes.toString(), JVM);
      assertThat(r.code()).as(command).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).as(command).isEqualTo("tardy: " + notes + ": no line was parsed as"
          + " combined, the format --log-format named for it (2 lines: 2 malformed, 0 ignored;"
          + " most often malformed: line does not match the log_format, first on line 1): is it"
          + " the right log, and the right --log-format?\n");
    }
    Cli.Result forced = Cli.run("report", "--log-format", "jvm.log=nginx-json", ACCESS, JVM);
    assertThat(forced.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(forced.err()).contains(JVM + ": no line was parsed as nginx-json, the format"
        + " --log-format named for it");
  }
}
