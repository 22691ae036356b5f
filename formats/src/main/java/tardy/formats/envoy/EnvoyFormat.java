package tardy.formats.envoy;

import java.util.Optional;
import java.util.function.Supplier;
import tardy.events.LogFormat;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanFormat;

/**
 * An Envoy (or Istio sidecar) access log in one format. The built-in formats are Envoy's and
 * Istio's default text formats and Istio's JSON encoding; an Envoy format string or JSON
 * dictionary given to {@code --log-format} becomes a format of its own.
 */
public class EnvoyFormat extends PlanFormat {

  /** The name of a format built from a user's format string. */
  public static final String CUSTOM = "envoy-custom";

  protected EnvoyFormat(String name, String description, String definition) {
    super(name, description, plan(name, definition), CUSTOM.equals(name) ? definition : null);
  }

  /** A user's definition compiled now (its errors are the user's); a built-in one at first use. */
  private static Supplier<FieldPlan> plan(String name, String definition) {
    if (CUSTOM.equals(name)) {
      FieldPlan compiled = EnvoyFormatString.compile(definition);
      return () -> compiled;
    }
    return () -> EnvoyFormatString.compile(definition);
  }

  /** A format string or JSON dictionary with Envoy's command operators ({@code %DURATION%}). */
  @Override
  public Optional<LogFormat> fromDefinition(String definition) {
    if (definition == null || !EnvoyFormatString.looksLikeEnvoy(definition)) {
      return Optional.empty();
    }
    return Optional.of(new EnvoyFormat(CUSTOM, "Envoy access log format "
        + EnvoyFormatString.body(definition).strip(), definition));
  }

  @Override
  public String toString() {
    return name();
  }
}
