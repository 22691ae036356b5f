package tardy.formats.nginx;

import java.util.Optional;
import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.Sample;
import tardy.formats.fields.FieldPlan;

/**
 * An nginx access log in one {@code log_format}. The built-in formats are predefined definitions
 * compiled like a user's; any definition containing {@code $} given to {@code --log-format}
 * becomes a format of its own.
 */
public class NginxFormat implements LogFormat {

  /** The name of a format built from a user's log_format. */
  public static final String CUSTOM = "nginx-custom";

  private final String name;
  private final String description;
  private final FieldPlan plan;
  private final String definition; // null for a named format

  protected NginxFormat(String name, String description, String definition) {
    this.name = name;
    this.description = description;
    this.plan = LogFormatCompiler.compile(definition);
    this.definition = CUSTOM.equals(name) ? definition : null;
  }

  @Override
  public String definition() {
    return definition != null ? definition : name;
  }

  @Override
  public String name() {
    return name;
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

  @Override
  public Optional<LogFormat> fromDefinition(String definition) {
    if (definition == null || definition.indexOf('$') < 0) {
      return Optional.empty();
    }
    return Optional.of(new NginxFormat(CUSTOM, "nginx log_format " + definition.strip(), definition));
  }

  @Override
  public String toString() {
    return name;
  }
}
