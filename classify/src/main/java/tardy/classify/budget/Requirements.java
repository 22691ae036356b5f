package tardy.classify.budget;

import java.util.List;
import java.util.Optional;
import tardy.classify.Grouping;

/**
 * A loaded requirements file: the operations in file order (first match wins) and, optionally,
 * what unmatched operations are judged by.
 */
public record Requirements(String source, List<Requirement> operations,
    Optional<Requirement> unmatched) {

  public Requirements {
    operations = List.copyOf(operations);
  }

  /** Groups events by the name of the first requirement they match, else by the default key. */
  public Grouping grouping() {
    return new RequirementGrouping(operations);
  }

  public Optional<Requirement> byName(String name) {
    return operations.stream().filter(r -> r.name().equals(name)).findFirst();
  }
}
