package tardy.render.table;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WrapTest {

  @Test
  void wrapsAtWordsWithAHangingIndent() {
    StringBuilder out = new StringBuilder();
    Wrap.words(out, "one two three four five", 16, "Note: ", "      ");
    assertThat(out.toString()).isEqualTo("Note: one two\n      three four\n      five\n");
  }

  @Test
  void cutsOnlyAWordLongerThanALine() {
    StringBuilder out = new StringBuilder();
    Wrap.words(out, "a /very/long/path/name b", 10, "", "  ");
    assertThat(out.toString().lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(10));
    assertThat(out.toString()).isEqualTo("a\n  /very/lo\n  ng/path/\n  name b\n");
  }

  @Test
  void noLimitKeepsOneLine() {
    StringBuilder out = new StringBuilder();
    Wrap.words(out, "x ".repeat(100).trim(), 0, "", "");
    assertThat(out.toString().lines()).hasSize(1);
  }
}
