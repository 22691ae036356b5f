package tardy.classify.infer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The paths of one method in a sample, segment by segment, with the requests through each node;
 * {@link #decide()} turns positions where many distinct values each carry a small share into
 * parameters. Lives only while the sample is read: its size is bounded by the sample's.
 */
final class PathTree {

  /** Fewer distinct values than this at a position are always words (a REST resource list). */
  static final int MIN_DISTINCT = 10;
  /** A value seen at most this often in the sample is rare. */
  static final int RARE = 2;

  private final Map<String, PathTree> children = new LinkedHashMap<>();
  private long through;
  private PathTree param;
  private String placeholder;

  void add(String[] segments, long count) {
    PathTree node = this;
    node.through += count;
    for (String s : segments) {
      node = node.children.computeIfAbsent(s, k -> new PathTree());
      node.through += count;
    }
  }

  /**
   * Decides every position below this node. Values that are a placeholder already ({@code {id}})
   * stay as they are; among the others, a position is a parameter when it has at least {@link
   * #MIN_DISTINCT} values and half of them look like data, or a quarter or more are rare and
   * fewer than half are plain words (a small sample sees most route words once too); or, with
   * fewer values, when at least two and half of them carry escapes, lists or placeholders and
   * half are rare (percent-encoded product names). There, values with a tenth of the position's
   * requests (and at least ten) that do not look like data stay words, and the others meet in
   * one placeholder whose subtrees are merged before deciding further down.
   */
  void decide() {
    List<String> values = children.keySet().stream().filter(v -> !isPlaceholder(v)).toList();
    int d = values.size();
    long rare = values.stream().filter(v -> children.get(v).through <= RARE).count();
    long data = values.stream().filter(PathTree::looksLikeData).count();
    long strong = values.stream().filter(PathTree::carriesData).count();
    long words = values.stream().filter(PathTree::isPlainWord).count();
    boolean parameter = d >= MIN_DISTINCT
        ? data * 2 >= d || rare * 4 >= d && words * 2 < d
        : strong >= 2 && strong * 2 >= d && rare * 2 >= d;
    if (parameter) {
      long total = values.stream().mapToLong(v -> children.get(v).through).sum();
      long heavy = Math.max(10, total / 10);
      List<String> folded = values.stream()
          .filter(v -> children.get(v).through < heavy || looksLikeData(v)).toList();
      if (folded.size() >= 2) {
        param = new PathTree();
        for (String value : folded) {
          param.merge(children.remove(value));
        }
        placeholder = Placeholders.of(folded);
      }
    }
    children.values().forEach(PathTree::decide);
    if (param != null) {
      param.decide();
    }
  }

  /** A whole placeholder of the fixed id rules: {@code {id}}, {@code {uuid}}, {@code {hex}}. */
  static boolean isPlaceholder(String value) {
    return value.length() > 2 && value.charAt(0) == '{' && value.indexOf('}') == value.length() - 1;
  }

  /** Escapes, {@code @}, lists, assignments or a placeholder inside: surely not a route word. */
  static boolean carriesData(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '{' || c == '%' || c == '@' || c == ',' || c == '+' || c == '=' || c == ';'
          || c == '\\' || c == '|') {
        return true;
      }
    }
    return false;
  }

  /** Data as {@link #carriesData}, or with an upper-case letter (codes, base64, names). */
  static boolean looksLikeData(String value) {
    if (carriesData(value)) {
      return true;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        return true;
      }
    }
    return false;
  }

  /** Lower-case letters and underscores only: how route words look ({@code getcomment}). */
  static boolean isPlainWord(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!(c >= 'a' && c <= 'z' || c == '_')) {
        return false;
      }
    }
    return !value.isEmpty();
  }

  private void merge(PathTree other) {
    through += other.through;
    other.children.forEach((k, v) -> children.computeIfAbsent(k, x -> new PathTree()).merge(v));
  }

  /** The template of a path: known words kept, other values at parameter positions replaced. */
  String template(String[] segments) {
    StringBuilder out = new StringBuilder();
    PathTree node = this;
    for (String s : segments) {
      out.append('/');
      PathTree next = node == null ? null : node.children.get(s);
      if (next == null && node != null && node.param != null) {
        out.append(node.placeholder);
        next = node.param;
      } else {
        out.append(s);
      }
      node = next;
    }
    return out.toString();
  }
}
