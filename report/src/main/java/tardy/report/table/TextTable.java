package tardy.report.table;

import java.util.ArrayList;
import java.util.List;

/** Plain-text columns: the first left-aligned, the rest right-aligned, widths fitted to content. */
final class TextTable {

  private final List<String[]> rows = new ArrayList<>();
  private final List<String> rowStyles = new ArrayList<>();
  private final int firstColumnMax;

  TextTable(int firstColumnMax, String... header) {
    this.firstColumnMax = firstColumnMax;
    add(null, header);
  }

  /** Adds a row; {@code style} is an ANSI SGR code such as "31" (red), or null. */
  void add(String style, String... cells) {
    rows.add(cells);
    rowStyles.add(style);
  }

  void write(StringBuilder out, boolean colour) {
    int columns = rows.get(0).length;
    int[] widths = new int[columns];
    for (String[] row : rows) {
      for (int c = 0; c < columns; c++) {
        widths[c] = Math.max(widths[c], fit(row[c], c).length());
      }
    }
    for (int r = 0; r < rows.size(); r++) {
      String style = r == 0 ? "1" : rowStyles.get(r);
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < columns; c++) {
        String cell = fit(rows.get(r)[c], c);
        String pad = " ".repeat(widths[c] - cell.length());
        line.append(c == 0 ? cell + pad : "  " + pad + cell);
      }
      String text = line.toString().stripTrailing();
      out.append(colour && style != null ? "\u001b[" + style + "m" + text + "\u001b[0m" : text)
          .append('\n');
    }
  }

  private String fit(String cell, int column) {
    if (column == 0 && cell.length() > firstColumnMax) {
      return cell.substring(0, firstColumnMax - 1) + "…";
    }
    return cell;
  }
}
