package tardy.render.compare;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import tardy.analysis.compare.Change;
import tardy.analysis.compare.Comparison;
import tardy.analysis.compare.OperationChange;
import tardy.render.Escape;

/**
 * One row per operation and percentile (an operation on one side only: one row without
 * percentile), durations in integer nanoseconds. The column names are a public format.
 */
public final class CompareCsv {

  public static final List<String> COLUMNS = List.of("family", "key", "presence", "before_count",
      "after_count", "percentile", "before_ns", "after_ns", "change_ns", "relative_change",
      "p_value", "significance");

  private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator("\n")
      .setHeader(COLUMNS.toArray(String[]::new)).get();

  private CompareCsv() {}

  public static void render(Comparison c, OutputStream out) throws IOException {
    Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
    CSVPrinter printer = new CSVPrinter(writer, FORMAT);
    for (OperationChange op : c.operations()) {
      if (op.changes().isEmpty()) {
        printer.printRecord(op.family().key(), text(op.key()), op.presence().word(),
            op.beforeCount(), op.afterCount(), "", "", "", "", "", "", "");
      }
      for (Change ch : op.changes()) {
        BigDecimal relative = CompareWords.relativeFraction(ch);
        BigDecimal p = CompareWords.pValue(ch.pValue());
        printer.printRecord(op.family().key(), text(op.key()), op.presence().word(),
            op.beforeCount(), op.afterCount(), ch.label(), ch.beforeNanos(), ch.afterNanos(),
            ch.deltaNanos(), relative == null ? "" : relative.toPlainString(),
            p == null ? "" : p.toPlainString(), ch.verdict().word());
      }
    }
    printer.flush();
  }

  /** Control characters escaped, and a formula's first character defused, as the report's CSV. */
  private static String text(String s) {
    String t = Escape.terminal(s);
    if (!t.isEmpty() && "=+-@\t\r".indexOf(t.charAt(0)) >= 0) {
      return "'" + t;
    }
    return t;
  }
}
