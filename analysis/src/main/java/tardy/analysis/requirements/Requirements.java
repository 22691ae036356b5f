package tardy.analysis.requirements;

import java.util.List;
import java.util.Optional;
import tardy.record.grouping.Grouping;
import tardy.events.Counts;

/**
 * A loaded requirements file: the operations in file order (first match wins), optionally what
 * unmatched operations are judged by, and the JVM runs' heap budgets ({@code heap:}).
 */
public record Requirements(String source, List<Requirement> operations,
    Optional<Requirement> unmatched, HeapBudgets heap) {

  public Requirements {
    operations = List.copyOf(operations);
  }

  /** Requirements without heap budgets. */
  public Requirements(String source, List<Requirement> operations,
      Optional<Requirement> unmatched) {
    this(source, operations, unmatched, HeapBudgets.NONE);
  }

  /** Groups events by the name of the first requirement they match, else by the default key. */
  public Grouping grouping() {
    return grouping(Grouping.DEFAULT);
  }

  /** The same, with events no requirement matches keyed as {@code report} keys them. */
  public Grouping grouping(Grouping report) {
    return new RequirementGrouping(operations, report);
  }

  /**
   * For each requirement that takes in requests the report shows as several operations, a note
   * naming the largest of them with their requests in the sample the grouping was decided from:
   * a requirement's template and a report row with the same text must not silently differ.
   *
   * @param sample "METHOD path" → requests, as sampled
   * @param report how the report keys a request
   */
  public List<String> takenIn(java.util.Map<String, Long> sample, Grouping report) {
    Grouping requirements = grouping(report);
    java.util.Map<String, java.util.Map<String, Long>> byRequirement = new java.util.LinkedHashMap<>();
    sample.forEach((key, count) -> {
      int space = key.indexOf(' ');
      String method = key.substring(0, space);
      String path = key.substring(space + 1);
      String requirement = requirements.requestGroup(method, path);
      if (byName(requirement).isPresent()) {
        byRequirement.computeIfAbsent(requirement, k -> new java.util.HashMap<>())
            .merge(report.requestGroup(method, path), count, Long::sum);
      }
    });
    List<String> notes = new java.util.ArrayList<>();
    for (Requirement r : operations) {
      java.util.Map<String, Long> ops = byRequirement.get(r.name());
      if (ops == null || ops.size() < 2 && ops.containsKey(r.name())) {
        continue;
      }
      List<java.util.Map.Entry<String, Long>> largest = ops.entrySet().stream()
          .sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed()
              .thenComparing(java.util.Map.Entry.comparingByKey()))
          .toList();
      StringBuilder note = new StringBuilder("Requirement '").append(r.name())
          .append("' takes in ").append(ops.size() == 1 ? "the report's operation "
              : Counts.of(ops.size(), "operation") + " the report shows apart: ");
      for (int i = 0; i < Math.min(TAKEN_IN_SHOWN, largest.size()); i++) {
        note.append(i > 0 ? ", " : "").append(largest.get(i).getKey()).append(" (")
            .append(largest.get(i).getValue()).append(')');
      }
      if (largest.size() > TAKEN_IN_SHOWN) {
        note.append(", and ").append(largest.size() - TAKEN_IN_SHOWN).append(" more");
      }
      notes.add(note.append(" (requests in the sample the grouping was decided from).")
          .toString());
    }
    return notes;
  }

  private static final int TAKEN_IN_SHOWN = 3;

  public Optional<Requirement> byName(String name) {
    return operations.stream().filter(r -> r.name().equals(name)).findFirst();
  }
}
