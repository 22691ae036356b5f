package tardy.formats.nginx;

import java.util.List;

/**
 * A compiled log_format: literals and variables alternating, {@code literals[i]} before {@code
 * roles[i]} and one literal more than variables (the last one closes the line; any may be empty).
 * Consecutive variables without a role are merged into one skipped field.
 *
 * @param names the variable names, for messages and JSON keys
 * @param keys the JSON key of each variable when the format is a JSON object of single-variable
 *     values, else null
 * @param asSent the log_format says {@code escape=none}: values are the client's bytes unescaped
 */
record FieldPlan(byte[][] literals, Role[] roles, List<String> names, String[] keys,
    boolean asSent) {

  boolean isJsonObject() {
    return keys != null;
  }
}
