package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DisplayColumnsTest {

  @Test
  void wideCharactersTakeTwoColumnsAndMarksNone() {
    assertThat(DisplayColumns.of("/api/users")).isEqualTo(10);
    assertThat(DisplayColumns.of("/商品/一覧")).isEqualTo(1 + 4 + 1 + 4); // four ideographs
    assertThat(DisplayColumns.of("/검색")).isEqualTo(5); // Hangul syllables
    assertThat(DisplayColumns.of("/\uD83D\uDE80")).isEqualTo(3); // U+1F680, one code point, two chars
    assertThat(DisplayColumns.of("/cafe\u0301")).isEqualTo(5); // e and a combining acute
  }

  @Test
  void cutKeepsWholeCharactersAndFitsTheColumns() {
    assertThat(DisplayColumns.cut("/商品/一覧", 20)).isEqualTo("/商品/一覧");
    // 6 columns: "/商品" takes 5, the ellipsis the sixth; half an ideograph is never shown
    assertThat(DisplayColumns.cut("/商品/一覧", 6)).isEqualTo("/商品…");
    assertThat(DisplayColumns.cut("/商品/一覧", 5)).isEqualTo("/商…");
    assertThat(DisplayColumns.of(DisplayColumns.cut("/商品/一覧", 5))).isEqualTo(4);
    assertThat(DisplayColumns.cut("/\uD83D\uDE80\uD83D\uDE80", 4)).isEqualTo("/\uD83D\uDE80…");
    assertThat(DisplayColumns.cut("/abcdef", 4)).isEqualTo("/ab…");
  }

  @Test
  void padsToDisplayColumns() {
    assertThat(DisplayColumns.padRight("/商品", 8)).isEqualTo("/商品   ");
    assertThat(DisplayColumns.padLeft("商", 4)).isEqualTo("  商");
  }
}
