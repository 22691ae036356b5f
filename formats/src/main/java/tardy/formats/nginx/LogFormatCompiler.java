package tardy.formats.nginx;

import java.util.ArrayList;
import java.util.List;
import tardy.formats.fields.Dialect;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * Compiles an nginx {@code log_format} as pasted from nginx.conf ({@code log_format main
 * escape=json '...' '...';}) or just its body into a {@link FieldPlan}, once, before any line is
 * read.
 */
final class LogFormatCompiler {

  private LogFormatCompiler() {}

  /** @throws IllegalArgumentException with a message for the user when the definition is unusable */
  static FieldPlan compile(String definition) {
    FieldPlan plan = layout(definition);
    List<Role> roles = List.of(plan.roles());
    if (!roles.contains(Role.REQUEST_TIME)) {
      throw new IllegalArgumentException(
          "log_format has no $request_time, so it gives no request latency"
              + (roles.contains(Role.UPSTREAM_TIME) ? " ($upstream_response_time is only the backend's part)" : "")
              + ": add $request_time to the log_format in nginx.conf");
    }
    return plan;
  }

  /**
   * The plan of any definition, with or without a request time: lines of a layout without one
   * match it up to {@link Fields#NO_REQUEST_TIME}.
   */
  static FieldPlan layout(String definition) {
    String body = body(definition);
    if (body.isBlank()) {
      throw new IllegalArgumentException("log_format is empty: expected something like '$remote_addr [$time_local] \"$request\" $status $request_time'");
    }
    PlanBuilder plan = new PlanBuilder(Dialect.NGINX);
    int i = 0;
    while (i < body.length()) {
      char c = body.charAt(i);
      int nameFrom = i + 1;
      boolean braced = nameFrom < body.length() && body.charAt(nameFrom) == '{';
      int nameStart = braced ? nameFrom + 1 : nameFrom;
      int nameEnd = nameStart;
      while (nameEnd < body.length() && isNameChar(body.charAt(nameEnd))) {
        nameEnd++;
      }
      if (c != '$' || nameEnd == nameStart || braced && (nameEnd >= body.length() || body.charAt(nameEnd) != '}')) {
        plan.literal(String.valueOf(c));
        i++;
        continue;
      }
      String name = body.substring(nameStart, nameEnd);
      i = braced ? nameEnd + 1 : nameEnd;
      Role role = role(name);
      plan.field(name, role, role == Role.REQUEST_TIME ? Unit.SECONDS_WITH_POINT : null);
    }
    return plan.build(escapesNothing(definition));
  }

  /** What an nginx variable means to tardy; every variable not listed here is skipped. */
  static Role role(String variable) {
    return switch (variable) {
      case "request_time" -> Role.REQUEST_TIME;
      case "upstream_response_time" -> Role.UPSTREAM_TIME;
      case "request" -> Role.REQUEST;
      case "request_method" -> Role.METHOD;
      case "request_uri" -> Role.REQUEST_URI;
      case "uri", "document_uri" -> Role.URI;
      case "status" -> Role.STATUS;
      case "time_local" -> Role.TIME_LOCAL;
      case "time_iso8601" -> Role.TIME_ISO8601;
      case "msec" -> Role.MSEC;
      case "request_id", "req_id" -> Role.REQUEST_ID; // nginx's own; ingress-nginx's
      case "hostname" -> Role.HOST;
      default -> Role.OTHER;
    };
  }

  private static boolean isNameChar(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
  }

  /** Whether the definition says {@code escape=none} before its first quoted piece. */
  static boolean escapesNothing(String definition) {
    for (String word : definition.strip().split("\\s+")) {
      if (word.startsWith("'") || word.startsWith("\"") || word.startsWith("$")) {
        return false;
      }
      if (word.equals("escape=none")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The format body: the quoted pieces joined, or the text as it is when nothing is quoted. The
   * keyword, the name and an {@code escape=} parameter are dropped (every escaping is read alike;
   * {@link #escapesNothing} tells how the request's bytes are spelled).
   */
  static String body(String definition) {
    String s = definition.strip();
    if (s.endsWith(";")) {
      s = s.substring(0, s.length() - 1).strip();
    }
    List<String> words = new ArrayList<>();
    int i = 0;
    // leading bare words: log_format, its name, escape=...
    while (i < s.length() && s.charAt(i) != '\'' && s.charAt(i) != '"' && s.charAt(i) != '$') {
      int end = i;
      while (end < s.length() && !Character.isWhitespace(s.charAt(end))) {
        end++;
      }
      words.add(s.substring(i, end));
      i = end;
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
    }
    boolean configSyntax = !words.isEmpty() && words.get(0).equals("log_format")
        || words.stream().anyMatch(w -> w.startsWith("escape="))
        || words.isEmpty() && i < s.length() && s.charAt(i) == '\'';
    if (!configSyntax) {
      return definition.strip(); // a bare body such as: $remote_addr - [$time_local] "$request" ...
    }
    for (String word : words) {
      if (word.startsWith("escape=") && !List.of("escape=default", "escape=json", "escape=none").contains(word)) {
        throw new IllegalArgumentException("log_format has " + word + ": nginx knows escape=default, escape=json and escape=none");
      }
    }
    StringBuilder body = new StringBuilder();
    while (i < s.length()) {
      char quote = s.charAt(i);
      if (quote != '\'' && quote != '"') {
        int end = i;
        while (end < s.length() && !Character.isWhitespace(s.charAt(end))) {
          end++;
        }
        body.append(s, i, end); // nginx also takes unquoted pieces
        i = end;
      } else {
        i = unquote(s, i, body);
      }
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
    }
    return body.toString();
  }

  /** Appends the quoted piece starting at {@code open} as nginx's config reader would; returns the index after it. */
  private static int unquote(String s, int open, StringBuilder out) {
    char quote = s.charAt(open);
    for (int i = open + 1; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == quote) {
        return i + 1;
      }
      if (c == '\\' && i + 1 < s.length()) {
        char next = s.charAt(++i);
        switch (next) {
          case 't' -> out.append('\t');
          case 'n' -> out.append('\n');
          case 'r' -> out.append('\r');
          case '"', '\'', '\\', '$' -> out.append(next);
          default -> out.append('\\').append(next);
        }
      } else {
        out.append(c);
      }
    }
    throw new IllegalArgumentException("log_format has an unclosed " + quote + " quote: " + s.substring(open));
  }
}
