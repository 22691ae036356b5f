package tardy.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import tardy.record.window.Exclusions;

/**
 * {@code --exclude-status}, {@code --exclude-method}, {@code --exclude-path}: requests left out on
 * purpose, each counted in the accounting of lines with the value that left it out.
 */
final class ExcludeOptions implements Specs.Fields {

  List<String> statuses = new ArrayList<>();
  List<String> methods = new ArrayList<>();
  List<String> paths = new ArrayList<>();

  @Override
  public Object get(String field) {
    return switch (field) {
      case "statuses" -> statuses;
      case "methods" -> methods;
      case "paths" -> paths;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  @SuppressWarnings("unchecked")
  public void set(String field, Object value) {
    switch (field) {
      case "statuses" -> statuses = (List<String>) value;
      case "methods" -> methods = (List<String>) value;
      case "paths" -> paths = (List<String>) value;
      default -> throw Specs.noField(this, field);
    }
  }

  void addTo(CommandSpec command) {
    command.addOption(Specs.option(this, "statuses", "--exclude-status").paramLabel("CODE")
        .splitRegex(",").description("Leave out requests answered CODE (e.g. 101 for"
            + " websockets); repeatable or comma-separated. Counted in the accounting of lines.")
        .build());
    command.addOption(Specs.option(this, "methods", "--exclude-method").paramLabel("METHOD")
        .splitRegex(",").description("Leave out requests of METHOD (e.g. CONNECT, OPTIONS);"
            + " repeatable or comma-separated.").build());
    command.addOption(Specs.option(this, "paths", "--exclude-path").paramLabel("GLOB")
        .description("Leave out requests whose path (without the query) matches GLOB: * within"
            + " a segment, ** across segments, ? one character (e.g. '/ws/**', '/poll/*');"
            + " repeatable.").build());
  }

  /** Whether any was given. */
  boolean given() {
    return !statuses.isEmpty() || !methods.isEmpty() || !paths.isEmpty();
  }

  /** The exclusions, refused now when a value cannot be one (before any input is read). */
  Exclusions exclusions() {
    List<Integer> codes = new ArrayList<>();
    for (String s : statuses) {
      try {
        codes.add(Integer.parseInt(s.strip()));
      } catch (NumberFormatException e) {
        throw new UserError("--exclude-status takes status codes such as 101, not '" + s + "'");
      }
    }
    for (String m : methods) {
      if (m.isBlank() || !m.chars().allMatch(c -> c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z')) {
        throw new UserError("--exclude-method takes a method such as CONNECT, not '" + m + "'");
      }
    }
    try {
      return new Exclusions(codes, methods, paths);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage(), e);
    }
  }
}
