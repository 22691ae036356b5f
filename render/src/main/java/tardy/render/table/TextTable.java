package tardy.render.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tardy.render.DisplayColumns;
import tardy.render.Escape;

/**
 * Plain-text columns: the first left-aligned, the rest right-aligned, widths fitted to content
 * and measured in display columns (a CJK character or an emoji takes two). A row may carry
 * indented detail lines below it that take no part in the column widths.
 *
 * <p>Names are whole whenever the width allows: with no limit (a pipe or a file) they are never
 * cut, however long.
 *
 * <p>On a terminal narrower than the table, it is fitted in this order, and no further than
 * needed: the first column (the names) is abbreviated with "…" down to {@value #NAME_MIN}
 * characters (or as {@link #namesAtLeast} says); then the columns named in {@link #dropFirst} are left out, in the order given;
 * then the names are abbreviated down to {@value #NAME_FLOOR}. Detail lines wrap at word
 * boundaries.
 */
final class TextTable {

  static final int NAME_MIN = 20;
  static final int NAME_FLOOR = 8;
  private static final String GAP = "  ";

  private record Row(String[] cells, String style, List<String[]> details) {}

  private final List<Row> rows = new ArrayList<>();
  private List<String> dropOrder = List.of();
  private List<String> leftAligned = List.of();
  private int nameMin = NAME_MIN;

  TextTable(String... header) {
    add(null, header);
  }

  /** The headers of the columns a narrow terminal loses, the least needed first. */
  TextTable dropFirst(String... headers) {
    dropOrder = List.of(headers);
    return this;
  }

  /** Columns of text (ids, file names) aligned left like the names, not right like figures. */
  TextTable leftAligned(String... headers) {
    leftAligned = List.of(headers);
    return this;
  }

  /** Names this long or shorter are kept whole until every droppable column is gone. */
  TextTable namesAtLeast(int width) {
    nameMin = width;
    return this;
  }

  /** Adds a row; {@code style} is an ANSI SGR code such as "31" (red), or null. */
  void add(String style, String... cells) {
    String[] escaped = new String[cells.length]; // names come from logs and requirements files
    for (int i = 0; i < cells.length; i++) {
      escaped[i] = Escape.terminal(cells[i]);
    }
    rows.add(new Row(escaped, style, new ArrayList<>()));
  }

  /** Adds a line of text under the last row, escaped (the caller indents it). */
  void detail(String style, String line) {
    rows.get(rows.size() - 1).details().add(new String[] {style, Escape.terminal(line)});
  }

  /** Writes the table in at most {@code width} columns (0: no limit). */
  void write(StringBuilder out, boolean colour, int width) {
    int columns = rows.get(0).cells().length;
    int[] widths = new int[columns];
    for (Row row : rows) {
      for (int c = 0; c < columns; c++) {
        widths[c] = Math.max(widths[c], DisplayColumns.of(row.cells()[c]));
      }
    }
    boolean[] shown = new boolean[columns];
    Arrays.fill(shown, true);
    if (width > 0) {
      fit(widths, shown, width);
    }
    boolean[] left = new boolean[columns];
    for (int c = 1; c < columns; c++) {
      left[c] = leftAligned.contains(rows.get(0).cells()[c]);
    }
    for (int r = 0; r < rows.size(); r++) {
      Row row = rows.get(r);
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < columns; c++) {
        if (!shown[c]) {
          continue;
        }
        line.append(c == 0
            ? DisplayColumns.padRight(DisplayColumns.cut(row.cells()[0], widths[0]), widths[0])
            : GAP + (left[c] ? DisplayColumns.padRight(row.cells()[c], widths[c])
                : DisplayColumns.padLeft(row.cells()[c], widths[c])));
      }
      styled(out, r == 0 ? "1" : row.style(), line.toString().stripTrailing(), colour, 0);
      for (String[] detail : row.details()) {
        styled(out, detail[0], detail[1], colour, width);
      }
    }
  }

  private void fit(int[] widths, boolean[] shown, int width) {
    int excess = total(widths, shown) - width;
    if (excess > 0) {
      widths[0] -= Math.min(excess, Math.max(0, widths[0] - nameMin));
    }
    for (String header : dropOrder) {
      if (total(widths, shown) <= width) {
        return;
      }
      int c = Arrays.asList(rows.get(0).cells()).indexOf(header);
      if (c > 0) {
        shown[c] = false;
      }
    }
    excess = total(widths, shown) - width;
    if (excess > 0) {
      widths[0] -= Math.min(excess, Math.max(0, widths[0] - NAME_FLOOR));
    }
  }

  private static int total(int[] widths, boolean[] shown) {
    int sum = 0;
    for (int c = 0; c < widths.length; c++) {
      sum += shown[c] ? widths[c] + (c == 0 ? 0 : GAP.length()) : 0;
    }
    return sum;
  }

  /** A detail line keeps its indent when it wraps, two more columns in. */
  private static void styled(StringBuilder out, String style, String text, boolean colour,
      int width) {
    int indent = 0;
    while (indent < text.length() && text.charAt(indent) == ' ') {
      indent++;
    }
    StringBuilder wrapped = new StringBuilder();
    Wrap.words(wrapped, text.substring(indent), width, text.substring(0, indent),
        " ".repeat(indent + 2));
    for (String line : wrapped.toString().split("\n")) {
      out.append(colour && style != null ? "\u001b[" + style + "m" + line + "\u001b[0m" : line)
          .append('\n');
    }
  }
}
