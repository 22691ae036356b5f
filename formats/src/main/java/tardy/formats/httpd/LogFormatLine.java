package tardy.formats.httpd;

import java.util.ArrayList;
import java.util.List;
import tardy.formats.fields.Dialect;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * Compiles an Apache httpd {@code LogFormat} as pasted from httpd.conf ({@code LogFormat "%h %l
 * %u %t \"%r\" %>s %b %D" timed}), a {@code CustomLog} with an inline format, or the bare format
 * string, into a {@link FieldPlan}, once, before any line is read.
 *
 * <p>The request time is the finest duration the format has: {@code %D} and {@code %{us}T}
 * (microseconds), {@code %{ms}T}, {@code %T} and {@code %{s}T} (whole seconds). {@code %t} is
 * written with its brackets and is when the request arrived, so a request's end is that time plus
 * its duration ({@link Dialect#timeIsStart}).
 */
final class LogFormatLine {

  static final Dialect HTTPD = new Dialect("httpd", "LogFormat", "%", "-", 0, true);

  /** The line to add to httpd.conf for a request time, as the refusal and the advice say it. */
  static final String ADD_D = "add %D (the request's time in microseconds) to the LogFormat in"
      + " httpd.conf";

  private LogFormatLine() {}

  /** One directive: {@code %>s} is modifier ">", letter 's'; {@code %{ms}T} argument "ms". */
  private record Directive(String text, String argument, String modifier, char letter) {}

  /** @throws IllegalArgumentException with a message for the user when the format is unusable */
  static FieldPlan compile(String definition) {
    FieldPlan plan = layout(definition);
    if (!plan.has(Role.REQUEST_TIME)) {
      throw new IllegalArgumentException("LogFormat has no %D, %T or %{ms}T, so it gives no"
          + " request latency: " + ADD_D + ", for example LogFormat \"" + body(definition).strip()
          + " %D\" timed");
    }
    return plan;
  }

  /** The plan of any format string, with or without a request time. */
  static FieldPlan layout(String definition) {
    String body = body(definition);
    if (body.isBlank()) {
      throw new IllegalArgumentException("LogFormat is empty: expected something like"
          + " \"%h %l %u %t \\\"%r\\\" %>s %b %D\"");
    }
    List<Object> pieces = pieces(body); // String literals and Directives, in order
    Directive time = finestDuration(pieces);
    boolean finalStatus = pieces.stream().anyMatch(p -> p instanceof Directive d
        && d.letter == 's' && d.modifier.contains(">"));
    PlanBuilder plan = new PlanBuilder(HTTPD);
    for (int p = 0; p < pieces.size(); p++) {
      if (pieces.get(p) instanceof String literal) {
        plan.literal(literal);
        continue;
      }
      Directive d = (Directive) pieces.get(p);
      String name = d.text.substring(1);
      if (isBare(d, 'U') && p + 1 < pieces.size() && pieces.get(p + 1) instanceof Directive q
          && isBare(q, 'q')) {
        plan.field(name + q.text, Role.REQUEST_URI); // %U%q: the path and its "?query", or the path
        p++;
      } else if (d == time) {
        plan.field(name, Role.REQUEST_TIME, unit(d));
      } else if (d.letter == 't' && d.argument == null) {
        plan.literal("[").field(name, Role.TIME_LOCAL).literal("]"); // %t prints its brackets
      } else if (d.letter == 's' && (finalStatus == d.modifier.contains(">"))) {
        plan.field(name, Role.STATUS);
      } else {
        plan.field(name, role(d));
      }
    }
    return plan.build(false);
  }

  private static boolean isBare(Directive d, char letter) {
    return d.letter == letter && d.argument == null && d.modifier.isEmpty();
  }

  private static Role role(Directive d) {
    if (d.argument != null) {
      return Role.OTHER;
    }
    return switch (d.letter) {
      case 'r' -> Role.REQUEST;
      case 'm' -> Role.METHOD;
      case 'U' -> Role.URI;
      case 'b', 'B', 'O', 'I', 'S' -> Role.BYTES;
      default -> Role.OTHER;
    };
  }

  /** The duration's unit, or null when the directive is not one. */
  private static Unit unit(Directive d) {
    if (d.letter == 'D' && d.argument == null) {
      return Unit.WHOLE_MICROSECONDS;
    }
    if (d.letter != 'T') {
      return null;
    }
    if (d.argument == null) {
      return Unit.WHOLE_SECONDS;
    }
    return switch (d.argument) {
      case "s" -> Unit.WHOLE_SECONDS;
      case "ms" -> Unit.WHOLE_MILLISECONDS;
      case "us" -> Unit.WHOLE_MICROSECONDS;
      default -> null;
    };
  }

  /** The finest of the format's durations; the first of equals. */
  private static Directive finestDuration(List<Object> pieces) {
    Directive finest = null;
    for (Object piece : pieces) {
      if (piece instanceof Directive d && unit(d) != null
          && (finest == null || unit(d).decimals() < unit(finest).decimals())) {
        finest = d;
      }
    }
    return finest;
  }

  /** Splits a format string into literal text and directives; {@code %%} is a percent sign. */
  private static List<Object> pieces(String body) {
    List<Object> pieces = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
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
      int modifierFrom = at;
      while (at < body.length() && "<>!,0123456789".indexOf(body.charAt(at)) >= 0) {
        at++;
      }
      String modifier = body.substring(modifierFrom, at);
      String argument = null;
      if (at < body.length() && body.charAt(at) == '{') {
        int close = body.indexOf('}', at);
        if (close < 0) {
          throw new IllegalArgumentException("LogFormat has an unclosed { at: " + body.substring(i));
        }
        argument = body.substring(at + 1, close);
        at = close + 1;
      }
      if (at < body.length() && body.charAt(at) == '^' && at + 2 < body.length()) {
        at += 2; // %{name}^ti, %{name}^to: trailer lines
      }
      if (at >= body.length() || !Character.isLetter(body.charAt(at))) {
        throw new IllegalArgumentException("LogFormat has '" + body.substring(i, Math.min(body.length(), at + 1))
            + "', which is no directive: a percent sign is written %%");
      }
      if (literal.length() > 0) {
        pieces.add(literal.toString());
        literal.setLength(0);
      }
      pieces.add(new Directive(body.substring(i, at + 1), argument, modifier, body.charAt(at)));
      i = at + 1;
    }
    if (literal.length() > 0) {
      pieces.add(literal.toString());
    }
    return pieces;
  }

  /**
   * The format string: the first double-quoted argument of a {@code LogFormat} or {@code
   * CustomLog} line, unescaped as httpd's config reader does, or the text as it is.
   */
  static String body(String definition) {
    String s = definition.strip();
    int open = s.indexOf('"');
    boolean configLine = s.startsWith("LogFormat") || s.startsWith("CustomLog") || s.startsWith("\"");
    if (!configLine || open < 0) {
      return s;
    }
    StringBuilder out = new StringBuilder();
    for (int i = open + 1; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"') {
        return out.toString();
      }
      if (c == '\\' && i + 1 < s.length()) {
        char next = s.charAt(++i);
        switch (next) {
          case 'n' -> out.append('\n');
          case 't' -> out.append('\t');
          case '"', '\\' -> out.append(next);
          default -> out.append('\\').append(next);
        }
      } else {
        out.append(c);
      }
    }
    throw new IllegalArgumentException("LogFormat has an unclosed \" quote: " + s.substring(open));
  }
}
