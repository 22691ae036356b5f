package tardy.analysis.requirements;

import java.util.regex.Pattern;

/** Compiles the operation patterns of the requirements file into regular expressions. */
final class Templates {

  private static final Pattern METHOD = Pattern.compile("[A-Z][A-Z_-]*");
  private static final Pattern PLACEHOLDER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private Templates() {}

  /**
   * {@code GET /product/{id}} → a request pattern.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  static OperationPattern.Request request(String text) {
    String[] parts = text.trim().split(" +");
    if (parts.length != 2 || !METHOD.matcher(parts[0]).matches()) {
      throw new IllegalArgumentException(
          "request must be a METHOD and a path template, e.g. 'GET /product/{id}', got '" + text + "'");
    }
    return new OperationPattern.Request(parts[0], parts[1], Pattern.compile(path(parts[1])));
  }

  /** The regular expression of a path template. */
  static String path(String template) {
    if (!template.startsWith("/")) {
      throw new IllegalArgumentException("path template '" + template + "' must start with /");
    }
    StringBuilder regex = new StringBuilder();
    String[] segments = template.substring(1).split("/", -1);
    for (int s = 0; s < segments.length; s++) {
      String segment = segments[s];
      if (segment.equals("**")) {
        if (s != segments.length - 1) {
          throw new IllegalArgumentException(
              "path template '" + template + "': ** matches the rest of the path, so it must come last");
        }
        regex.append("(?:/.*)?");
        break;
      }
      regex.append('/');
      segment(template, segment, regex);
    }
    return regex.toString();
  }

  private static void segment(String template, String segment, StringBuilder regex) {
    int i = 0;
    while (i < segment.length()) {
      int open = segment.indexOf('{', i);
      int close = segment.indexOf('}', i);
      if (segment.indexOf('*', i) >= 0) {
        throw new IllegalArgumentException("path template '" + template
            + "': * is only allowed as a whole segment **; use {name} for one segment");
      }
      if (open < 0) {
        if (close >= 0) {
          throw new IllegalArgumentException("path template '" + template + "': } without {");
        }
        regex.append(Pattern.quote(segment.substring(i)));
        return;
      }
      if (close < open) {
        throw new IllegalArgumentException("path template '" + template + "': { without }");
      }
      if (!PLACEHOLDER.matcher(segment.substring(open + 1, close)).matches()) {
        throw new IllegalArgumentException("path template '" + template
            + "': a placeholder is a name in braces, e.g. {id}");
      }
      if (open > i) {
        regex.append(Pattern.quote(segment.substring(i, open)));
      }
      regex.append("[^/]+?");
      i = close + 1;
    }
  }

  /** {@code G1*} → a pause pattern; {@code *} is the only special character. */
  static OperationPattern.Pause pause(String glob) {
    if (glob.isBlank()) {
      throw new IllegalArgumentException("pause must name a VM operation, e.g. G1CollectForAllocation");
    }
    StringBuilder regex = new StringBuilder();
    String[] parts = glob.split("\\*", -1);
    for (int i = 0; i < parts.length; i++) {
      regex.append(i == 0 ? "" : ".*").append(parts[i].isEmpty() ? "" : Pattern.quote(parts[i]));
    }
    return new OperationPattern.Pause(glob, Pattern.compile(regex.toString()));
  }
}
