package tardy.analysis.requirements;

import java.util.List;
import tardy.record.grouping.Grouping;
import tardy.record.grouping.PathTemplates;
import tardy.events.RequestSpelling;

/**
 * The grouping of {@code check}: an event belongs to the first requirement (in file order) that
 * matches it, named as the requirement; anything else keeps the key the report gives it.
 */
public final class RequirementGrouping implements Grouping {

  private final List<Requirement> requirements;
  private final java.util.Set<String> names;
  private final Grouping report;
  private final java.util.Map<String, tardy.record.objective.Objective> objectives =
      new java.util.HashMap<>();

  RequirementGrouping(List<Requirement> requirements, Grouping report) {
    this.requirements = requirements;
    this.report = report;
    this.names = requirements.stream().map(Requirement::name)
        .collect(java.util.stream.Collectors.toUnmodifiableSet());
    for (Requirement r : requirements) {
      r.slo().ifPresent(s -> objectives.put(r.name(), s.objective()));
    }
  }

  @Override
  public tardy.record.objective.Objective objective(String group) {
    return objectives.get(group);
  }

  @Override
  public boolean hasObjectives() {
    return !objectives.isEmpty();
  }

  @Override
  public boolean pinned(String group) {
    return names.contains(group);
  }

  @Override
  public boolean expected(String group) {
    return report.expected(group);
  }

  /** A requirement's group ranks first: what check judges keeps its --interval rows first. */
  @Override
  public int sampleRank(String group) {
    return names.contains(group) ? 0 : report.sampleRank(group);
  }

  @Override
  public String requestGroup(String method, String path) {
    String decoded = RequestSpelling.decode(PathTemplates.stripSchemeAndHost(path));
    for (Requirement r : requirements) {
      if (r.pattern().matchesRequest(method, decoded)) {
        return r.name();
      }
    }
    return report.requestGroup(method, path);
  }

  @Override
  public String pauseGroup(String kind) {
    for (Requirement r : requirements) {
      if (r.pattern().matchesPause(kind)) {
        return r.name();
      }
    }
    return report.pauseGroup(kind);
  }
}
