package tardy.analysis.requirements;


import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.snakeyaml.engine.v2.api.LoadSettings;
import tardy.events.Limits;
import tardy.events.input.FileNames;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * Reads a requirements file (YAML, version 1) into {@link Requirements}, checking all of it
 * before any log is read and reporting every problem at once with its line and column.
 *
 * <p>Hostile files are refused, not survived: snakeyaml-engine only composes nodes here (nothing
 * is ever instantiated), tags other than YAML's plain types are errors, and size, nesting and
 * aliases are capped so a small file cannot expand into a huge one.
 */
public final class RequirementsLoader {

  /** Larger files are refused unread: requirements are a page, not a data set. */
  public static final int MAX_BYTES = Limits.REQUIREMENTS_BYTES;

  /** Nesting deeper is refused: the parser recurses, and no requirements file needs it. */
  static final int MAX_DEPTH = Limits.REQUIREMENTS_DEPTH;

  /** Aliases of collections allowed; a handful is plenty, thousands are an alias bomb. */
  static final int MAX_ALIASES = Limits.REQUIREMENTS_ALIASES;

  /** Operations allowed: each is a group kept whole, and memory must hold them all. */
  static final int MAX_OPERATIONS = Limits.REQUIREMENTS_OPERATIONS;

  private static final Set<Tag> PLAIN_TAGS =
      Set.of(Tag.STR, Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL, Tag.MAP, Tag.SEQ);

  private static final List<String> ROOT_KEYS = List.of("version", "categories", "operations", "unmatched", "regressions", "heap");
  private static final List<String> CATEGORY_KEYS = List.of("limit", "budgets", "slo");
  private static final List<String> OPERATION_KEYS = List.of("name", "request", "pause", "category", "budgets", "optional", "slo");
  private static final List<String> UNMATCHED_KEYS = List.of("category", "budgets");

  /**
   * A category: its limit (the p90 budget and Apdex T; 0 when none), further budgets, and the
   * objective of its request operations (null: none).
   */
  private record Category(long limitNanos, Map<String, Long> budgets, Slo slo) {}

  private final String file;
  private final YamlProblems problems;

  private RequirementsLoader(String file) {
    this.file = file;
    this.problems = new YamlProblems(file);
  }

  /** The built-in categories, from the usability limits; a file may override or add to them. */
  private static Map<String, Category> defaultCategories() {
    Map<String, Category> c = new LinkedHashMap<>();
    c.put("instant", new Category(100_000_000L, Map.of(), null));
    c.put("seamless", new Category(1_000_000_000L, Map.of(), null));
    c.put("attention", new Category(10_000_000_000L, Map.of(), null));
    c.put("slow", new Category(0, Map.of(), null));
    return c;
  }

  public static Requirements load(Path path) throws RequirementsException {
    Text text = text(path);
    return parse(text.file(), text.text());
  }

