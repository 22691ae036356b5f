package tardy.render.table;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tardy.render.DisplayColumns;

class TextTableTest {

  private static final String LONG = "GET /api/v2/customers/{id}/orders/{id}/shipments/{id}/tracking-events";

  private static String table(int width, String... names) {
    TextTable t = new TextTable("operation", "count", "p50", "p99", "max").dropFirst("p50");
    for (String name : names) {
      t.add(null, name, "1,234", "12ms", "340ms", "1.2s");
    }
    StringBuilder out = new StringBuilder();
    t.write(out, false, width);
    return out.toString();
  }

  @Test
  void aLongNameIsWholeWhereTheWidthHasRoom() {
    // a pipe (no limit) and a wide terminal show the whole name; before, both cut it at 40
    assertThat(table(0, LONG)).contains(LONG);
    assertThat(table(200, LONG)).contains(LONG);
    int needed = LONG.length() + "  count    p50    p99   max".length();
    assertThat(table(needed, LONG)).contains(LONG);
    for (String line : table(needed, LONG).split("\n")) {
      assertThat(line.length()).isLessThanOrEqualTo(needed);
    }
  }

  @Test
  void aNarrowTerminalCutsTheNameFirstThenDropsColumns() {
    String at80 = table(80, LONG);
    assertThat(at80).doesNotContain(LONG).contains("…").contains("p50");
    for (String line : at80.split("\n")) {
      assertThat(line.length()).isLessThanOrEqualTo(80);
    }
  }

  @Test
  void wideNamesAlignByDisplayColumns() {
    String t = table(0, "GET /商品/一覧", "GET /\uD83D\uDE80/launch", "GET /plain/ascii/path");
    String[] lines = t.split("\n");
    int countEnd = -1;
    for (String line : lines) {
      // where the count column ends, in display columns: the same on every row
      int i = line.indexOf("count") >= 0 ? line.indexOf("count") + 5 : line.indexOf("1,234") + 5;
      int columns = DisplayColumns.of(line.substring(0, i));
      if (countEnd < 0) {
        countEnd = columns;
      }
      assertThat(columns).as(line).isEqualTo(countEnd);
    }
    assertThat(lines).hasSize(4);
  }

  @Test
  void aCutWideNameFitsTheWidthInDisplayColumns() {
    String name = "GET /" + "商品".repeat(30);
    for (String line : table(60, name).split("\n")) {
      assertThat(DisplayColumns.of(line)).as(line).isLessThanOrEqualTo(60);
    }
  }
}
