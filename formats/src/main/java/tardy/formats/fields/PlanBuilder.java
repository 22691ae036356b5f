package tardy.formats.fields;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link FieldPlan} from a layout read in order: the literal text, byte for byte, and the
 * fields between it. A format's compiler reads its own syntax ({@code $var}, {@code %D}) and calls
 * this; the rules every layout shares are kept here: two fields need a literal between them
 * unless both are skipped (they merge into one), and a layout that is one JSON object of
 * single-variable values is read by key.
 */
public final class PlanBuilder {

  private final Dialect dialect;
  private boolean nestedKeys;
  private final List<byte[]> literals = new ArrayList<>();
  private final List<Role> roles = new ArrayList<>();
  private final List<Unit> units = new ArrayList<>();
  private final List<String> names = new ArrayList<>();
  private final ByteArrayOutputStream literal = new ByteArrayOutputStream();

  public PlanBuilder(Dialect dialect) {
    this.dialect = dialect;
  }

  /** Appends constant text to the literal being built. */
  public PlanBuilder literal(String text) {
    literal.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    return this;
  }

  /** A field without a duration. */
  public PlanBuilder field(String name, Role role) {
    return field(name, role, null);
  }

  /**
   * A field after the literal built so far.
   *
   * @param name the variable as the user wrote it, without the sigil
   * @param unit the unit of a duration field, else null
   * @throws IllegalArgumentException when it follows a field with nothing between them and either
   *     matters: where one ends would be unknown
   */
  public PlanBuilder field(String name, Role role, Unit unit) {
    if (literal.size() == 0 && !roles.isEmpty()) {
      Role previous = roles.get(roles.size() - 1);
      String last = names.get(names.size() - 1);
      if (role != Role.OTHER || previous != Role.OTHER) {
        throw new IllegalArgumentException(
            dialect.directive() + " has " + dialect.sigil() + last + " and " + dialect.sigil() + name
                + " with nothing between them, so where one ends is unknown: put a separator between them");
      }
      names.set(names.size() - 1, last + dialect.sigil() + name); // one skipped field
      return this;
    }
    literals.add(literal.toByteArray());
    literal.reset();
    roles.add(role);
    units.add(unit);
    names.add(name);
    return this;
  }

  /** Whether a field with this role was added. */
  public boolean has(Role role) {
    return roles.contains(role);
  }

  /**
   * Dotted JSON keys name members of nested objects, one level deep ({@code request.method}), for
   * a server whose log nests them; a user's layout keeps its keys as written.
   */
  public PlanBuilder nestedKeys() {
    nestedKeys = true;
    return this;
  }

  /** @param asSent values are the client's bytes unescaped */
  public FieldPlan build(boolean asSent) {
    List<byte[]> all = new ArrayList<>(literals);
    all.add(literal.toByteArray());
    byte[][] lits = all.toArray(new byte[0][]);
    return new FieldPlan(lits, roles.toArray(new Role[0]), units.toArray(new Unit[0]),
        List.copyOf(names), jsonKeys(lits, roles), asSent, dialect, nestedKeys);
  }

  /**
   * The JSON key of every variable when the format is one JSON object whose values are single
   * variables ({@code "key":"$var"} or {@code "key":$var}); then lines are read by key, in any order.
   */
  private static String[] jsonKeys(byte[][] literals, List<Role> roles) {
    String first = new String(literals[0], StandardCharsets.UTF_8).strip();
    String last = new String(literals[literals.length - 1], StandardCharsets.UTF_8).strip();
    if (!first.startsWith("{") || !last.endsWith("}")) {
      return null;
    }
    String[] keys = new String[roles.size()];
    for (int v = 0; v < roles.size(); v++) {
      String before = new String(literals[v], StandardCharsets.UTF_8);
      String after = new String(literals[v + 1], StandardCharsets.UTF_8).strip();
      String trimmed = before.stripTrailing();
      boolean quoted = trimmed.endsWith("\"") && !trimmed.endsWith("\":");
      if (quoted) {
        trimmed = trimmed.substring(0, trimmed.length() - 1).stripTrailing();
      }
      boolean closes = quoted ? after.startsWith("\",") || after.startsWith("\"}") || after.equals("\"") && v == roles.size() - 1
          : after.startsWith(",") || after.startsWith("}");
      int keyEnd = trimmed.endsWith(":") ? trimmed.lastIndexOf('"', trimmed.length() - 1) : -1;
      int keyStart = keyEnd > 0 ? trimmed.lastIndexOf('"', keyEnd - 1) : -1;
      if (!closes || keyStart < 0) {
        if (roles.get(v) != Role.OTHER) {
          return null; // a role shares its value with other text: read by position instead
        }
        continue;
      }
      keys[v] = trimmed.substring(keyStart + 1, keyEnd);
    }
    return keys;
  }
}
