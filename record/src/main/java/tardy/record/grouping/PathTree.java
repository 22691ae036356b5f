package tardy.record.grouping;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tardy.record.grouping.PathTemplates;
import tardy.record.grouping.RawKeyCache;
import tardy.events.Limits;

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
  // made by index() once decided, then only read: the children by their bytes, and the text a
  // raw path's value at this parameter position is folded into (null: none, or a child's name)
  private RawKeyCache<PathTree> childrenByBytes;
  private byte[] foldedValue;
  private boolean parameterBelow; // here or further down: where the walk has nothing to fold

  /** More children than this are not indexed: the walk stops there (a cache miss, no error). */
  private static final int MAX_INDEXED = 1 << 15;

  /**
   * Adds a path's first {@link Limits#PATH_POSITIONS} positions: the tree is walked recursively,
   * and a scanner's path of thousands of segments overflowed the stack. Positions deeper than
   * that are kept as logged ({@link #template} and {@link #foldRaw} stop where the tree does).
   */
  void add(String[] segments, long count) {
    PathTree node = this;
    node.through += count;
    for (int i = 0; i < Math.min(segments.length, Limits.PATH_POSITIONS); i++) {
      node = node.children.computeIfAbsent(segments[i], k -> new PathTree());
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

  /** Whether {@link #foldRaw} can fold anything: a parameter somewhere in the tree. */
  boolean folds() {
    return parameterBelow;
  }

  /**
   * Indexes this decided tree for {@link #foldRaw}; the tree must not change afterwards. Only
   * nodes with a parameter at or below them are indexed (the walk ends at the others), each sized
   * to its children, so a sample of a million route-like words costs no index at all.
   */
  void index() {
    children.values().forEach(PathTree::index);
    if (param != null) {
      param.index();
    }
    parameterBelow = param != null
        || children.values().stream().anyMatch(child -> child.parameterBelow);
    if (parameterBelow && children.size() < MAX_INDEXED) {
      childrenByBytes = new RawKeyCache<>(children.size());
      children.forEach((value, child) -> {
        byte[] v = value.getBytes(StandardCharsets.UTF_8);
        childrenByBytes.put(v, 0, v.length, RawKeyCache.hash(v, 0, v.length), child);
      });
    }
    if (param != null && !children.containsKey(placeholder)) {
      foldedValue = placeholder.getBytes(StandardCharsets.UTF_8);
    }
  }

  /**
   * Folds in place the raw path {@code b[from, to)} (absolute, ids folded, no scheme) as {@link
   * #template} walks it: a value that the template replaces by a placeholder becomes the
   * placeholder's text (when that is no longer than the value), so every value there shares one
   * raw key; everything else stays. The walk stops where no parameter lies further down, where a
   * segment's normalized form is not clear from its bytes ({@link
   * PathTemplates#normalizedSegment}) or where no node is indexed.
   *
   * @return the new end of the path
   */
  int foldRaw(byte[] b, int from, int to) {
    PathTree node = this;
    int r = from + 1; // b[from] is the first slash; b[r, to) is still to read, b[.., w) written
    int w = r;
    while (node != null && node.parameterBelow && node.childrenByBytes != null) {
      int end = r;
      while (end < to && b[end] != '/') {
        end++;
      }
      byte[] normalized = PathTemplates.normalizedSegment(b, r, end);
      if (normalized == null) {
        break;
      }
      PathTree next = normalized == PathTemplates.UNCHANGED
          ? node.childrenByBytes.get(b, r, end, RawKeyCache.hash(b, r, end))
          : node.childrenByBytes.get(normalized, 0, normalized.length,
              RawKeyCache.hash(normalized, 0, normalized.length));
      byte[] value = null;
      if (next == null && node.param != null) {
        value = node.foldedValue != null && node.foldedValue.length <= end - r
            ? node.foldedValue : null;
        next = node.param;
      }
      if (value != null) {
        System.arraycopy(value, 0, b, w, value.length);
        w += value.length;
      } else {
        System.arraycopy(b, r, b, w, end - r);
        w += end - r;
      }
      node = next;
      if (end == to) {
        return w;
      }
      b[w++] = '/';
      r = end + 1;
    }
    System.arraycopy(b, r, b, w, to - r);
    return w + to - r;
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
