package tardy.cli;

import java.lang.reflect.Field;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.PicocliException;

/**
 * picocli's model of the commands, written in code. picocli can read it from annotations, but
 * reading them at run time (each annotation type a proxy class generated for the run) was a third
 * of a short run's CPU. Each option is still bound to a field and typed and initialised from it,
 * as picocli does for an annotated field, so parsing, help and messages are the same.
 */
final class Specs {

  private Specs() {}

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
  static OptionSpec.Builder option(Object owner, String field, String... names) {
    FieldValue value = new FieldValue(owner, field);
    return OptionSpec.builder(names).type(value.type()).getter(value).setter(value)
        .initialValue(value.get()).hasInitialValue(true).paramLabel(value.label());
  }

  /** The positional parameters, bound to the field {@code field} of {@code owner} as an option is. */
  static PositionalParamSpec.Builder positional(Object owner, String field) {
    FieldValue value = new FieldValue(owner, field);
    return PositionalParamSpec.builder().type(value.type()).getter(value).setter(value)
        .initialValue(value.get()).hasInitialValue(true).paramLabel(value.label());
  }

  private static Field field(Class<?> type, String name) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f;
      } catch (NoSuchFieldException e) {
        // declared further up
      }
    }
    throw new IllegalStateException(type.getName() + " has no field " + name);
  }

  /** Reads and writes one field of one object. */
  private static final class FieldValue implements IGetter, ISetter {
    private final Object owner;
    private final Field field;

    FieldValue(Object owner, String name) {
      this.owner = owner;
      this.field = field(owner.getClass(), name);
    }

    Class<?> type() {
      return field.getType();
    }

    String label() {
      return "<" + field.getName() + ">";
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T get() {
      try {
        return (T) field.get(owner);
      } catch (IllegalAccessException e) {
        throw new PicocliException("cannot read " + field, e);
      }
    }

    @Override
    public <T> T set(T value) {
      T previous = get();
      try {
        field.set(owner, value);
      } catch (IllegalAccessException e) {
        throw new PicocliException("cannot write " + field, e);
      }
      return previous;
    }
  }
}
