package tardy.analysis.requirements;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.nodes.Node;

/** Collects the problems of one file, each with its position, to report them all at once. */
final class YamlProblems {

  private record Problem(int line, int column, String message) {}

  private final String file;
  private final List<Problem> problems = new ArrayList<>();

  YamlProblems(String file) {
    this.file = file;
  }

  void at(Node node, String message) {
    at(node.getStartMark(), message);
  }

  void at(Optional<Mark> mark, String message) {
    // snakeyaml counts lines and columns from 0; editors and compilers from 1
    problems.add(new Problem(mark.map(m -> m.getLine() + 1).orElse(1),
        mark.map(m -> m.getColumn() + 1).orElse(1), message));
  }

  int count() {
    return problems.size();
  }

  boolean any() {
    return !problems.isEmpty();
  }

  /** In file order, as {@code file:line:column: message}. */
  List<String> lines() {
    return problems.stream()
        .sorted(Comparator.comparingInt(Problem::line).thenComparingInt(Problem::column))
        .map(p -> file + ":" + p.line() + ":" + p.column() + ": " + p.message())
        .toList();
  }
}
