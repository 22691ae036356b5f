package tardy.formats.caddy;

import tardy.formats.fields.Dialect;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.PlanFormat;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * Caddy's access log (v2, its JSON encoder: {@code log { format json }}, and what it writes to a
 * file or to a container's stderr): {@code ts} is when the request was handled, in seconds since
 * the epoch, and {@code duration} its whole time in seconds; the request's method and URI are
 * members of its {@code request} object. Lines are read by key, in any order;
 * https://caddyserver.com/docs/caddyfile/directives/log.
 */
public final class CaddyJsonFormat extends PlanFormat {

  /** Caddy logs a status for every request it answered; 0 when its handler wrote none. */
  static final Dialect CADDY = new Dialect("caddy", "log directive", "", "-", 0, false, "0");

  private static FieldPlan json() { // built at the format's first use
    return new PlanBuilder(CADDY)
        .literal("{\"ts\":").field("ts", Role.MSEC)
        // a dotted key is a member of a nested object (nestedKeys): "request":{"method":…}
        .literal(",\"request.method\":\"").field("request.method", Role.METHOD)
        .literal("\",\"request.uri\":\"").field("request.uri", Role.REQUEST_URI)
        .literal("\",\"duration\":").field("duration", Role.REQUEST_TIME, Unit.SECONDS)
        .literal(",\"size\":").field("size", Role.BYTES)
        .literal(",\"status\":").field("status", Role.STATUS)
        .literal("}")
        .nestedKeys()
        .build(false);
  }

  public CaddyJsonFormat() {
    super("caddy-json", "Caddy JSON access log (duration, s)", CaddyJsonFormat::json, null);
  }
}
