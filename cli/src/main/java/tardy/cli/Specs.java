package tardy.cli;

import java.lang.reflect.Field;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli's model of the commands, written in code. picocli can read it from annotations, but
 * reading them at run time (each annotation type a proxy class generated for the run) was a third
 * of a short run's CPU. Each option is still bound to a field and typed and initialised from it,
 * as picocli does for an annotated field, so parsing, help and messages are the same.
 */
final class Specs {

  /**
   * An object whose option fields picocli reads and writes, by name, in a switch of its own. Not
   * through reflection: since Java 18 a field's first reflective read or write builds method
   * handles, and Java 25 generates classes for them, 20 to 30 ms of a 10-line run.
   */
  interface Fields {
    Object get(String field);

    void set(String field, Object value);
  }

  private Specs() {}

  /** What a {@link Fields} switch says of a name it does not hold. */
  static IllegalArgumentException noField(Object owner, String field) {
    return new IllegalArgumentException(owner.getClass().getName() + " has no option field " + field);
  }

  /** A command with its name, description and version; its options follow, then {@link #help}. */
  static CommandSpec command(Object command, String name, String... description) {
    CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name)
        .versionProvider(new Tardy.Version());
    spec.usageMessage().description(description);
    return spec;
  }

  /** {@code -h, --help} and {@code -V, --version}, last, where picocli's standard mixin puts them. */
  static CommandSpec help(CommandSpec spec) {
    return spec
        .addOption(OptionSpec.builder("-h", "--help").usageHelp(true).type(boolean.class)
            .initialValue(false).hasInitialValue(true)
            .description("Show this help message and exit.").build())
        .addOption(OptionSpec.builder("-V", "--version").versionHelp(true).type(boolean.class)
            .initialValue(false).hasInitialValue(true)
            .description("Print version information and exit.").build());
  }

  /**
   * An option bound to the field {@code field} of {@code owner}: typed by the field, its value the
   * field's until one is parsed, its label the field's name until one is given, as picocli makes
   * them for an annotated field. A list holds strings (picocli's default: the field's generic
   * type is not read, which would load the JDK's signature parser for one field).
   */
  static OptionSpec.Builder option(Fields owner, String field, String... names) {
    FieldValue value = new FieldValue(owner, field);
    return OptionSpec.builder(names).type(value.type()).getter(value).setter(value)
        .initialValue(value.get()).hasInitialValue(true).paramLabel(value.label());
  }

  /** The positional parameters, bound to the field {@code field} of {@code owner} as an option is. */
  static PositionalParamSpec.Builder positional(Fields owner, String field) {
    FieldValue value = new FieldValue(owner, field);
    return PositionalParamSpec.builder().type(value.type()).getter(value).setter(value)
        .initialValue(value.get()).hasInitialValue(true).paramLabel(value.label());
  }

  /** The field's declaration, for its type: reading that builds no method handle. */
  private static Field field(Class<?> type, String name) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      try {
        return c.getDeclaredField(name);
      } catch (NoSuchFieldException e) {
        // declared further up
      }
    }
    throw new IllegalStateException(type.getName() + " has no field " + name);
  }

  /** Reads and writes one field of one object. */
  private static final class FieldValue implements IGetter, ISetter {
    private final Fields owner;
    private final String name;
    private final Class<?> type;

    FieldValue(Fields owner, String name) {
      this.owner = owner;
      this.name = name;
      this.type = field(owner.getClass(), name).getType();
    }

    Class<?> type() {
      return type;
    }

    String label() {
      return "<" + name + ">";
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T get() {
      return (T) owner.get(name);
    }

    @Override
    public <T> T set(T value) {
      T previous = get();
      owner.set(name, value);
      return previous;
    }
  }
}
