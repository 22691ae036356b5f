package tardy.formats.fields;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.Outcome;
import tardy.events.Reasons;

/**
 * Reads a JSON-object line by key, so the keys may come in any order: a small scanner over the
 * top-level members that skips nested values. A string value's range is its content still escaped
 * as logged; {@code "0.123"} and {@code 0.123} read alike. In a plan of {@link
 * FieldPlan#nestedKeys}, a key with a dot names a member of a top-level object when no top-level
 * member has that whole name: {@code request.method} is {@code "method"} in {@code
 * "request":{…}} (Caddy's access log), one level deep. The server writes the first such object
 * ({@code request}, Google Cloud's {@code httpRequest}) in every request's line, so a JSON line
 * without it is another entry of the server's log (Caddy's other loggers share its output, an
 * application's entries Google Cloud's): ignored, with that reason. The others may be missing.
 */
public final class JsonParser implements LineParser {

  public static final Outcome NOT_JSON = Outcome.malformed("not a JSON object line");

  private static final byte[] NULL = Ascii.bytes("null");
  private static final int TOP = -1; // members of the line's object, not of a nested one

  private final byte[][] keys;
  private final Role[] roles;
  private final int[] parentOf; // the index in parents of a dotted key's first part, else TOP
  private final byte[][] leaves; // a dotted key's part after its first dot, else null
  private final byte[][] parents; // the distinct first parts of the dotted keys
  private final Fields fields;
  private final Outcome otherEntry; // a line without the parents' objects; null without parents
  private int parentsSeen; // of the line read: a bit per parent whose object it held

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
    parentOf = new int[n];
    leaves = new byte[n][];
    List<String> parentNames = new ArrayList<>();
    for (int v = 0, k = 0; v < plan.roles().length; v++) {
      if (plan.keys()[v] != null && plan.roles()[v] != Role.OTHER) {
        String key = plan.keys()[v];
        keys[k] = key.getBytes(StandardCharsets.UTF_8);
        roles[k] = plan.roles()[v];
        int dot = plan.nestedKeys() ? key.indexOf('.') : -1;
        parentOf[k] = TOP;
        if (dot > 0 && dot < key.length() - 1) {
          String parent = key.substring(0, dot);
          if (!parentNames.contains(parent)) {
            parentNames.add(parent);
          }
          parentOf[k] = parentNames.indexOf(parent);
          leaves[k] = key.substring(dot + 1).getBytes(StandardCharsets.UTF_8);
        }
        k++;
      }
    }
    parents = new byte[parentNames.size()][];
    for (int i = 0; i < parents.length; i++) {
      parents[i] = parentNames.get(i).getBytes(StandardCharsets.UTF_8);
    }
    otherEntry = parents.length == 0 ? null : Outcome.ignored("a JSON line without a \""
        + parentNames.get(0) + "\" object: " + plan.dialect().server() + "'s own log, not a request");
  }

  @Override
  public void reading(tardy.events.LinePosition position) {
    fields.reading();
  }

  /** What a line without the first nested object is: null when the plan names none. */
  public Outcome otherEntry() {
    return otherEntry;
  }

  @Override
  public Outcome parse(byte[] b, int from, int to, EventSink sink) {
    int i = skipWhite(b, from, to);
    if (i >= to || b[i] != '{') {
      return ForeignLines.is(b, i, to) ? Reasons.ANOTHER_PROGRAM : NOT_JSON;
    }
    fields.clear();
    parentsSeen = 0;
    i = members(b, i + 1, to, TOP);
    if (i < 0 || skipWhite(b, i + 1, to) != to) {
      return NOT_JSON;
    }
    if (parents.length > 0 && (parentsSeen & 1) == 0) { // the first parent holds the request
      return otherEntry;
    }
    return fields.emit(b, sink);
  }

  /**
   * Reads the members of an object from just after its {@code {} and returns where its {@code }}
   * is, or -1 when it is no JSON object; {@code parent}: the index of the dotted keys' first part
   * this object is the value of, or {@link #TOP}.
   */
  private int members(byte[] b, int from, int to, int parent) {
    int i = skipWhite(b, from, to);
    while (i < to && b[i] == '"') {
      int keyFrom = i + 1;
      int keyTo = Ascii.jsonStringEnd(b, keyFrom, to);
      if (keyTo < 0) {
        return -1;
      }
      i = skipWhite(b, keyTo + 1, to);
      if (i >= to || b[i] != ':') {
        return -1;
      }
      i = skipWhite(b, i + 1, to);
      Role role = parent == TOP ? roleOf(b, keyFrom, keyTo) : leafRoleOf(parent, b, keyFrom, keyTo);
      int nested = role == null && parent == TOP && i < to && b[i] == '{'
          ? parentIndex(b, keyFrom, keyTo) : TOP;
      if (nested != TOP) {
        parentsSeen |= 1 << nested;
        i = members(b, i + 1, to, nested);
        if (i < 0) {
          return -1;
        }
        i++;
      } else {
        i = value(b, i, to, role);
        if (i < 0) {
          return -1;
        }
      }
      i = skipWhite(b, i, to);
      if (i < to && b[i] == ',') {
        i = skipWhite(b, i + 1, to);
      }
    }
    return i < to && b[i] == '}' ? i : -1;
  }

  /** Reads the value at {@code i}, kept for {@code role} unless null; returns where it ends. */
  private int value(byte[] b, int i, int to, Role role) {
    int valueFrom;
    int valueTo;
    if (i < to && b[i] == '"') {
      valueFrom = i + 1;
      valueTo = Ascii.jsonStringEnd(b, valueFrom, to);
      if (valueTo < 0) {
        return -1;
      }
      i = valueTo + 1;
    } else {
      valueFrom = i;
      i = skipValue(b, i, to);
      if (i < 0) {
        return -1;
      }
      valueTo = i;
      while (valueTo > valueFrom && isWhite(b[valueTo - 1])) {
        valueTo--;
      }
      if (valueTo - valueFrom == 4 && Ascii.equals(b, valueFrom, valueTo, NULL)) {
        valueTo = valueFrom; // JSON's null is no value, as an empty one (Envoy writes it for unset fields)
      }
    }
    if (role != null) {
      fields.set(role, valueFrom, valueTo);
    }
    return i;
  }

  private Role roleOf(byte[] b, int from, int to) {
    for (int k = 0; k < keys.length; k++) {
      if (Ascii.equals(b, from, to, keys[k])) {
        return roles[k];
      }
    }
    return null;
  }

  private Role leafRoleOf(int parent, byte[] b, int from, int to) {
    for (int k = 0; k < keys.length; k++) {
      if (parentOf[k] == parent && Ascii.equals(b, from, to, leaves[k])) {
        return roles[k];
      }
    }
    return null;
  }

  private int parentIndex(byte[] b, int from, int to) {
    for (int p = 0; p < parents.length; p++) {
      if (Ascii.equals(b, from, to, parents[p])) {
        return p;
      }
    }
    return TOP;
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
