package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** --from/--to through the whole CLI: every command, every error a clear one with exit 2. */
class TimeWindowCliTest {

  private static final String SHOP = Path.of("..", "samples", "shop-access.log").toString();

  @Test
  void absoluteAndRelativeWindowsOnTheSameSecondsGiveTheSameNumbers() {
    // the log ends at 12:16:36 +0200: the last 5 minutes are 12:11:37 to 12:16:36
    Cli.Result relative = Cli.run("report", "--format", "json", "--from", "5m", SHOP);
    Cli.Result absolute = Cli.run("report", "--format", "json", "--from",
        "2013-12-04T12:11:37+02:00", "--to", "2013-12-04T10:16:37Z", SHOP);
    assertThat(relative.code()).as(relative.err()).isZero();
    assertThat(absolute.code()).as(absolute.err()).isZero();
    String groups = relative.out().substring(0, relative.out().indexOf("\"notes\""));
    assertThat(absolute.out()).startsWith(groups);
    assertThat(groups).contains("\"reason\" : \"outside --from/--to\"");
  }

  @Test
  void checkAndHlogTakeTheWindowToo() throws Exception {
    Path sla = Path.of("..", "samples", "shop-requirements.yaml");
    Cli.Result check = Cli.run("check", "--requirements", sla.toString(), "--from", "1m", SHOP);
    assertThat(check.code()).as(check.err()).isIn(ExitCodes.OK, ExitCodes.BUDGET_FAILED);
    assertThat(check.out()).contains("outside --from/--to");
    Path out = Files.createTempFile("window", ".hlog");
    try {
      Cli.Result hlog = Cli.run("hlog", "--from", "1m", "-o", out.toString(),
          Path.of("..", "samples", "safepoint-jdk17.log").toString());
      assertThat(hlog.code()).as(hlog.err()).isZero();
    } finally {
      Files.deleteIfExists(out);
    }
  }

  @Test
  void unclearBoundsAndStreamsAreUsageErrors() throws Exception {
    Cli.Result noZone = Cli.run("report", "--from", "2013-12-04T12:11:37", SHOP);
    assertThat(noZone.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(noZone.err()).contains("offset");
    Cli.Result empty = Cli.run("report", "--from", "5m", "--to", "10m", SHOP);
    assertThat(empty.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(empty.err()).contains("empty");
    Cli.Result follow = Cli.run("report", "--follow", "--from", "5m", SHOP);
    assertThat(follow.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(follow.err()).contains("cannot be used with --follow");
    byte[] log = Files.readAllBytes(Path.of(SHOP));
    Cli.Result stream = Cli.run(log, "report", "--from", "5m", "-");
    assertThat(stream.code()).isEqualTo(ExitCodes.USER_ERROR);
    assertThat(stream.err()).contains("stream's end is known only once it is read")
        .doesNotContain("Exception");
    Cli.Result absolute = Cli.run(log, "report", "--from", "2013-12-04T12:11:37+02:00", "-");
    assertThat(absolute.code()).as(absolute.err()).isZero();
    assertThat(absolute.out()).contains("1,490 ignored");
  }
}
