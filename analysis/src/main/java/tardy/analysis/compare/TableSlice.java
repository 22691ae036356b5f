package tardy.analysis.compare;

import java.util.List;

/**
 * What a side of a comparison read when it was a histogram table rather than logs: the table,
 * its --where filters, and the rows and partitions they kept. A table has no lines to count, so
 * this is what the comparison's header says of that side.
 */
public record TableSlice(String table, List<String> where, int rows, int partitions) {

  public TableSlice {
    where = List.copyOf(where);
  }
}
