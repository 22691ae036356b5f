package tardy.run;

import java.util.Map;
import java.util.TreeMap;
import tardy.record.Result;

/**
 * The results of an input's parts, handed in as their parts end, in any order, and added in the
 * parts' order as soon as a neighbour is there: results add associatively, so a run of parts
 * that ended before an earlier one waits as one sum, not as many results. With {@code n} threads
 * at most {@code n} parts run and {@code n - 1} sums wait between them, whatever the number of
 * parts.
 */
final class PartSums {

  /** Parts {@code first..last} added, in order. */
  private record Run(int first, int last, Result sum) {}

  private final TreeMap<Integer, Run> runs = new TreeMap<>(); // by their first part

  /** Adds the result of part {@code index} to its neighbours' sums. */
  void add(int index, Result result) {
    Run run = new Run(index, index, result);
    Map.Entry<Integer, Run> before = runs.lowerEntry(index);
    if (before != null && before.getValue().last() == index - 1) {
      runs.remove(before.getKey());
      run = new Run(before.getValue().first(), index, before.getValue().sum().addLater(result));
    }
    Run after = runs.remove(index + 1);
    if (after != null) {
      run = new Run(run.first(), after.last(), run.sum().addLater(after.sum()));
    }
    runs.put(run.first(), run);
  }

  /** How many parts from the first have been added into one sum. */
  int fromFirst() {
    Run first = runs.get(0);
    return first == null ? 0 : first.last() + 1;
  }

  /** The sum of the parts from the first on, as far as they have been added; null when none. */
  Result sumFromFirst() {
    Run first = runs.get(0);
    return first == null ? null : first.sum();
  }
}
