package tardy.record.grouping;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
  /** At least this many file names of one extension under a prefix fold into {@code {name}.ext}. */
  static final int MIN_FILES = 4;
  /** Names pooled over a prefix's words make a position of names from this many (and half rare). */
  static final int MIN_NAMES = 5;
  /** Top-level domains: {@code www.example.com} in a path is a host name, not a file. */
  private static final Set<String> DOMAINS = Set.of("com", "net", "org", "edu", "gov", "io",
      "info", "biz");
  /** What a file name becomes where file names of its extension fold: {@code {name}.pdf}. */
  static final String FILE_NAME = "{name}.";
  /** What a file's path below a prefix becomes where its extension folds over the subtree. */
  static final String PATH_FILE = "{path}.";
  /** What the rest of a path becomes below a section whose pages are all thin. */
  static final String TAIL = "{path}";
  private static final byte[] TAIL_BYTES = TAIL.getBytes(StandardCharsets.UTF_8);

  private final Map<String, PathTree> children = new LinkedHashMap<>();
  private long through;
  private PathTree param;
  private String placeholder;
  // file names folded by extension (only where no placeholder takes every value): ext → node
  private Map<String, PathTree> files;
  // made by index() once decided, then only read: the children by their bytes, and the text a
  // raw path's value at this parameter position is folded into (null: none, or a child's name)
  private RawKeyCache<PathTree> childrenByBytes;
  private byte[] foldedValue;
  // where file names fold: the folded node by extension; such a node's foldedValue is its name
  private RawKeyCache<PathTree> filesByExtension;
  private byte[] asFileName; // on a node of folded file names: the text they are folded into
  private boolean parameterBelow; // here or further down: where the walk has nothing to fold
  private boolean tail; // every path below this node is one operation: see #thinRows
  // file names folded over this node's whole subtree by extension ({path}.jpg): ext → node, and
  // the same by the extension's bytes once indexed (the node's asFileName is its text)
  private Map<String, PathTree> pathFiles;
  private RawKeyCache<PathTree> pathFilesByExtension;

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
   *
   * <p>A content site spreads its names thinner: an article's slug is one of a few under its
   * category, so the position is judged over the prefix's words together ({@link #decideBelow});
   * and where no placeholder takes a position, file names of one extension that are many and
   * mostly rare meet in {@code {name}.ext}.
   */
  void decide() {
    // two passes: the first decides each position alone; the second also folds what only the
    // whole first decision shows, a route decided in one branch (/m/browse/{slug}) that another
    // branch has too few values to decide (/browse/…), and sections whose rows are all thin
    PathTree first = copy();
    first.decide(null, Set.of(), "", new Decided(Map.of(), Set.of(), Map.of()));
    Map<String, String> routes = new java.util.HashMap<>();
    Set<String> tails = new java.util.HashSet<>();
    Map<String, Set<String>> subtreeFiles = new java.util.HashMap<>();
    first.collect("", routes, tails);
    first.collectSubtreeFiles("", Set.of(), tails, subtreeFiles);
    if (routes.isEmpty() && tails.isEmpty() && subtreeFiles.isEmpty()) {
      adopt(first); // the second pass would decide the same tree with the same (empty) inputs
      return;
    }
    decide(null, Set.of(), "", new Decided(routes, tails, subtreeFiles));
  }

  /** Takes the decisions of {@code decided}, a decided copy of this undecided tree. */
  private void adopt(PathTree decided) {
    children.clear();
    children.putAll(decided.children);
    through = decided.through;
    param = decided.param;
    placeholder = decided.placeholder;
    files = decided.files;
    tail = decided.tail;
    pathFiles = decided.pathFiles;
  }

  /**
   * What the first pass decided over the whole tree.
   *
   * @param routes the placeholder below each route ({@link #routeOf}) somewhere in the tree
   * @param tails the templates of the sections whose rows are all thin ({@link #thinRows})
   * @param subtreeFiles the extensions whose files fold over the subtree of each template
   *     ({@link SubtreeFiles})
   */
  private record Decided(Map<String, String> routes, Set<String> tails,
      Map<String, Set<String>> subtreeFiles) {}

  /**
   * @param names the placeholder of names when the cousins' pooled values are names, else null
   * @param fileExtensions the extensions whose file names fold among the cousins taken together
   * @param prefix the template of the path to this node (null below folded file names)
   */
  private void decide(String names, Set<String> fileExtensions, String prefix, Decided first) {
    String route = prefix == null ? null : routeOf(prefix);
    String routed = route == null ? null : first.routes.get(route);
    if (routed == null && prefix != null && first.tails.contains(prefix)) {
      children.clear();
      tail = true;
      return;
    }
    Set<String> overSubtree = prefix == null ? null : first.subtreeFiles.get(prefix);
    if (overSubtree != null) {
      // the files of these extensions anywhere below meet here, before any position decides
      overSubtree.forEach(this::pullFiles);
    }
    // the empty value after a trailing slash is the directory's own page, never a parameter's
    // counted in one loop: this runs once per node of a cold sample, where streams cost most
    List<String> values = new ArrayList<>(children.size());
    long rare = 0;
    long data = 0;
    long strong = 0;
    long words = 0;
    long total = 0;
    long fileNames = 0;
    for (Map.Entry<String, PathTree> e : children.entrySet()) {
      String v = e.getKey();
      if (isPlaceholder(v) || v.isEmpty()) {
        continue;
      }
      values.add(v);
      long through = e.getValue().through;
      rare += through <= RARE ? 1 : 0;
      data += looksLikeData(v) ? 1 : 0;
      strong += carriesData(v) ? 1 : 0;
      words += isPlainWord(v) ? 1 : 0;
      total += through;
      fileNames += isFile(v) ? 1 : 0;
    }
    values = java.util.Collections.unmodifiableList(values);
    int d = values.size();
    boolean parameter = d >= MIN_DISTINCT
        ? data * 2 >= d || rare * 4 >= d && words * 2 < d
        : strong >= 2 && strong * 2 >= d && rare * 2 >= d;
    long heavy = Math.max(10, total / 10);
    if (parameter && fileNames * 2 >= d) {
      // a directory's files: by extension, each extension its own operation ({name}.pdf)
      foldFiles(values, true, fileExtensions);
      values = values.stream().filter(children::containsKey).toList();
    }
    if (parameter) {
      // where values end here but for a few (slugs at a site's root), a word with a subtree of
      // its own is a section beside them (/tag/news/, /user/login), not one more of them; where
      // many go on (/u/{name}/followers), those are values like the others
      boolean sections = values.stream().filter(v -> hasSubtree(children.get(v))).count() * 10 <= d;
      List<String> folded = values.stream()
          .filter(v -> children.get(v).through < heavy || looksLikeData(v))
          .filter(v -> !sections || !hasSubtree(children.get(v)) || isName(v) || looksLikeData(v))
          .toList();
      if (folded.size() >= 2) {
        foldInto(folded, Placeholders.of(folded));
      }
    }
    if (param != null) {
      // an id among a position's names is one more value of it (a slug that is a number)
      List<String> ids = children.keySet().stream()
          .filter(v -> isPlaceholder(v) && children.get(v).through < heavy).toList();
      ids.forEach(v -> param.merge(children.remove(v)));
    }
    if (param == null && routed != null) {
      // the route takes a parameter elsewhere: its rare values that are not route words here too
      List<String> folded = values.stream()
          .filter(v -> children.get(v).through <= RARE && !isRouteWord(v)).toList();
      if (!folded.isEmpty()) {
        foldInto(folded, routed);
      }
    }
    if (param == null && names != null) {
      // the cousins showed names here: even one rare name is a name, a route word stays
      List<String> folded = values.stream()
          .filter(v -> isName(v) && !isFile(v) && children.get(v).through <= RARE).toList();
      if (!folded.isEmpty()) {
        foldInto(folded, names);
      }
    }
    if (param == null && files == null) {
      foldFiles(values, false, fileExtensions);
    }
    decideBelow(fileExtensions, prefix, first);
  }

  /**
   * The route of a position from the template of the path to it: its last word and the
   * placeholders after it ({@code /m/browse/{slug}} → {@code browse/{slug}}); the root has none.
   */
  static String routeOf(String prefix) {
    int end = prefix.length();
    while (end > 0) {
      int slash = prefix.lastIndexOf('/', end - 1);
      String segment = prefix.substring(slash + 1, end);
      if (!isPlaceholder(segment)) {
        return segment.isEmpty() ? null : prefix.substring(slash + 1);
      }
      end = slash;
    }
    return null;
  }

  /** Collects the first pass's routes and thin sections below this node ({@code prefix}). */
  private void collect(String prefix, Map<String, String> routes, Set<String> tails) {
    if (!prefix.isEmpty() && thinRows()) {
      tails.add(prefix);
      return;
    }
    if (param != null) {
      String route = routeOf(prefix);
      if (route != null) {
        routes.putIfAbsent(route, placeholder);
      }
      param.collect(prefix + '/' + placeholder, routes, tails);
    }
    children.forEach((value, child) -> child.collect(prefix + '/' + value, routes, tails));
  }

  /**
   * Collects, below the first pass's decided node at {@code prefix}, the prefixes whose files of
   * an extension fold over their subtree ({@link SubtreeFiles#folds}); the shallowest such prefix
   * takes the extension, its subtree no longer offers it.
   */
  private void collectSubtreeFiles(String prefix, Set<String> taken, Set<String> tails,
      Map<String, Set<String>> out) {
    if (tails.contains(prefix)) {
      return; // a thin section is one operation whatever its files
    }
    Set<String> here = prefix.isEmpty() ? Set.of() : SubtreeFiles.of(below()).folding(taken);
    Set<String> below = taken;
    if (!here.isEmpty()) {
      out.put(prefix, here);
      below = new java.util.TreeSet<>(taken);
      below.addAll(here);
    }
    for (Map.Entry<String, PathTree> e : below().entrySet()) {
      e.getValue().collectSubtreeFiles(prefix + '/' + e.getKey(), below, tails, out);
    }
  }

  /** The decided positions below as {@link SubtreeFiles} walks them: value → node. */
  Map<String, PathTree> decidedBelow() {
    return below();
  }

  /** Requests that end at this node (its own page), not further down. */
  long ends() {
    return through - below().values().stream().mapToLong(c -> c.through).sum();
  }

  /**
   * Moves the light file names of {@code extension} anywhere in this undecided subtree (each
   * with less than a tenth of their requests, and at least two) into one {@code {path}.ext}
   * node; a directory they leave empty goes with them.
   */
  private void pullFiles(String extension) {
    List<long[]> counts = new ArrayList<>();
    filesBelow(extension, counts);
    long total = counts.stream().mapToLong(c -> c[0]).sum();
    long heavy = Math.max(10, total / 10);
    if (counts.stream().filter(c -> c[0] < heavy).count() < 2) {
      return;
    }
    PathTree into = new PathTree();
    pull(extension, heavy, into);
    if (into.through > 0) {
      if (pathFiles == null) {
        pathFiles = new java.util.TreeMap<>();
      }
      pathFiles.put(extension, into);
    }
  }

  private void filesBelow(String extension, List<long[]> counts) {
    children.forEach((value, child) -> {
      if (child.children.isEmpty() && extension.equals(extensionOf(value))) {
        counts.add(new long[] {child.through});
      } else {
        child.filesBelow(extension, counts);
      }
    });
  }

  /** Pulls the light files below into {@code into}; returns how many requests left. */
  private long pull(String extension, long heavy, PathTree into) {
    long pulled = 0;
    for (var it = children.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<String, PathTree> e = it.next();
      PathTree child = e.getValue();
      long out = 0;
      if (child.children.isEmpty() && extension.equals(extensionOf(e.getKey()))) {
        if (child.through < heavy) {
          out = child.through;
          into.through += out;
        }
      } else {
        out = child.pull(extension, heavy, into);
      }
      child.through -= out;
      pulled += out;
      if (out > 0 && child.through == 0 && child.children.isEmpty()) {
        it.remove();
      }
    }
    return pulled;
  }

  /**
   * Whether this decided node is a section of a content site's long tail: at least {@link
   * #MIN_FILES} rows below it, half of them rare, none with a tenth of its requests (and at least
   * ten), and half of the values on the way to them names, files or placeholders rather than
   * route words (a category's articles, a tag's pages, at depths that vary with the categories).
   * Such pages are one operation: one row each would be a table of single requests.
   */
  private boolean thinRows() {
    long heavy = Math.max(10, through / 10);
    long[] rows = new long[2]; // rows, rare rows
    long[] values = new long[2]; // values, route words
    for (Map.Entry<String, PathTree> e : below().entrySet()) {
      countValue(e.getKey(), values);
      if (!e.getValue().thin(heavy, rows, values)) {
        return false;
      }
    }
    return rows[0] >= MIN_FILES && rows[1] * 2 >= rows[0] && values[1] * 2 <= values[0];
  }

  private boolean thin(long heavy, long[] rows, long[] values) {
    Map<String, PathTree> below = below();
    long ends = through - below.values().stream().mapToLong(c -> c.through).sum();
    if (ends >= heavy) {
      return false;
    }
    if (ends > 0) {
      rows[0]++;
      rows[1] += ends <= RARE ? 1 : 0;
    }
    for (Map.Entry<String, PathTree> e : below.entrySet()) {
      countValue(e.getKey(), values);
      if (!e.getValue().thin(heavy, rows, values)) {
        return false;
      }
    }
    return true;
  }

  /** The decided positions below this node by the value that leads to each. */
  private Map<String, PathTree> below() {
    Map<String, PathTree> below = new LinkedHashMap<>(children);
    if (param != null) {
      below.put(placeholder, param);
    }
    if (files != null) {
      files.forEach((extension, node) -> below.put(FILE_NAME + extension, node));
    }
    return below;
  }

  private static void countValue(String value, long[] values) {
    if (!value.isEmpty()) {
      values[0]++;
      values[1] += isRouteWord(value) ? 1 : 0;
    }
  }

  /** An undecided copy of this tree. */
  private PathTree copy() {
    PathTree copy = new PathTree();
    copy.merge(this);
    return copy;
  }

  /** Letters, digits and underscores only, as short as route words are ({@code v2}, {@code me}). */
  static boolean isRouteWord(String value) {
    if (value.isEmpty() || value.length() > 12) {
      return false;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) {
        return false;
      }
    }
    return true;
  }

  private void foldInto(List<String> folded, String name) {
    param = new PathTree();
    for (String value : folded) {
      param.merge(children.remove(value));
    }
    placeholder = name;
  }

  /**
   * Decides the children, telling them whether the position below them holds names: its values
   * pooled over every child (a category's articles with its sibling categories' articles) are at
   * least {@link #MIN_DISTINCT}, half of them rare and half of them names ({@link #isName}); and
   * which extensions fold there: those this node or a prefix of it folds, and those that are
   * many and mostly rare among the children's files taken together.
   *
   * @param inherited the extensions a prefix of this node folds
   */
  private void decideBelow(Set<String> inherited, String prefix, Decided first) {
    List<PathTree> below = new ArrayList<>(children.values());
    if (param != null) {
      below.add(param);
    }
    if (files != null) {
      below.addAll(files.values());
    }
    int d = 0;
    List<String> names = new ArrayList<>();
    int rareNames = 0;
    for (PathTree child : below) {
      for (Map.Entry<String, PathTree> e : child.children.entrySet()) {
        if (isPlaceholder(e.getKey()) || e.getKey().isEmpty()) {
          continue;
        }
        d++;
        if (isName(e.getKey())) {
          names.add(e.getKey());
          rareNames += e.getValue().through <= RARE ? 1 : 0;
        }
      }
    }
    String pooled = names.size() >= MIN_NAMES && rareNames * 2 >= names.size()
        && names.size() * 4 >= d ? Placeholders.of(names) : null;
    Map<String, List<PathTree>> byExtension = new java.util.TreeMap<>();
    for (PathTree child : below) {
      child.children.forEach((value, node) -> {
        String extension = extensionOf(value);
        if (extension != null && node.children.isEmpty()) {
          byExtension.computeIfAbsent(extension, x -> new ArrayList<>()).add(node);
        }
      });
    }
    // a prefix that folds an extension folds it in its directories too (/js/{name}.js, /js/lib/…)
    Set<String> fileExtensions = new java.util.TreeSet<>(inherited);
    if (files != null) {
      fileExtensions.addAll(files.keySet());
    }
    byExtension.forEach((extension, files) -> {
      if (manyRare(files)) {
        fileExtensions.add(extension);
      }
    });
    children.forEach((value, child) ->
        child.decide(pooled, fileExtensions, prefix == null ? null : prefix + '/' + value, first));
    if (param != null) {
      param.decide(pooled, fileExtensions, prefix == null ? null : prefix + '/' + placeholder,
          first);
    }
    if (files != null) {
      files.values().forEach(f -> f.decide(pooled, fileExtensions, null, first));
    }
  }

  /** At least {@link #MIN_FILES} files, half of them rare. */
  private static boolean manyRare(List<PathTree> files) {
    long rare = files.stream().filter(f -> f.through <= RARE).count();
    return files.size() >= MIN_FILES && rare * 2 >= files.size();
  }

  /**
   * File names ({@code report.pdf}, no subtree) grouped by extension: an extension with at least
   * {@link #MIN_FILES} names, half of them rare, here or among the cousins taken together (a
   * script directory's few scripts beside its sibling directories' scripts), folds those with
   * less than a tenth of its requests (and at least two of them) into {@code {name}.ext}.
   *
   * @param parameter whether the position is a parameter already: then any two files fold
   */
  private void foldFiles(List<String> values, boolean parameter, Set<String> cousinExtensions) {
    Map<String, List<String>> byExtension = new java.util.TreeMap<>();
    for (String v : values) {
      String extension = extensionOf(v);
      if (isFile(v)) {
        byExtension.computeIfAbsent(extension, x -> new ArrayList<>()).add(v);
      }
    }
    byExtension.forEach((extension, names) -> {
      long total = names.stream().mapToLong(v -> children.get(v).through).sum();
      long heavy = Math.max(10, total / 10);
      List<String> folded = names.stream().filter(v -> children.get(v).through < heavy).toList();
      boolean many = parameter || manyRare(names.stream().map(children::get).toList())
          || cousinExtensions.contains(extension);
      if (many && folded.size() >= 2) {
        PathTree node = new PathTree();
        folded.forEach(v -> node.merge(children.remove(v)));
        if (files == null) {
          files = new java.util.TreeMap<>();
        }
        files.put(extension, node);
      }
    });
  }

  /** Whether paths go on below a value (a trailing slash's empty value is the value's page). */
  private static boolean hasSubtree(PathTree node) {
    return node.children.keySet().stream().anyMatch(v -> !v.isEmpty());
  }

  /** A value with an extension and nothing below it. */
  private boolean isFile(String value) {
    return extensionOf(value) != null && children.get(value).children.isEmpty();
  }

  /**
   * The extension of a file name: 1–5 letters or digits (a letter first) after its last dot,
   * with a name before it; null for anything else, for a build's file ({@code app.{hash}.js}),
   * which is one file in all its builds, and for e-mail addresses and host names.
   */
  static String extensionOf(String value) {
    int dot = value.lastIndexOf('.');
    if (dot <= 0 || value.length() - dot - 1 < 1 || value.length() - dot - 1 > 5) {
      return null;
    }
    for (int i = dot + 1; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > dot + 1 && c >= '0' && c <= '9')) {
        return null;
      }
    }
    String extension = value.substring(dot + 1);
    return value.contains(Placeholders.HASH) || value.indexOf('@') >= 0
        || DOMAINS.contains(extension) ? null : extension;
  }

  /**
   * What names look like, as opposed to route words: text in a non-Latin script (two or more
   * percent-escaped bytes from 0x80), or three or more lower-case words joined by dashes
   * ({@code how-to-tune-g1}, an extension allowed after it).
   */
  static boolean isName(String value) {
    int high = 0;
    for (int i = 0; i + 2 < value.length(); i++) {
      if (value.charAt(i) == '%' && "89abcdefABCDEF".indexOf(value.charAt(i + 1)) >= 0) {
        high++;
      }
    }
    if (high >= 2) {
      return true;
    }
    String extension = extensionOf(value);
    String name = (extension == null ? value
        : value.substring(0, value.length() - extension.length() - 1))
        .replace(PathTemplates.ID, "0");
    int dashes = 0;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '-') {
        if (i == 0 || i == name.length() - 1 || name.charAt(i - 1) == '-') {
          return false;
        }
        dashes++;
      } else if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9')) {
        return false;
      }
    }
    return dashes >= 2;
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
    index(false);
  }

  /** @param whole whether every node below is indexed, as where files fold over a subtree */
  private void index(boolean whole) {
    boolean all = whole || pathFiles != null;
    children.values().forEach(child -> child.index(all));
    if (param != null) {
      param.index(all);
    }
    if (files != null) {
      files.values().forEach(f -> f.index(all));
      filesByExtension = new RawKeyCache<>(files.size());
      files.forEach((extension, node) -> {
        byte[] e = extension.getBytes(StandardCharsets.UTF_8);
        byte[] name = (FILE_NAME + extension).getBytes(StandardCharsets.UTF_8);
        node.asFileName = children.containsKey(FILE_NAME + extension) ? null : name;
        filesByExtension.put(e, 0, e.length, RawKeyCache.hash(e, 0, e.length), node);
      });
    }
    if (pathFiles != null) {
      pathFilesByExtension = new RawKeyCache<>(pathFiles.size());
      pathFiles.forEach((extension, node) -> {
        byte[] e = extension.getBytes(StandardCharsets.UTF_8);
        node.asFileName = (PATH_FILE + extension).getBytes(StandardCharsets.UTF_8);
        pathFilesByExtension.put(e, 0, e.length, RawKeyCache.hash(e, 0, e.length), node);
      });
    }
    parameterBelow = tail || param != null || files != null || pathFiles != null
        || children.values().stream().anyMatch(child -> child.parameterBelow);
    if ((parameterBelow || whole) && children.size() < MAX_INDEXED) {
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
      if (node.tail) {
        if (to - r < TAIL_BYTES.length) {
          break;
        }
        System.arraycopy(TAIL_BYTES, 0, b, w, TAIL_BYTES.length);
        return w + TAIL_BYTES.length;
      }
      int last = node.pathFilesByExtension == null ? to : lastSegment(b, r, to);
      PathTree overSubtree = last == to ? null
          : node.fileOf(node.pathFilesByExtension, b, last, to);
      if (overSubtree != null) {
        int holds = hasAt(b, last, to) ? -1 : node.holds(b, r, to);
        if (holds < 0 || holds == 0 && to - r < overSubtree.asFileName.length) {
          break;
        }
        if (holds == 0) {
          System.arraycopy(overSubtree.asFileName, 0, b, w, overSubtree.asFileName.length);
          return w + overSubtree.asFileName.length;
        }
      }
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
      if (next == null && node.filesByExtension != null
          && normalized == PathTemplates.UNCHANGED) {
        next = node.fileOf(node.filesByExtension, b, r, end);
        value = next != null && next.asFileName != null && next.asFileName.length <= end - r
            ? next.asFileName : null;
      }
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

  /**
   * The node a file name {@code b[from, to)} folds into by its extension ({@link #extensionOf} on
   * bytes: braces in it are never a value's, see {@link PathTemplates#normalizedSegment}), or null.
   */
  private PathTree fileOf(RawKeyCache<PathTree> byExtension, byte[] b, int from, int to) {
    int dot = to - 1;
    while (dot > from && to - dot <= 6 && b[dot] != '.') {
      dot--;
    }
    if (dot <= from || b[dot] != '.') {
      return null;
    }
    return byExtension.get(b, dot + 1, to, RawKeyCache.hash(b, dot + 1, to));
  }

  /** An {@code @} in {@code b[from, to)}: an address, never a file ({@link #extensionOf}). */
  private static boolean hasAt(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] == '@') {
        return true;
      }
    }
    return false;
  }

  /** Where the last segment of {@code b[from, to)} begins. */
  private static int lastSegment(byte[] b, int from, int to) {
    int start = to;
    while (start > from && b[start - 1] != '/') {
      start--;
    }
    return start;
  }

  /** Whether the segments from {@code from} on are a path of known words below this node. */
  private boolean holds(String[] segments, int from) {
    PathTree node = this;
    for (int i = from; i < segments.length && node != null; i++) {
      node = node.children.get(segments[i]);
    }
    return node != null;
  }

  /**
   * As {@link #holds} on the bytes of a raw path's rest {@code b[from, to)}: 1 when they are, 0
   * when they are not, -1 when the bytes do not tell (a segment not clear from its bytes, a node
   * not indexed).
   */
  private int holds(byte[] b, int from, int to) {
    PathTree node = this;
    int r = from;
    while (true) {
      if (node.childrenByBytes == null) {
        return -1;
      }
      int end = r;
      while (end < to && b[end] != '/') {
        end++;
      }
      byte[] normalized = PathTemplates.normalizedSegment(b, r, end);
      if (normalized == null) {
        return -1;
      }
      node = normalized == PathTemplates.UNCHANGED
          ? node.childrenByBytes.get(b, r, end, RawKeyCache.hash(b, r, end))
          : node.childrenByBytes.get(normalized, 0, normalized.length,
              RawKeyCache.hash(normalized, 0, normalized.length));
      if (node == null) {
        return 0;
      }
      if (end == to) {
        return 1;
      }
      r = end + 1;
    }
  }

  /** The template of a path: known words kept, other values at parameter positions replaced. */
  String template(String[] segments) {
    StringBuilder out = new StringBuilder();
    PathTree node = this;
    for (int i = 0; i < segments.length; i++) {
      String s = segments[i];
      out.append('/');
      if (node != null && node.tail) {
        return out.append(TAIL).toString();
      }
      String overSubtree = node == null || node.pathFiles == null ? null
          : extensionOf(segments[segments.length - 1]);
      if (overSubtree != null && node.pathFiles.containsKey(overSubtree)
          && !node.holds(segments, i)) {
        return out.append(PATH_FILE).append(overSubtree).toString();
      }
      PathTree next = node == null ? null : node.children.get(s);
      String extension = next == null && node != null && node.files != null
          ? extensionOf(s) : null;
      if (extension != null && node.files.containsKey(extension)) {
        out.append(FILE_NAME).append(extension);
        next = node.files.get(extension);
      } else if (next == null && node != null && node.param != null) {
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
