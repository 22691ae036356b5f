package tardy.formats;

import tardy.events.LogFormat;
import tardy.events.Sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which input a format named with --log-format applies to. */
class FormatChoiceTest {

  private static final Sample ACCESS = Sample.ofText(List.of(
      "10.0.0.1 - - [24/Nov/2026:03:08:15 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"curl\" 0.120"));
  private static final Sample JVM = Sample.ofText(List.of(
      "[2026-11-24T03:08:15.941+0000][0.010s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation"
          + " Pause) 24M->4M(256M) 3.456ms"));
  private static final Sample NOTHING = Sample.ofText(List.of("hello world", "foo bar"));

  @Test
  void aGlobIsAFileNameWithAGlobOrAPathMark() {
    assertThat(FormatChoice.isGlob("access*.log")).isTrue();
    assertThat(FormatChoice.isGlob("logs/gc.log")).isTrue();
    assertThat(FormatChoice.isGlob("-")).isTrue();
    assertThat(FormatChoice.isGlob("rt")).isFalse(); // log_format 'rt=$request_time …'
    assertThat(FormatChoice.isGlob("$remote_addr rt")).isFalse();
    assertThat(FormatChoice.isGlob("{\"msec\":\"$msec\",\"a\"")).isFalse();
  }

  @Test
  void globsMatchTheNameOrTheFileName() {
    assertThat(FormatChoice.matches("access*.log", "/var/log/nginx/access.log")).isTrue();
    assertThat(FormatChoice.matches("access*.log", "access-2.log")).isTrue();
    assertThat(FormatChoice.matches("logs/*.gz", "logs/a.gz")).isTrue();
    assertThat(FormatChoice.matches("*.gz", "logs/a.log")).isFalse();
    assertThat(FormatChoice.matches("a?.log", "ab.log")).isTrue();
    assertThat(FormatChoice.matches("a*.log", "a/b.log")).isFalse();
  }

  @Test
  void aFormatForNoInputInParticularAppliesToItsFamily() {
    FormatChoice access = FormatChoice.parse(List.of("combined"));
    assertThat(access.forInput("a.log", ACCESS)).map(LogFormat::name).contains("combined");
    assertThat(access.forInput("n.txt", NOTHING)).map(LogFormat::name).contains("combined");
    assertThat(access.forInput("gc.log", JVM)).isEmpty();
    FormatChoice jvm = FormatChoice.parse(List.of("jdk8-gc"));
    assertThat(jvm.forInput("gc.log", JVM)).map(LogFormat::name).contains("jdk8-gc");
    assertThat(jvm.forInput("a.log", ACCESS)).isEmpty();
    assertThat(jvm.forInput("n.txt", NOTHING)).map(LogFormat::name).contains("jdk8-gc");
  }

  @Test
  void aGlobAppliesWhateverTheLinesLookLike() {
    FormatChoice c = FormatChoice.parse(List.of("gc*.log=combined", "jdk8-gc"));
    assertThat(c.forInput("gc-1.log", JVM)).map(LogFormat::name).contains("combined");
    assertThat(c.forInput("other.log", JVM)).map(LogFormat::name).contains("jdk8-gc");
    assertThat(c.forInput("other.log", ACCESS)).isEmpty();
    assertThat(c.unmatched(List.of("gc-1.log"))).isEmpty();
    assertThat(c.unmatched(List.of("x.log"))).containsExactly("gc*.log=combined");
  }

  @Test
  void twoFormatsForEveryInputOfOneFamilyAreRefused() {
    assertThatThrownBy(() -> FormatChoice.parse(List.of("combined", "nginx-json")))
        .hasMessageContaining("are both for every access log");
  }
}
