package tardy.formats.httpd;

import java.util.Optional;
import java.util.function.Supplier;
import tardy.events.LogFormat;
import tardy.events.Sample;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanFormat;

/**
 * An Apache httpd access log in one {@code LogFormat}. The built-in formats are httpd's usual
 * layouts with {@code %D}, compiled like a user's; a {@code LogFormat} line or format string given
 * to {@code --log-format} becomes a format of its own.
 */
public class HttpdFormat extends PlanFormat {

  /** The name of a format built from a user's LogFormat. */
  public static final String CUSTOM = "httpd-custom";

  /** An Envoy command operator ({@code %DURATION%}, {@code %REQ(:PATH)%}): such a format is Envoy's. */
  /**
   * HAProxy's log-format: the directive, or variables httpd has not ({@code %Ta}, {@code %tr},
   * {@code %ST}, {@code %tsc}, {@code %{+Q}r}).
   */
  private static final java.util.regex.Pattern HAPROXY = java.util.regex.Pattern.compile(
      "^\\s*log-format\\s|%(Ta|Tt|tr|ST|tsc)(?![a-zA-Z])|%\\{\\+Q\\}");

  private static final java.util.regex.Pattern ENVOY_OPERATOR =
      java.util.regex.Pattern.compile("%[A-Z_]{2,}(\\([^)]*\\))?(:[0-9]+)?%");

  protected HttpdFormat(String name, String description, String definition) {
    super(name, description, plan(name, definition), CUSTOM.equals(name) ? definition : null);
  }

  /** A user's definition compiled now (its errors are the user's); a built-in one at first use. */
  private static Supplier<FieldPlan> plan(String name, String definition) {
    if (CUSTOM.equals(name)) {
      FieldPlan compiled = LogFormatLine.compile(definition);
      return () -> compiled;
    }
    return () -> LogFormatLine.compile(definition);
  }

  /**
   * A LogFormat: a line of httpd.conf ({@code LogFormat "…" nick}) or a format string with a
   * {@code %} directive. nginx's formats are asked first and take every definition with a {@code
   * $}, so one here never has one.
   */
  @Override
  public Optional<LogFormat> fromDefinition(String definition) {
    if (definition == null || definition.indexOf('$') >= 0 || definition.indexOf('%') < 0
        || ENVOY_OPERATOR.matcher(definition).find() || HAPROXY.matcher(definition).find()) {
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
    return name();
  }
}
