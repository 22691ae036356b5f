package tardy.formats.nginx;

import java.util.Optional;
import tardy.events.LogFormat;
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
    super(name, description, LogFormatCompiler.compile(definition),
        CUSTOM.equals(name) ? definition : null);
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
