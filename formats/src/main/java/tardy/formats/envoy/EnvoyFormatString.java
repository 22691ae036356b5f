package tardy.formats.envoy;

import tardy.formats.fields.Dialect;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * Compiles an Envoy access log format string ({@code [%START_TIME%] "%REQ(:METHOD)% …"}) or a
 * JSON format dictionary written as one object ({@code {"duration":"%DURATION%",…}}) into a
 * {@link FieldPlan}, once, before any line is read.
 *
 * <p>The request time is {@code %DURATION%}, whole milliseconds from {@code %START_TIME%} (the
 * request's start, ISO 8601 with milliseconds in its default form), so a request ends at the start
 * plus the duration. {@code %RESPONSE_FLAGS%} says whether the client went away ({@code DC});
 * a {@code %RESPONSE_CODE%} of 0 means Envoy sent no answer, so the request has no status.
 */
final class EnvoyFormatString {

  static final Dialect ENVOY = new Dialect("envoy", "access log format", "%", "-", 0, true, "0");

  private EnvoyFormatString() {}

  /** @throws IllegalArgumentException with a message for the user when the format is unusable */
  static FieldPlan compile(String definition) {
    String body = body(definition);
    if (body.isBlank()) {
      throw new IllegalArgumentException("Envoy access log format is empty: expected something like"
          + " [%START_TIME%] \"%REQ(:METHOD)% %REQ(X-ENVOY-ORIGINAL-PATH?:PATH)% %PROTOCOL%\""
          + " %RESPONSE_CODE% %RESPONSE_FLAGS% %BYTES_RECEIVED% %BYTES_SENT% %DURATION% …");
    }
    PlanBuilder plan = new PlanBuilder(ENVOY);
    StringBuilder literal = new StringBuilder();
    int i = 0;
    while (i < body.length()) {
      int end = operatorEnd(body, i);
      if (end < 0) {
        literal.append(body.charAt(i++));
        continue;
      }
      plan.literal(literal.toString());
      literal.setLength(0);
      String operator = body.substring(i + 1, end);
      plan.field(operator + "%", role(operator), operator.equals("DURATION") ? Unit.WHOLE_MILLISECONDS : null);
      i = end + 1;
    }
    plan.literal(literal.toString());
    FieldPlan compiled = plan.build(false);
    if (!compiled.has(Role.REQUEST_TIME)) {
      throw new IllegalArgumentException("Envoy access log format has no %DURATION%, so it gives no"
          + " request latency: add %DURATION% (the request's time in milliseconds) to the format");
    }
    return compiled;
  }

  /** Whether the text holds an Envoy command operator ({@code %DURATION%}, {@code %REQ(…)%}). */
  static boolean looksLikeEnvoy(String definition) {
    for (int i = 0; i < definition.length(); i++) {
      if (definition.charAt(i) == '%' && operatorEnd(definition, i) > i + 2) {
        return true;
      }
    }
    return false;
  }

  /**
   * The index of the {@code %} that closes an operator opening at {@code at}: upper-case letters
   * and underscores, then an optional {@code (argument)} and {@code :length}; -1 when none opens
   * there.
   */
  private static int operatorEnd(String s, int at) {
    if (s.charAt(at) != '%') {
      return -1;
    }
    int i = at + 1;
    while (i < s.length() && (s.charAt(i) >= 'A' && s.charAt(i) <= 'Z' || s.charAt(i) == '_'
        || i > at + 1 && s.charAt(i) >= '0' && s.charAt(i) <= '9')) {
      i++;
    }
    if (i < at + 3) {
      return -1; // two letters at least: a % before one letter is no operator
    }
    if (i < s.length() && s.charAt(i) == '(') {
      int close = s.indexOf(')', i);
      if (close < 0) {
        return -1;
      }
      i = close + 1;
    }
    if (i < s.length() && s.charAt(i) == ':') {
      i++;
      while (i < s.length() && Character.isDigit(s.charAt(i))) {
        i++;
      }
    }
    return i < s.length() && s.charAt(i) == '%' ? i : -1;
  }

  private static Role role(String operator) {
    return switch (operator) {
      case "START_TIME" -> Role.TIME_ISO8601; // the default form only; a format argument is other text
      case "DURATION" -> Role.REQUEST_TIME;
      case "RESPONSE_CODE" -> Role.STATUS;
      case "RESPONSE_FLAGS" -> Role.RESPONSE_FLAGS;
      case "BYTES_RECEIVED", "BYTES_SENT" -> Role.BYTES;
      case "UPSTREAM_CLUSTER" -> Role.BACKEND;
      case "REQ(X-REQUEST-ID)" -> Role.REQUEST_ID;
      case "REQ(:METHOD)" -> Role.METHOD;
      case "REQ(X-ENVOY-ORIGINAL-PATH?:PATH)", "REQ(:PATH)" -> Role.REQUEST_URI;
      default -> Role.OTHER;
    };
  }

  /**
   * The format: the text as given, or a YAML {@code format:} / {@code text_format:} value as
   * pasted from the configuration (quoted, with {@code \"} and {@code \n} escapes; a final newline
   * ends the line and is not part of it).
   */
  static String body(String definition) {
    String s = definition.strip();
    for (String key : new String[] {"text_format:", "format:"}) {
      if (s.startsWith(key)) {
        s = s.substring(key.length()).strip();
      }
    }
    if (s.length() >= 2 && (s.charAt(0) == '"' && s.endsWith("\"") || s.charAt(0) == '\'' && s.endsWith("'"))) {
      s = s.substring(1, s.length() - 1).replace("\\\"", "\"").replace("\\n", "\n");
    }
    while (s.endsWith("\n")) {
      s = s.substring(0, s.length() - 1);
    }
    return s;
  }
}
