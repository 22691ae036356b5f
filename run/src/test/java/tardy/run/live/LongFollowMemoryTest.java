package tardy.run.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Memory stays bounded over a long follow: twenty minutes of a log whose every request has a path
 * of its own (600,000 lines, twenty windows, 120 refreshes) in a JVM with a 64 MiB heap, and the
 * heap in use in the last window no larger than five windows in.
 */
class LongFollowMemoryTest {

  @Test
  void twentyWindowsOfUniquePathsRunIn64MiBWithoutGrowing() throws Exception {
    Process p = new ProcessBuilder(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
        "-cp", System.getProperty("java.class.path"), LongFollow.class.getName(), "1200", "50"))
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    Matcher m = Pattern.compile("lines (\\d+) counted (\\d+) refreshes (\\d+) early (\\d+) late (\\d+)")
        .matcher(out);
    assertThat(m.find()).as(out).isTrue();
    assertThat(m.group(2)).as("every line counted").isEqualTo(m.group(1));
    assertThat(Long.parseLong(m.group(1))).isEqualTo(600_050);
    assertThat(Long.parseLong(m.group(3))).isEqualTo(120);
    long early = Long.parseLong(m.group(4));
    long late = Long.parseLong(m.group(5));
    assertThat(late).as("heap in use in the last window against five windows in: " + out)
        .isLessThan(early + early / 4);
  }
}
