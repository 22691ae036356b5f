package tardy.formats.haproxy;

import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * Compiles an HAProxy {@code log-format} string, as written in haproxy.cfg ({@code log-format
 * "%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %{+Q}r"}, the directive and its quotes
 * or backslash-escaped spaces optional), into a {@link FieldPlan}, once, before any line is read.
 *
 * <p>The request time is {@code %Ta}, the request's active time (ms), or else {@code %Tt}, the
 * whole session's (ms; it includes the idle time before the request on a kept-alive connection).
 * {@code %tr} and {@code %t} are when the request was received, with milliseconds and no zone
 * (read as UTC); {@code %trg}, {@code %trl}, {@code %T} and {@code %Tl} the same in the common log
 * format's spelling, whole seconds. {@code %{+Q}} writes the value between quotes.
 */
final class LogFormatString {

  private LogFormatString() {}

  /** @throws IllegalArgumentException with a message for the user when the format is unusable */
  static FieldPlan compile(String definition) {
    String body = body(definition);
    if (body.isBlank()) {
      throw new IllegalArgumentException("HAProxy log-format is empty: expected something like"
          + " \"%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %{+Q}r\"");
    }
    String time = hasVariable(body, "Ta") ? "Ta" : hasVariable(body, "Tt") ? "Tt" : null;
    if (time == null) {
      throw new IllegalArgumentException("HAProxy log-format has no %Ta or %Tt, so it gives no"
          + " request latency: add %Ta (the request's active time in milliseconds) to the log-format");
    }
    PlanBuilder plan = new PlanBuilder(HaproxyHttpFormat.HAPROXY);
    StringBuilder literal = new StringBuilder();
    Role previous = null;
    int i = 0;
    while (i < body.length()) {
      char c = body.charAt(i);
      if (c != '%' || i + 1 >= body.length()) {
        literal.append(c);
        i++;
        continue;
      }
      if (body.charAt(i + 1) == '%') {
        literal.append('%');
        i += 2;
        continue;
      }
      int at = i + 1;
      boolean quoted = false;
      if (body.charAt(at) == '{') {
        int close = body.indexOf('}', at);
        if (close < 0) {
          throw new IllegalArgumentException("HAProxy log-format has an unclosed { at: " + body.substring(i));
        }
        quoted = body.substring(at + 1, close).contains("+Q");
        at = close + 1;
      }
      int nameFrom = at;
      if (at < body.length() && body.charAt(at) == '[') { // a sample fetch, %[src]
        int close = body.indexOf(']', at);
        if (close < 0) {
          throw new IllegalArgumentException("HAProxy log-format has an unclosed [ at: " + body.substring(i));
        }
        at = close + 1;
      } else {
        while (at < body.length() && Character.isLetter(body.charAt(at))) {
          at++;
        }
      }
      if (at == nameFrom) {
        throw new IllegalArgumentException("HAProxy log-format has '" + body.substring(i, Math.min(body.length(), at + 1))
            + "', which is no variable: a percent sign is written %%");
      }
      String name = body.substring(nameFrom, at);
      Role role = name.equals(time) ? Role.REQUEST_TIME : role(name);
      if (CAPTURES.contains(name) && previous == Role.OTHER && literal.toString().equals(" ")) {
        // captured headers ({…}) are written only when configured, with their space: the
        // skipped field before them takes them in, whether they are there or not
        literal.setLength(0);
      }
      if (quoted) {
        literal.append('"');
      }
      plan.literal(literal.toString());
      literal.setLength(0);
      plan.field(body.substring(i + 1, at), role, name.equals(time) ? Unit.WHOLE_MILLISECONDS : null);
      previous = role;
      if (quoted) {
        literal.append('"');
      }
      i = at;
    }
    plan.literal(literal.toString());
    return plan.build(false);
  }

  /** Captured request and response headers, absent from a line when none are configured. */
  private static final java.util.Set<String> CAPTURES = java.util.Set.of("hr", "hs", "hrl", "hsl");

  private static final java.util.regex.Pattern HAPROXY_ONLY =
      java.util.regex.Pattern.compile("%(Ta|Tt|tr|ST|tsc)(?![A-Za-z_])|%\\{\\+Q\\}");

  private static Role role(String name) {
    return switch (name) {
      case "tr", "t" -> Role.TIME_LOCAL_MILLIS_UTC;
      case "trg", "trl", "T", "Tl" -> Role.TIME_LOCAL;
      case "ST" -> Role.STATUS;
      case "B" -> Role.BYTES;
      case "b" -> Role.BACKEND;
      case "ID" -> Role.REQUEST_ID; // unique-id-format's
      case "tsc", "ts" -> Role.TERMINATION_STATE;
      case "r" -> Role.REQUEST;
      case "HM" -> Role.METHOD;
      case "HU" -> Role.REQUEST_URI;
      case "HP" -> Role.URI;
      default -> Role.OTHER;
    };
  }

  private static boolean hasVariable(String body, String name) {
    return java.util.regex.Pattern.compile("%(\\{[^}]*\\})?" + name + "(?![A-Za-z])").matcher(body).find();
  }

  /** Whether the text is an HAProxy log-format: the directive, or variables only HAProxy has. */
  static boolean looksLikeHaproxy(String definition) {
    String s = definition.strip();
    return s.startsWith("log-format ") || HAPROXY_ONLY.matcher(s).find();
  }

  /**
   * The format string: after {@code log-format}, between its quotes, or with HAProxy's
   * backslash-escaped spaces and quotes unescaped.
   */
  static String body(String definition) {
    String s = definition.strip();
    if (s.startsWith("log-format ")) {
      s = s.substring("log-format ".length()).strip();
    }
    if (s.length() >= 2 && s.charAt(0) == '"' && s.endsWith("\"")) {
      s = s.substring(1, s.length() - 1);
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        out.append(s.charAt(++i));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
