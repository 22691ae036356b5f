package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The {@code hostname} decorator read from each unified-logging line, in the decorator sets JDK
 * 17 and 25 print it with (the first lines of logs they wrote with {@code -Xlog:...:hostname}),
 * and no host where a word bracket is the tags or a pid.
 */
class DecoratorsHostTest {

  private static String hostOf(String line) {
    Decorators d = new Decorators();
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    assertThat(d.read(b, 0, b.length)).as(line).isTrue();
    return d.hostTo > d.hostFrom ? new String(b, d.hostFrom, d.hostTo - d.hostFrom,
        StandardCharsets.UTF_8) : null;
  }

  @Test
  void theHostnameDecoratorInEachSetTheJvmPrints() {
    assertThat(hostOf("[2026-11-29T22:02:07.964+0000][1.772s][web-07.dc1.example][info][gc]"
        + " GC(0) Pause Young (Normal) (G1 Evacuation Pause) 15M->4M(32M) 10.379ms"))
        .isEqualTo("web-07.dc1.example");
    assertThat(hostOf("[2.330s][vm][16612][16619][info][gc       ] GC(0) Pause Young (Normal)"
        + " (G1 Evacuation Pause) 6M->3M(64M) 6.930ms")).isEqualTo("vm");
    assertThat(hostOf("[1.922s][vm][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause)"
        + " 6M->3M(64M) 23.786ms")).as("no level: the tags follow").isEqualTo("vm");
    assertThat(hostOf("[1.922s][db-03][gc,heap] GC(0) Eden regions: 1->0(9)")).isEqualTo("db-03");
    assertThat(hostOf("[1.922s][db-03][4242][gc,cpu] GC(0) User=0.00s Sys=0.00s Real=0.01s"))
        .as("hostname and pid, no level").isEqualTo("db-03");
  }

  @Test
  void noHostWithoutTheDecorator() {
    assertThat(hostOf("[2026-11-29T22:02:07.964+0000][1.772s][info][gc] GC(0) Pause Young"))
        .isNull();
    assertThat(hostOf("[1.922s][gc] GC(0) Pause Young (Normal) 6M->3M(64M) 23.786ms"))
        .as("the tags alone").isNull();
    assertThat(hostOf("[1.922s][16612][16619][gc] GC(0) Pause Young")).as("pid, tid, tags")
        .isNull();
    assertThat(hostOf("[1.922s][gc,heap] GC(0) Eden regions: 1->0(9)")).isNull();
    assertThat(hostOf("GC(0) Pause Young (Normal) 6M->3M(64M) 23.786ms")).isNull();
  }

  /** One instance reads every line: a line without the decorator names none after one with. */
  @Test
  void eachLineItsOwn() {
    Decorators d = new Decorators();
    byte[] with = "[1.0s][web-01][info][gc] x".getBytes(StandardCharsets.UTF_8);
    byte[] without = "[1.1s][info][gc] x".getBytes(StandardCharsets.UTF_8);
    assertThat(d.read(with, 0, with.length)).isTrue();
    assertThat(d.hostTo - d.hostFrom).isEqualTo(6);
    assertThat(d.read(without, 0, without.length)).isTrue();
    assertThat(d.hostTo).isEqualTo(d.hostFrom);
  }
}
