package tardy.formats.fields;

import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.Sample;

import java.util.function.Supplier;

/**
 * A format whose lines one {@link FieldPlan} reads: a server's access log in one layout, named
 * (a built-in layout) or made from a definition a user gave ({@code --log-format}). Detection
 * grades a sample by parsing it with the plan.
 *
 * <p>A built-in layout's plan is built the first time the format is used (detection grading it,
 * or a parser asked for), not when the registry loads every format: a log detected as the first
 * format builds one plan instead of every format's. A user's definition is compiled at once, so
 * an error in it is reported when it is named.
 */
public abstract class PlanFormat implements LogFormat {

  private final String name;
  private final String description;
  private final Supplier<FieldPlan> planMaker;
  private volatile FieldPlan plan; // null until first used
  private final String definition; // null for a named format

  /**
   * @param definition what the user gave, kept for {@link #definition()}; null for a built-in
   *     layout, which its name resolves
   */
  protected PlanFormat(String name, String description, FieldPlan plan, String definition) {
    this(name, description, () -> plan, definition);
    this.plan = plan;
  }

  /**
   * A format whose plan {@code planMaker} builds at the format's first use, once (it must build
   * the same plan whichever thread asks).
   */
  protected PlanFormat(String name, String description, Supplier<FieldPlan> planMaker,
      String definition) {
    this.name = name;
    this.description = description;
    this.planMaker = planMaker;
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
    return plan().newParser();
  }

  @Override
  public boolean namesHosts() {
    return plan().has(Role.HOST);
  }

  /** Whether the plan has been built: false until the format is first used. */
  public boolean planned() {
    return plan != null;
  }

  private FieldPlan plan() {
    FieldPlan built = plan;
    if (built == null) {
      synchronized (this) { // two threads sampling at once build it once
        built = plan;
        if (built == null) {
          built = planMaker.get();
          plan = built;
        }
      }
    }
    return built;
  }
}
