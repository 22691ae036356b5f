package tardy.formats.fields;

import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.Sample;

/**
 * A format whose lines one {@link FieldPlan} reads: a server's access log in one layout, named
 * (a built-in layout) or made from a definition a user gave ({@code --log-format}). Detection
 * grades a sample by parsing it with the plan.
 */
public abstract class PlanFormat implements LogFormat {

  private final String name;
  private final String description;
  private final FieldPlan plan;
  private final String definition; // null for a named format

  /**
   * @param definition what the user gave, kept for {@link #definition()}; null for a built-in
   *     layout, which its name resolves
   */
  protected PlanFormat(String name, String description, FieldPlan plan, String definition) {
    this.name = name;
    this.description = description;
    this.plan = plan;
    this.definition = definition;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String definition() {
    return definition != null ? definition : name;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public Match detect(Sample sample) {
    return sample.gradeByParsing(newParser());
  }

  @Override
  public LineParser newParser() {
    return plan.newParser();
  }
}
