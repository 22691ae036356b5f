package tardy.formats.w3c;

import java.util.List;
import java.util.Locale;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.Outcome;
import tardy.events.Reasons;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.Fields;
import tardy.formats.fields.ForeignLines;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.RequestLine;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * The columns a {@code #Fields:} header names, each read as what it means ({@code time-taken} as
 * the request time, {@code cs-uri-stem} as the path) and the others skipped, and how a line in
 * them becomes an event: split at the separator, a field in double quotes whole (the W3C's way to
 * write a string with spaces, {@code ""} a quote inside it), then handed to the field engine.
 */
final class W3cColumns {

  private final byte separator;
  private final Role[] roles;
  /** The number of columns a line must have; at least that many when later ones are skipped. */
  private final int count;
  private final boolean laterSkipped;
  private final Fields fields;
  private final Outcome wrongCount;
  /**
   * Without a header the columns are a guess: a line is taken only when its method and path are
   * where the guess has them, so another program's line of as many fields is not read as one.
   */
  private final Outcome notGuessed; // null when a header named the columns
  private final Outcome noTimeTaken;

  private W3cColumns(W3cDialect dialect, List<String> names, boolean laterSkipped, String source,
      boolean guessed) {
    this.separator = dialect.separator();
    this.count = names.size();
    this.laterSkipped = laterSkipped;
    PlanBuilder plan = new PlanBuilder(dialect.fields());
    String between = String.valueOf((char) separator); // what the plan's literals hold: not read
    boolean utc = names.stream().anyMatch(name -> name.equalsIgnoreCase("date"));
    for (int c = 0; c < names.size(); c++) {
      if (c > 0) {
        plan.literal(between);
      }
      String name = names.get(c);
      Role role = role(name, utc);
      plan.field(name, role, role == Role.REQUEST_TIME ? unit(name, dialect) : null);
    }
    FieldPlan built = plan.build(false);
    this.roles = built.roles();
    this.fields = new Fields(built);
    this.wrongCount = Outcome.malformed((laterSkipped ? "fewer fields than the " : "not the ")
        + count + " fields " + source);
    this.notGuessed = guessed ? Outcome.malformed("its method and path are not where "
        + dialect.defaultLayout() + " have them (no #Fields header came before it)") : null;
    this.noTimeTaken = built.has(Role.REQUEST_TIME) ? null
        : Outcome.malformed("its #Fields header names no time-taken, so its lines carry no latency");
  }

  /** The columns a {@code #Fields:} header names: every line after it has exactly these. */
  static W3cColumns named(W3cDialect dialect, String header) {
    List<String> names = List.of(header.strip().split("\\s+"));
    return new W3cColumns(dialect, names, false, "its #Fields header names", false);
  }

  /** The columns of a line no {@code #Fields:} header came before. */
  static W3cColumns byDefault(W3cDialect dialect) {
    return new W3cColumns(dialect, dialect.defaultColumns(), dialect.laterDefaultColumns(),
        "of " + dialect.defaultLayout() + " (no #Fields header came before it)", true);
  }

  /**
   * What a column means. The W3C's {@code date} and {@code time} are UTC; IIS Advanced Logging's
   * {@code date-local} and {@code time-local} carry no zone and are read as UTC only when the
   * header names no UTC ones.
   */
  private static Role role(String name, boolean utcNamed) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "date" -> Role.DATE;
      case "time" -> Role.TIME_OF_DAY;
      case "date-local" -> utcNamed ? Role.OTHER : Role.DATE;
      case "time-local" -> utcNamed ? Role.OTHER : Role.TIME_OF_DAY;
      case "cs-method" -> Role.METHOD;
      case "cs-uri-stem" -> Role.URI;
      case "cs-uri" -> Role.REQUEST_URI;
      case "sc-status" -> Role.STATUS;
      case "sc-bytes" -> Role.BYTES;
      case "time-taken", "timetakenms" -> Role.REQUEST_TIME;
      case "x-edge-request-id" -> Role.REQUEST_ID;
      default -> Role.OTHER;
    };
  }

  /** IIS Advanced Logging's {@code TimeTakenMS} says its unit; {@code time-taken} is the server's. */
  private static Unit unit(String name, W3cDialect dialect) {
    return name.equalsIgnoreCase("TimeTakenMS") ? Unit.MILLISECONDS : dialect.timeTaken();
  }

  Outcome read(byte[] b, int from, int to, EventSink sink) {
    if (noTimeTaken != null) {
      return noTimeTaken;
    }
    fields.clear();
    int methodFrom = 0;
    int methodTo = 0;
    int pathFrom = 0;
    int pathTo = 0;
    int column = 0;
    int at = from;
    while (true) {
      int valueFrom = at;
      int valueTo;
      int end;
      int close = at < to && b[at] == '"' ? closingQuote(b, at + 1, to) : -1;
      if (close >= 0) {
        valueFrom = at + 1;
        valueTo = close;
        end = close + 1;
      } else {
        end = Ascii.indexOf(b, at, to, separator);
        end = end < 0 ? to : end;
        valueTo = end;
      }
      if (column < roles.length && roles[column] != Role.OTHER) {
        fields.set(roles[column], valueFrom, valueTo);
        if (roles[column] == Role.METHOD) {
          methodFrom = valueFrom;
          methodTo = valueTo;
        } else if (roles[column] == Role.URI) {
          pathFrom = valueFrom;
          pathTo = valueTo;
        }
      }
      column++;
      if (end >= to) {
        break;
      }
      at = end + 1;
    }
    if (column < count || column > count && !laterSkipped) {
      return refusal(b, from, to, wrongCount);
    }
    if (notGuessed != null && !(RequestLine.isMethod(b, methodFrom, methodTo)
        && pathTo > pathFrom && b[pathFrom] == '/')) {
      return refusal(b, from, to, notGuessed);
    }
    return fields.emit(b, sink);
  }

  /** Another program's line (a container's log holds them too), else the line's own refusal. */
  private static Outcome refusal(byte[] b, int from, int to, Outcome own) {
    return ForeignLines.is(b, from, to) ? Reasons.ANOTHER_PROGRAM : own;
  }

  /**
   * The quote that closes a quoted field starting at {@code at}: one followed by the separator or
   * the line's end, a doubled quote being a quote inside; -1 when there is none (the field is then
   * read up to the separator, quote and all).
   */
  private int closingQuote(byte[] b, int at, int to) {
    for (int i = at; i < to; i++) {
      if (b[i] == '"') {
        if (i + 1 < to && b[i + 1] == '"') {
          i++;
        } else if (i + 1 == to || b[i + 1] == separator) {
          return i;
        } else {
          return -1;
        }
      }
    }
    return -1;
  }
}
