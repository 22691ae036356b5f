package tardy.analysis.requirements;

import java.util.List;

/** A requirements file that cannot be used: every problem found, each as {@code file:line:column: message}. */
public final class RequirementsException extends Exception {

  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  public RequirementsException(List<String> problems) {
    super(String.join("\n", problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }
}
