package tardy.formats.fields;

import java.nio.charset.StandardCharsets;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.Reasons;

/**
 * Reads a JSON-object line by key, so the keys may come in any order: a small scanner over the
 * top-level members that skips nested values. A string value's range is its content still escaped
 * as logged; {@code "0.123"} and {@code 0.123} read alike.
 */
public final class JsonParser implements LineParser {

  public static final Outcome NOT_JSON = Outcome.malformed("not a JSON object line");

  private static final byte[] NULL = Ascii.bytes("null");

  private final byte[][] keys;
  private final Role[] roles;
  private final Fields fields;

  public JsonParser(FieldPlan plan) {
    fields = new Fields(plan);
    int n = 0;
    for (int v = 0; v < plan.roles().length; v++) {
      if (plan.keys()[v] != null && plan.roles()[v] != Role.OTHER) {
        n++;
      }
    }
    keys = new byte[n][];
    roles = new Role[n];
    for (int v = 0, k = 0; v < plan.roles().length; v++) {
      if (plan.keys()[v] != null && plan.roles()[v] != Role.OTHER) {
        keys[k] = plan.keys()[v].getBytes(StandardCharsets.UTF_8);
        roles[k++] = plan.roles()[v];
      }
    }
  }

  @Override
  public void reading(tardy.events.LinePosition position) {
    fields.reading();
  }

  @Override
  public Outcome parse(byte[] b, int from, int to, EventSink sink) {
    int i = skipWhite(b, from, to);
    if (i >= to || b[i] != '{') {
      return ForeignLines.is(b, i, to) ? Reasons.ANOTHER_PROGRAM : NOT_JSON;
    }
    fields.clear();
    i = skipWhite(b, i + 1, to);
    while (i < to && b[i] == '"') {
      int keyFrom = i + 1;
      int keyTo = Ascii.jsonStringEnd(b, keyFrom, to);
      if (keyTo < 0) {
        return NOT_JSON;
      }
      i = skipWhite(b, keyTo + 1, to);
      if (i >= to || b[i] != ':') {
        return NOT_JSON;
      }
      i = skipWhite(b, i + 1, to);
      int valueFrom;
      int valueTo;
      if (i < to && b[i] == '"') {
        valueFrom = i + 1;
        valueTo = Ascii.jsonStringEnd(b, valueFrom, to);
        if (valueTo < 0) {
          return NOT_JSON;
        }
        i = valueTo + 1;
      } else {
        valueFrom = i;
        i = skipValue(b, i, to);
        if (i < 0) {
          return NOT_JSON;
        }
        valueTo = i;
        while (valueTo > valueFrom && isWhite(b[valueTo - 1])) {
          valueTo--;
        }
        if (valueTo - valueFrom == 4 && Ascii.equals(b, valueFrom, valueTo, NULL)) {
          valueTo = valueFrom; // JSON's null is no value, as an empty one (Envoy writes it for unset fields)
        }
      }
      Role role = roleOf(b, keyFrom, keyTo);
      if (role != null) {
        fields.set(role, valueFrom, valueTo);
      }
      i = skipWhite(b, i, to);
      if (i < to && b[i] == ',') {
        i = skipWhite(b, i + 1, to);
      }
    }
    if (i >= to || b[i] != '}' || skipWhite(b, i + 1, to) != to) {
      return NOT_JSON;
    }
    return fields.emit(b, sink);
  }

  private Role roleOf(byte[] b, int from, int to) {
    for (int k = 0; k < keys.length; k++) {
      if (Ascii.equals(b, from, to, keys[k])) {
        return roles[k];
      }
    }
    return null;
  }

  /** The end of a number, literal, object or array starting at {@code from}: the next top-level {@code ,} or {@code }}. */
  private static int skipValue(byte[] b, int from, int to) {
    int depth = 0;
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (c == '"') {
        i = Ascii.jsonStringEnd(b, i + 1, to);
        if (i < 0) {
          return -1;
        }
      } else if (c == '{' || c == '[') {
        depth++;
      } else if (c == '}' || c == ']') {
        if (depth == 0) {
          return c == '}' ? i : -1;
        }
        depth--;
      } else if (c == ',' && depth == 0) {
        return i;
      }
    }
    return -1;
  }

  private static int skipWhite(byte[] b, int from, int to) {
    int i = from;
    while (i < to && isWhite(b[i])) {
      i++;
    }
    return i;
  }

  private static boolean isWhite(byte c) {
    return c == ' ' || c == '\t' || c == '\r';
  }
}
