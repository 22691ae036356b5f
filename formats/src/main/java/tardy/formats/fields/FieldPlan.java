package tardy.formats.fields;

import java.util.List;

/**
 * A compiled layout: literals and fields alternating, {@code literals[i]} before {@code roles[i]}
 * and one literal more than fields (the last one closes the line; any may be empty). Consecutive
 * fields without a role are merged into one skipped field. Built with {@link PlanBuilder}.
 *
 * @param units the unit of each duration field ({@link Role#REQUEST_TIME}), else null
 * @param names the variable names, for messages and JSON keys
 * @param keys the JSON key of each variable when the format is a JSON object of single-variable
 *     values, else null
 * @param asSent values are the client's bytes unescaped (nginx's {@code escape=none})
 * @param nestedKeys a JSON key with a dot names a member of a nested object ({@code
 *     request.method}: Caddy's); else every key is a top-level one, dots and all (a user's
 *     {@code "http.request.method"})
 */
public record FieldPlan(byte[][] literals, Role[] roles, Unit[] units, List<String> names,
    String[] keys, boolean asSent, Dialect dialect, boolean nestedKeys) {

  public boolean isJsonObject() {
    return keys != null;
  }

  public boolean has(Role role) {
    return List.of(roles).contains(role);
  }

  /** The unit of the request time (or of its parts), or null when the plan has none. */
  public Unit requestTimeUnit() {
    for (int v = 0; v < roles.length; v++) {
      if (roles[v] == Role.REQUEST_TIME || roles[v] == Role.TIME_PART) {
        return units[v];
      }
    }
    return null;
  }

  /** A parser for lines of this plan: by key for a JSON object, else by position. */
  public tardy.events.LineParser newParser() {
    return isJsonObject() ? new JsonParser(this) : new PlanParser(this);
  }
}
