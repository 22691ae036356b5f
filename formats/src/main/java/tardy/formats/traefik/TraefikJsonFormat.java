package tardy.formats.traefik;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import tardy.events.Sample;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.PlanFormat;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * Traefik's JSON access log ({@code accessLog.format: json}): {@code Duration} is the request's
 * whole time in nanoseconds from {@code StartUTC}, when it started, so a request ends at {@code
 * StartUTC} + {@code Duration}. Lines are read by key, in any order.
 */
public final class TraefikJsonFormat extends PlanFormat {

  private static FieldPlan json() { // built at the format's first use
    return new PlanBuilder(TraefikClfFormat.TRAEFIK)
        .literal("{\"StartUTC\":\"").field("StartUTC", Role.TIME_ISO8601)
        .literal("\",\"Duration\":").field("Duration", Role.REQUEST_TIME, Unit.WHOLE_NANOSECONDS)
        .literal(",\"DownstreamStatus\":").field("DownstreamStatus", Role.STATUS)
        .literal(",\"DownstreamContentSize\":").field("DownstreamContentSize", Role.BYTES)
        .literal(",\"RequestMethod\":\"").field("RequestMethod", Role.METHOD)
        .literal("\",\"RequestPath\":\"").field("RequestPath", Role.REQUEST_URI)
        .literal("\"}")
        .build(false);
  }

  public TraefikJsonFormat() {
    super("traefik-json", "Traefik JSON access log (Duration, ns)", TraefikJsonFormat::json, null);
  }

  /**
   * Traefik's JSON lines whose {@code Duration} was dropped ({@code accessLog.fields.names}):
   * say which field to keep.
   */
  @Override
  public Optional<String> advice(Sample sample) {
    List<byte[]> lines = sample.nonBlankLines();
    if (lines.isEmpty()) {
      return Optional.empty();
    }
    for (byte[] line : lines) {
      String text = new String(line, StandardCharsets.UTF_8);
      if (!text.startsWith("{") || !text.contains("\"RouterName\"") && !text.contains("\"entryPointName\"")
          || text.contains("\"Duration\"")) {
        return Optional.empty();
      }
    }
    return Optional.of("its lines are Traefik's JSON access log without the Duration field, so they"
        + " carry no latency: keep it (accessLog.fields.names: Duration: keep, or no drop by"
        + " accessLog.fields.defaultMode)");
  }
}
