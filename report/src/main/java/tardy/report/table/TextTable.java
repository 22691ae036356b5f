package tardy.report.table;

import java.util.ArrayList;
import java.util.List;

/**
 * Plain-text columns: the first left-aligned, the rest right-aligned, widths fitted to content.
 * A row may carry indented detail lines below it that take no part in the column widths.
 */
final class TextTable {

  private record Row(String[] cells, String style, List<String[]> details) {}

  private final List<Row> rows = new ArrayList<>();
  private final int firstColumnMax;

  TextTable(int firstColumnMax, String... header) {
    this.firstColumnMax = firstColumnMax;
    add(null, header);
  }

  /** Adds a row; {@code style} is an ANSI SGR code such as "31" (red), or null. */
  void add(String style, String... cells) {
    rows.add(new Row(cells, style, new ArrayList<>()));
  }

  /** Adds a line of text under the last row, as is (the caller escapes and indents it). */
  void detail(String style, String line) {
    rows.get(rows.size() - 1).details().add(new String[] {style, line});
  }

  void write(StringBuilder out, boolean colour) {
    int columns = rows.get(0).cells().length;
    int[] widths = new int[columns];
    for (Row row : rows) {
      for (int c = 0; c < columns; c++) {
        widths[c] = Math.max(widths[c], fit(row.cells()[c], c).length());
      }
    }
    for (int r = 0; r < rows.size(); r++) {
      Row row = rows.get(r);
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < columns; c++) {
        String cell = fit(row.cells()[c], c);
        String pad = " ".repeat(widths[c] - cell.length());
        line.append(c == 0 ? cell + pad : "  " + pad + cell);
      }
      styled(out, r == 0 ? "1" : row.style(), line.toString().stripTrailing(), colour);
      for (String[] detail : row.details()) {
        styled(out, detail[0], detail[1], colour);
      }
    }
  }

  private static void styled(StringBuilder out, String style, String text, boolean colour) {
    out.append(colour && style != null ? "\u001b[" + style + "m" + text + "\u001b[0m" : text)
        .append('\n');
  }

  private String fit(String cell, int column) {
    if (column == 0 && cell.length() > firstColumnMax) {
      return cell.substring(0, firstColumnMax - 1) + "…";
    }
    return cell;
  }
}
