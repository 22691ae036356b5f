package tardy.formats.nginx;

import java.util.Optional;
import java.util.function.Supplier;
import tardy.events.LogFormat;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanFormat;

/**
 * An nginx access log in one {@code log_format}. The built-in formats are predefined definitions
 * compiled like a user's; any definition containing {@code $} given to {@code --log-format}
 * becomes a format of its own.
 */
public class NginxFormat extends PlanFormat {

  /** The name of a format built from a user's log_format. */
  public static final String CUSTOM = "nginx-custom";

  protected NginxFormat(String name, String description, String definition) {
    super(name, description, plan(name, definition), CUSTOM.equals(name) ? definition : null);
  }

  /** A user's definition compiled now (its errors are the user's); a built-in one at first use. */
  private static Supplier<FieldPlan> plan(String name, String definition) {
    if (CUSTOM.equals(name)) {
      FieldPlan compiled = LogFormatCompiler.compile(definition);
      return () -> compiled;
    }
    return () -> LogFormatCompiler.compile(definition);
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
    return name();
  }
}
