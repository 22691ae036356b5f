package tardy.record.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class GlobTest {

  private static boolean matches(String glob, String path) {
    byte[] text = ("xx" + path + "yy").getBytes(StandardCharsets.UTF_8); // a path inside a line
    return Glob.matches(glob.getBytes(StandardCharsets.UTF_8), 0, text, 2, text.length - 2);
  }

  @Test
  void oneStarStaysInItsSegment() {
    assertThat(matches("/poll/*", "/poll/abc")).isTrue();
    assertThat(matches("/poll/*", "/poll/")).isTrue();
    assertThat(matches("/poll/*", "/poll/abc/def")).isFalse();
    assertThat(matches("/poll/*", "/polling")).isFalse();
    assertThat(matches("/*/events", "/v1/events")).isTrue();
    assertThat(matches("/*/events", "/v1/x/events")).isFalse();
  }

  @Test
  void twoStarsCrossSegments() {
    assertThat(matches("/ws/**", "/ws/a/b/c")).isTrue();
    assertThat(matches("/ws/**", "/wsx")).isFalse();
    assertThat(matches("**/socket", "/a/b/socket")).isTrue();
    assertThat(matches("**/socket", "/a/b/socket2")).isFalse();
  }

  @Test
  void questionMarkIsOneCharacterAndTheRestIsLiteral() {
    assertThat(matches("/v?/x", "/v1/x")).isTrue();
    assertThat(matches("/v?/x", "/v12/x")).isFalse();
    assertThat(matches("/v?/x", "/v//x")).isFalse();
    assertThat(matches("/a.b", "/a.b")).isTrue();
    assertThat(matches("/a.b", "/axb")).isFalse(); // not a regex
    assertThat(matches("/exact", "/exact/")).isFalse();
  }
}
