package tardy.render;

import tardy.render.registry.OutputFormat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.analysis.Analysis;
import tardy.analysis.Analyzer;
import tardy.record.grouping.Grouping;
import tardy.record.Recorder;
import tardy.events.RequestEvent;

/** Paths are written by strangers: nothing of them reaches a terminal raw. */
class HostileInputTest {

  static final String ESCAPE_PATH = "/\u001b[31mred\u001b[0m/\u0007bell\u009b";

  static Analysis analysisOf(String... targets) {
    Recorder recorder = new Recorder(Grouping.DEFAULT, 100);
    RequestEvent e = new RequestEvent();
    for (String target : targets) {
      byte[] line = ("GET " + target).getBytes(StandardCharsets.UTF_8);
      recorder.request(e.reset(line).request(0, 3, 4, line.length).status(200).latencyNanos(1_000_000));
    }
    return Analyzer.analyze("tardy test", recorder, List.of());
  }

  /** A pause kind is the JVM log's text as it stands: the renderers escape it themselves. */
  static Analysis pauseAnalysisOf(String kind) {
    Recorder recorder = new Recorder(Grouping.DEFAULT, 100);
    byte[] k = kind.getBytes(StandardCharsets.UTF_8);
    recorder.pause(new tardy.events.PauseEvent().reset().family(tardy.events.Family.SAFEPOINT)
        .kind(k, 0, k.length).totalNanos(1_000_000));
    return Analyzer.analyze("tardy test", recorder, List.of());
  }

  static String render(OutputFormat format, Analysis a) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    format.renderer(View.PLAIN).render(a, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  /** A request's bytes are spelled as nginx's default escaping spells them, printable already. */
  @Test
  void requestsNameTheirControlBytesAsNginxSpellsThem() throws IOException {
    String table = render(OutputFormat.TABLE, analysisOf(ESCAPE_PATH));
    assertThat(table).doesNotContain("\u001b", "\u0007", "\u009b");
    assertThat(table).contains("GET /\\x1B[31mred\\x1B[0m/\\x07bell\\xC2\\x9B");
    String json = render(OutputFormat.JSON, analysisOf(ESCAPE_PATH, "/\"quoted\"\\"));
    assertThat(json).doesNotContain("\u001b", "\u0007");
    assertThat(json).contains("/\\\\x1B[31mred", "/\\\\x22quoted\\\\x22\\\\x5C");
  }

  @Test
  void tableShowsControlCharactersEscaped() throws IOException {
    String table = render(OutputFormat.TABLE, pauseAnalysisOf("\u001b[31mred\u001b[0m\u0007\u009b"));
    assertThat(table).doesNotContain("\u001b", "\u0007", "\u009b");
    assertThat(table).contains("\\x1b[31mred\\x1b[0m\\x07\\x9b");
  }

  @Test
  void jsonEscapesControlCharacters() throws IOException {
    String json = render(OutputFormat.JSON, pauseAnalysisOf("\u001b[31mred \"quoted\"\\"));
    assertThat(json).doesNotContain("\u001b");
    assertThat(json).contains("\\u001B[31mred \\\"quoted\\\"\\\\");
  }

  @Test
  void escapeHandlesMarkupAndBidiControls() {
    assertThat(Escape.html("<script>alert('x')</script>&")).isEqualTo("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;");
    assertThat(Escape.terminal("a\u202eb")).isEqualTo("a\\u202eb");
    assertThat(Escape.terminal("plain /path?x=1")).isEqualTo("plain /path?x=1");
  }

  @Test
  void durationsReadTheSameInEveryLocale() {
    java.util.Locale saved = java.util.Locale.getDefault();
    try {
      for (java.util.Locale l : new java.util.Locale[] {java.util.Locale.ROOT, java.util.Locale.GERMANY, java.util.Locale.forLanguageTag("tr-TR")}) {
        java.util.Locale.setDefault(l);
        assertThat(Durations.format(42_000_000)).isEqualTo("42.0ms");
        assertThat(Durations.format(1_500)).isEqualTo("1.50us");
        assertThat(Durations.format(2_345_678_901L)).isEqualTo("2.35s");
        assertThat(Durations.format(999)).isEqualTo("999ns");
        assertThat(Durations.format(0)).isEqualTo("0");
      }
    } finally {
      java.util.Locale.setDefault(saved);
    }
  }
}