  /**
   * A requirements file's text as read, named as in messages: what a machine that did not read
   * the file needs to build the same requirements ({@link #parse}).
   */
  public record Text(String file, String text) implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
  }

  /** The file's text, checked to be UTF-8 and not too large. */
  public static Text text(Path path) throws RequirementsException {
    String name = path.toString();
    try {
      if (Files.isDirectory(path)) {
        throw new RequirementsException(List.of(name + ": is a directory, not a requirements file"));
      }
      byte[] bytes;
      try (java.io.InputStream in = Files.newInputStream(path)) { // a FIFO or /dev/zero: read no more
        bytes = in.readNBytes(MAX_BYTES + 1);
      }
      if (bytes.length > MAX_BYTES) {
        throw new RequirementsException(List.of(tooLarge(name)));
      }
      return new Text(name, StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes)).toString());
    } catch (NoSuchFileException e) {
      throw new RequirementsException(List.of(FileNames.missingFile(name, path)));
    } catch (CharacterCodingException e) {
      throw new RequirementsException(List.of(name + ":1:1: not UTF-8 text"));
    } catch (IOException e) {
      throw new RequirementsException(List.of(name + ": cannot be read: " + e.getMessage()));
    }
  }

  /** @param file the name used in messages */
  public static Requirements parse(String file, String text) throws RequirementsException {
    return new RequirementsLoader(file).read(text);
  }

  private Requirements read(String text) throws RequirementsException {
    if (text.length() > MAX_BYTES) {
      throw new RequirementsException(List.of(tooLarge(file)));
    }
    if (flowDepth(text) > MAX_DEPTH) {
      throw new RequirementsException(List.of(tooDeep(file)));
    }
    Optional<Node> root;
    try {
      LoadSettings settings = LoadSettings.builder()
          .setLabel(file)
          .setMaxAliasesForCollections(MAX_ALIASES)
          .setAllowRecursiveKeys(false)
          .setAllowNonScalarKeys(false)
          .setCodePointLimit(MAX_BYTES)
          .build();
      root = new Compose(settings).composeString(text);
    } catch (MarkedYamlEngineException e) {
      problems.at(e.getProblemMark(), syntax(e.getProblem()));
      throw new RequirementsException(problems.lines());
    } catch (YamlEngineException e) {
      problems.at(Optional.empty(), syntax(e.getMessage()));
      throw new RequirementsException(problems.lines());
    } catch (StackOverflowError e) { // block nesting the flow count above does not see
      throw new RequirementsException(List.of(tooDeep(file)));
    }
    if (root.isPresent() && depth(root.get()) > MAX_DEPTH) {
      throw new RequirementsException(List.of(tooDeep(file)));
    }
    if (root.isEmpty()) {
      throw new RequirementsException(List.of(file + ":1:1: empty: the file needs 'operations'"));
    }
    checkTags(root.get(), Collections.newSetFromMap(new IdentityHashMap<>()));
    Requirements requirements = root(root.get());
    if (problems.any()) {
      throw new RequirementsException(problems.lines());
    }
    return requirements;
  }

  private static String tooLarge(String file) {
    return file + ":1:1: larger than " + (MAX_BYTES >> 20) + " MiB: a requirements file is a page"
        + " of YAML, at most " + MAX_OPERATIONS + " operations";
  }

  private static String tooDeep(String file) {
    return file + ":1:1: nested more than " + MAX_DEPTH + " levels deep: a requirements file"
        + " needs five";
  }

  /** How deep a node tree nests, counted without recursion (an alias counts where it is used). */
  private static int depth(Node root) {
    int max = 0;
    java.util.ArrayDeque<Map.Entry<Node, Integer>> todo = new java.util.ArrayDeque<>();
    todo.push(Map.entry(root, 1));
    while (!todo.isEmpty() && max <= MAX_DEPTH) {
      Map.Entry<Node, Integer> next = todo.pop();
      int d = next.getValue();
      max = Math.max(max, d);
      if (next.getKey() instanceof MappingNode m) {
        for (NodeTuple t : m.getValue()) {
          todo.push(Map.entry(t.getValueNode(), d + 1));
        }
      } else if (next.getKey() instanceof SequenceNode s) {
        for (Node child : s.getValue()) {
          todo.push(Map.entry(child, d + 1));
        }
      }
    }
    return max;
  }

  private static String syntax(String problem) {
    if (problem != null && problem.startsWith("Number of aliases")) {
      return "more than " + MAX_ALIASES + " aliases of collections: refused (an alias bomb expands a small file"
          + " into a huge one)";
    }
    return "not valid YAML: " + problem;
  }

  /** The deepest nesting of [ and {, quotes not considered: a bound, not a parse. */
  private static int flowDepth(String text) {
    int depth = 0;
    int max = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '[' || c == '{') {
        max = Math.max(max, ++depth);
      } else if ((c == ']' || c == '}') && depth > 0) {
        depth--;
      }
    }
    return max;
  }

  /** Only YAML's plain types: a tag such as !!javax.script.ScriptEngineManager is an error. */
  private void checkTags(Node node, Set<Node> seen) {
    if (!seen.add(node)) {
      return; // an alias: checked where it was anchored
    }
    if (!PLAIN_TAGS.contains(node.getTag())) {
      String tag = node.getTag().getValue();
      problems.at(node, "tag " + (tag.startsWith(Tag.PREFIX) ? "!!" + tag.substring(Tag.PREFIX.length()) : tag)
          + " is not allowed: a requirements file holds plain values only");
    }
    if (node instanceof MappingNode m) {
      for (NodeTuple t : m.getValue()) {
        checkTags(t.getKeyNode(), seen);
        checkTags(t.getValueNode(), seen);
      }
    } else if (node instanceof SequenceNode s) {
      for (Node child : s.getValue()) {
        checkTags(child, seen);
      }
    }
  }

  private Requirements root(Node root) {
    Map<String, Category> categories = defaultCategories();
    List<Requirement> operations = new ArrayList<>();
    Requirement[] unmatched = new Requirement[1];
    Node[] operationsNode = new Node[1];
    Node[] unmatchedNode = new Node[1];
    HeapBudgets[] heap = {HeapBudgets.NONE};
    mapping(root, "the requirements file", ROOT_KEYS, (key, value) -> {
      switch (key) {
        case "version" -> version(value);
        case "categories" -> categories(value, categories);
        case "operations" -> operationsNode[0] = value;
        case "regressions" -> { } // tardy compare's budgets (compare.RegressionBudgetsLoader)
        case "heap" -> heap[0] = new HeapBudgetsReader(this, problems).read(value);
        default -> unmatchedNode[0] = value;
      }
    });
    // operations and unmatched name categories: read them after every category is known
    if (operationsNode[0] != null) {
      operations(operationsNode[0], categories, operations);
    } else if (root instanceof MappingNode && !heap[0].judged()) { // heap budgets judge alone
      problems.at(root, "missing 'operations': the list of operations and their categories");
    }
    if (unmatchedNode[0] != null) {
      unmatched[0] = unmatched(unmatchedNode[0], categories);
    }
    if (operationsNode[0] instanceof SequenceNode seq && seq.getValue().isEmpty()
        && !heap[0].judged()) {
      // a gate that judges nothing must not report success
      if (unmatchedNode[0] == null) {
        problems.at(seq, "operations is empty and there is no 'unmatched': nothing would be judged");
      } else if (unmatched[0] != null && !unmatched[0].judged()) {
        problems.at(unmatchedNode[0], "operations is empty and 'unmatched' has no budget (category "
            + unmatched[0].category() + " sets no limit and no budgets): nothing would be judged;"
            + " give it budgets or a category that has some");
      }
    }
    return new Requirements(file, operations, Optional.ofNullable(unmatched[0]), heap[0]);
  }

  private void version(Node value) {
    String v = scalar(value, "version");
    if (v != null && !v.equals("1")) {
      problems.at(value, "version " + v + " is not supported: this tardy reads version 1");
    }
  }

  private void categories(Node node, Map<String, Category> categories) {
    mappingOfAny(node, "categories", (keyNode, value) -> {
      String name = scalar(keyNode, "a category name");
      if (name == null) {
        return;
      }
      long[] limit = {0};
      Map<String, Long> budgets = new TreeMap<>();
      Slo[] slo = {null};
      mapping(value, "category '" + name + "'", CATEGORY_KEYS, (key, v) -> {
        if (key.equals("limit")) {
          limit[0] = duration(v, "limit");
        } else if (key.equals("slo")) {
          slo[0] = new SloReader(this, problems).read(v, "category '" + name + "'");
        } else {
          budgets(v, budgets);
        }
      });
      categories.put(name, new Category(limit[0], budgets, slo[0]));
    });
  }

  /**
   * Names of the default grouping ({@code GET /product/{id}}, {@code (unnamed)}, {@code (other)}):
   * a requirement of that name would take in traffic its pattern does not match.
   */
  static boolean looksLikeAGroupKey(String name) {
    if (name.startsWith("(")) {
      return true;
    }
    int space = name.indexOf(' ');
    if (space < 1 || space + 1 >= name.length() || name.charAt(space + 1) != '/') {
      return false;
    }
    for (int i = 0; i < space; i++) {
      char c = name.charAt(i);
      if (!(c >= 'A' && c <= 'Z' || c == '-' || c == '_')) {
        return false;
      }
    }
    return true;
  }

  private void operations(Node node, Map<String, Category> categories, List<Requirement> out) {
    if (!(node instanceof SequenceNode seq)) {
      problems.at(node, "operations must be a list, each item starting with '- name:'");
      return;
    }
    if (seq.getValue().size() > MAX_OPERATIONS) {
      problems.at(seq, seq.getValue().size() + " operations: at most " + MAX_OPERATIONS
          + " are judged in one file; split it, or name operations by templates that match more");
      return;
    }
    Map<String, Node> names = new LinkedHashMap<>();
    for (Node item : seq.getValue()) {
      Map<String, Node> fields = new LinkedHashMap<>();
      Map<String, Long> budgets = new TreeMap<>();
      mapping(item, "an operation", OPERATION_KEYS, (key, value) -> {
        fields.put(key, value);
        if (key.equals("budgets")) {
          budgets(value, budgets);
        }
      });
      if (!(item instanceof MappingNode)) {
        continue;
      }
      String name = required(item, fields, "name", "an operation");
      OperationPattern pattern = pattern(item, fields);
      Optional<Category> category = category(item, fields, categories, "an operation");
      if (name != null && looksLikeAGroupKey(name)) {
        problems.at(fields.get("name"), "operation name '" + name + "' looks like a key tardy"
            + " makes itself ('METHOD /path' or '(…)'): name it in words, e.g. 'Browse products'");
      } else if (name != null && names.containsKey(name)) {
        problems.at(fields.get("name"), "operation name '" + name + "' is used twice (also on line "
            + (names.get(name).getStartMark().map(m -> m.getLine() + 1).orElse(0)) + ")");
      } else if (name != null) {
        names.put(name, fields.get("name"));
      }
      boolean optional = fields.containsKey("optional") && bool(fields.get("optional"), "optional");
      Slo slo = null;
      if (fields.containsKey("slo")) {
        if (fields.containsKey("pause")) {
          problems.at(fields.get("slo"), "an slo judges requests (their latency and status):"
              + " a pause operation has none; give pauses budgets");
        } else {
          slo = new SloReader(this, problems).read(fields.get("slo"), "operation '" + name + "'");
        }
      } else if (category.isPresent() && fields.containsKey("request")) {
        slo = category.get().slo(); // a category's objective judges its request operations
      }
      if (name != null && pattern != null && category.isPresent()) {
        out.add(resolve(name, pattern, scalarValue(fields.get("category")), category.get(), budgets,
            optional).withSlo(slo));
      }
    }
  }

  private Requirement unmatched(Node node, Map<String, Category> categories) {
    Map<String, Node> fields = new LinkedHashMap<>();
    Map<String, Long> budgets = new TreeMap<>();
    mapping(node, "unmatched", UNMATCHED_KEYS, (key, value) -> {
      fields.put(key, value);
      if (key.equals("budgets")) {
        budgets(value, budgets);
      }
    });
    if (!(node instanceof MappingNode)) {
      return null;
    }
    Optional<Category> category = category(node, fields, categories, "unmatched");
    return category.map(c -> resolve("(unmatched)", null, scalarValue(fields.get("category")), c, budgets,
        false)).orElse(null);
  }

  /** The category's limit as the p90 budget, its budgets, then the operation's on top. */
  private static Requirement resolve(String name, OperationPattern pattern, String categoryName,
      Category category, Map<String, Long> own, boolean optional) {
    Map<String, Long> merged = new TreeMap<>(RequirementsLoader::byPercentile);
    if (category.limitNanos() > 0) {
      merged.put("90", category.limitNanos());
    }
    merged.putAll(category.budgets());
    merged.putAll(own);
    List<Budget> budgets = new ArrayList<>();
    merged.forEach((p, limit) -> budgets.add(new Budget(p, limit)));
    return new Requirement(name, pattern, categoryName, budgets, category.limitNanos(), optional);
  }

  private static int byPercentile(String a, String b) {
    return new java.math.BigDecimal(a).compareTo(new java.math.BigDecimal(b));
  }

  private OperationPattern pattern(Node item, Map<String, Node> fields) {
    Node request = fields.get("request");
    Node pause = fields.get("pause");
    if (request != null && pause != null) {
      problems.at(pause, "an operation matches either a 'request' or a 'pause', not both");
      return null;
    }
    if (request == null && pause == null) {
      problems.at(item, "an operation needs 'request: METHOD /path' or 'pause: VMOperation'");
      return null;
    }
    String text = scalar(request != null ? request : pause, request != null ? "request" : "pause");
    if (text == null) {
      return null;
    }
    try {
      return request != null ? Templates.request(text) : Templates.pause(text.trim());
    } catch (IllegalArgumentException e) {
      problems.at(request != null ? request : pause, e.getMessage());
      return null;
    }
  }

  private Optional<Category> category(Node owner, Map<String, Node> fields,
      Map<String, Category> categories, String what) {
    String name = required(owner, fields, "category", what);
    if (name == null) {
      return Optional.empty();
    }
    Category c = categories.get(name);
    if (c == null) {
      problems.at(fields.get("category"), "unknown category '" + name + "' (known: "
          + String.join(", ", categories.keySet()) + ")");
    }
    return Optional.ofNullable(c);
  }

  private String required(Node owner, Map<String, Node> fields, String key, String what) {
    Node value = fields.get(key);
    if (value == null) {
      problems.at(owner, what + " needs '" + key + "'");
      return null;
    }
    String text = scalar(value, key);
    if (text != null && text.isBlank()) {
      problems.at(value, key + " must not be empty");
      return null;
    }
    return text;
  }

  private void budgets(Node node, Map<String, Long> out) {
    mappingOfAny(node, "budgets", (keyNode, value) -> {
      String key = scalar(keyNode, "a budget");
      if (key == null) {
        return;
      }
      String percentile;
      try {
        percentile = Budget.percentileOf(key);
      } catch (IllegalArgumentException e) {
        problems.at(keyNode, e.getMessage());
        return;
      }
      long limit = duration(value, key);
      if (limit > 0) {
        out.put(percentile, limit);
      }
    });
  }

  /** true or false, else false after reporting the value. */
  boolean bool(Node value, String what) {
    String text = scalar(value, what);
    if (text == null) {
      return false;
    }
    if (!(value instanceof ScalarNode s && s.getTag().equals(Tag.BOOL))) {
      problems.at(value, what + ": '" + text + "' is not true or false");
      return false;
    }
    return text.equalsIgnoreCase("true");
  }

  /** A duration, or 0 after reporting why the value is none. */
  long duration(Node value, String what) {
    String text = scalar(value, what);
    if (text == null) {
      return 0;
    }
    try {
      return DurationText.parse(text.trim());
    } catch (IllegalArgumentException e) {
      problems.at(value, what + ": " + e.getMessage());
      return 0;
    }
  }

  /** A mapping with known keys: unknown and repeated keys are reported, each at its key. */
  void mapping(Node node, String what, List<String> known, BiConsumer<String, Node> each) {
    mappingOfAny(node, what, (keyNode, value) -> {
      String key = scalar(keyNode, "a key");
      if (key == null) {
        return;
      }
      if (!known.contains(key)) {
        problems.at(keyNode, "unknown key '" + key + "' in " + what + " (known: "
            + String.join(", ", known) + ")");
        return;
      }
      each.accept(key, value);
    });
  }

  private void mappingOfAny(Node node, String what, BiConsumer<Node, Node> each) {
    if (!(node instanceof MappingNode m)) {
      problems.at(node, what + " must be a mapping of 'key: value' lines");
      return;
    }
    Map<String, Node> seen = new LinkedHashMap<>();
    for (NodeTuple t : m.getValue()) {
      String key = scalarValue(t.getKeyNode());
      if (key != null && seen.putIfAbsent(key, t.getKeyNode()) != null) {
        problems.at(t.getKeyNode(), "'" + key + "' appears twice in " + what);
        continue;
      }
      each.accept(t.getKeyNode(), t.getValueNode());
    }
  }

  /** The text of a scalar, or null after reporting that the node is something else. */
  String scalar(Node node, String what) {
    if (node instanceof ScalarNode s && !s.getTag().equals(Tag.NULL)) {
      return s.getValue();
    }
    problems.at(node, node instanceof ScalarNode ? what + " needs a value" : what + " must be a single value");
    return null;
  }

  private static String scalarValue(Node node) {
    return node instanceof ScalarNode s ? s.getValue() : null;
  }
}
