package tardy.formats.httpd;

import java.util.Optional;
import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.Sample;
import tardy.formats.fields.FieldPlan;

/**
 * An Apache httpd access log in one {@code LogFormat}. The built-in formats are httpd's usual
 * layouts with {@code %D}, compiled like a user's; a {@code LogFormat} line or format string given
 * to {@code --log-format} becomes a format of its own.
 */
public class HttpdFormat implements LogFormat {

  /** The name of a format built from a user's LogFormat. */
  public static final String CUSTOM = "httpd-custom";

  private final String name;
  private final String description;
  private final FieldPlan plan;
  private final String definition; // null for a named format

  protected HttpdFormat(String name, String description, String definition) {
    this.name = name;
    this.description = description;
    this.plan = LogFormatLine.compile(definition);
    this.definition = CUSTOM.equals(name) ? definition : null;
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

  /**
   * A LogFormat: a line of httpd.conf ({@code LogFormat "…" nick}) or a format string with a
   * {@code %} directive. nginx's formats are asked first and take every definition with a {@code
   * $}, so one here never has one.
   */
  @Override
  public Optional<LogFormat> fromDefinition(String definition) {
    if (definition == null || definition.indexOf('$') >= 0 || definition.indexOf('%') < 0) {
      return Optional.empty();
    }
    return Optional.of(new HttpdFormat(CUSTOM, "httpd LogFormat " + definition.strip(), definition));
  }

  /** httpd's shipped layouts, which have no request time: say which directive to add. */
  @Override
  public Optional<String> advice(Sample sample) {
    return MissingDuration.advice(sample);
  }

  @Override
  public String toString() {
    return name;
  }
}
