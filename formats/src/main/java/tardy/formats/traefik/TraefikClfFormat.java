package tardy.formats.traefik;

import tardy.formats.fields.Dialect;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.PlanFormat;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * Traefik's default access log, its Common Log Format: the combined layout followed by the number
 * of requests since Traefik started, the router, the server's URL and the duration in whole
 * milliseconds with its unit ({@code 42ms}); https://doc.traefik.io/traefik/observability/access-logs/.
 *
 * <p>The time is when the request started, so a request ends at that time plus its duration. A
 * request Traefik sent no answer to has {@code -} for its status and size.
 */
public final class TraefikClfFormat extends PlanFormat {

  static final Dialect TRAEFIK = new Dialect("traefik", "accessLog format", "", "-", 499, true, "-");

  private static FieldPlan clf() { // built at the format's first use
    return new PlanBuilder(TRAEFIK)
        .field("ClientHost", Role.OTHER).literal(" - ")
        .field("ClientUsername", Role.OTHER).literal(" [")
        .field("StartLocal", Role.TIME_LOCAL).literal("] \"")
        .field("request", Role.REQUEST).literal("\" ")
        .field("DownstreamStatus", Role.STATUS).literal(" ")
        .field("DownstreamContentSize", Role.BYTES).literal(" \"")
        .field("Referer", Role.OTHER).literal("\" \"")
        .field("User-Agent", Role.OTHER).literal("\" ")
        .field("RequestCount", Role.OTHER).literal(" \"")
        .field("RouterName", Role.OTHER).literal("\" \"")
        .field("ServiceURL", Role.OTHER).literal("\" ")
        .field("Duration", Role.REQUEST_TIME, Unit.WHOLE_MILLISECONDS).literal("ms")
        .build(false);
  }

  public TraefikClfFormat() {
    super("traefik", "Traefik access log, common format (duration, ms)",
        TraefikClfFormat::clf, null);
  }
}
