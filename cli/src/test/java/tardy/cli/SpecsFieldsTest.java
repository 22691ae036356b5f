package tardy.cli;

import tardy.run.Driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Each holder of options reads and writes its fields in a switch by name: the option named for a
 * field must read and write that field, of its type, and every option of every command must be
 * bound to one.
 */
class SpecsFieldsTest {

  private static final Streams STREAMS = new Streams(System.in, System.out, System.err, Map.of(), () -> false);

  private static List<Specs.Fields> holders() {
    return List.of(new InputOptions(), new ViewOptions(), new OutputOptions(), new FollowOptions(),
        new ExcludeOptions(), new ExemplarsOption(),
        new IntervalOption(), new StartTimeOption(), new TimeWindowOption(),
        new ReportCommand(STREAMS, Driver.LOCAL), new CheckCommand(STREAMS, Driver.LOCAL),
        new HlogCommand(STREAMS, Driver.LOCAL), new FormatsCommand(STREAMS));
  }

  @Test
  void eachNameReadsAndWritesItsOwnField() throws Exception {
    int checked = 0;
    for (Specs.Fields holder : holders()) {
      for (Field f : optionFields(holder)) {
        Object sample = sample(f.getType());
        holder.set(f.getName(), sample);
        f.setAccessible(true);
        assertThat(f.get(holder)).as(f.toString()).isEqualTo(sample);
        assertThat(holder.get(f.getName())).as(f.toString()).isEqualTo(sample);
        checked++;
      }
    }
    assertThat(checked).isEqualTo(42); // every option field of every command, inherited ones twice
  }

  /** The fields a holder's switch knows: those it does not refuse. */
  private static List<Field> optionFields(Specs.Fields holder) {
    List<Field> fields = new ArrayList<>();
    for (Class<?> c = holder.getClass(); c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers()) || Modifier.isFinal(f.getModifiers())) {
          continue;
        }
        try {
          holder.get(f.getName());
          fields.add(f);
        } catch (IllegalArgumentException notAnOption) {
          assertThat(notAnOption).hasMessageContaining("has no option field");
        }
      }
    }
    return fields;
  }

  private static Object sample(Class<?> type) {
    if (type == int.class || type == Integer.class) {
      return 7;
    }
    if (type == long.class || type == Long.class) {
      return 7L;
    }
    if (type == boolean.class) {
      return true;
    }
    if (type == String.class) {
      return "x";
    }
    if (type == Path.class) {
      return Path.of("x");
    }
    if (type == List.class) {
      return List.of("x");
    }
    if (type.isEnum()) {
      Object[] constants = type.getEnumConstants();
      return constants[constants.length - 1];
    }
    throw new AssertionError("no sample of " + type);
  }

  @Test
  void everyOptionOfEveryCommandIsBound() {
    List<CommandSpec> commands = List.of(new ReportCommand(STREAMS, Driver.LOCAL).spec(),
        new CheckCommand(STREAMS, Driver.LOCAL).spec(), new HlogCommand(STREAMS, Driver.LOCAL).spec(),
        new FormatsCommand(STREAMS).spec());
    for (CommandSpec command : commands) {
      List<ArgSpec> args = new ArrayList<>(command.options());
      args.addAll(command.positionalParameters());
      for (ArgSpec arg : args) {
        Object value = arg.getValue();
        arg.setValue(value); // throws for a name the switch does not hold, or of another type
        Object again = arg.getValue();
        assertThat(again).isEqualTo(value);
      }
    }
  }

  @Test
  void anUnknownNameIsRefused() {
    assertThatThrownBy(() -> new ViewOptions().set("nope", 1))
        .hasMessage("tardy.cli.ViewOptions has no option field nope");
  }
}
