package tardy.analysis.requirements;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequirementsLoaderTest {

  static Requirements load(String yaml) throws RequirementsException {
    return RequirementsLoader.parse("sla.yaml", yaml);
  }

  static List<String> problems(String yaml) {
    return catchThrowableOfType(RequirementsException.class, () -> load(yaml)).problems();
  }

  @Test
  void theCategoryLimitIsTheP90BudgetAndOperationBudgetsAddOrOverride() throws Exception {
    Requirements r = load("""
        operations:
          - name: Browse products
            request: GET /product/{id}
            category: instant
            budgets: { p99: 500ms, p90: 150ms }
          - name: Search
            request: POST /searchProduct
            category: seamless
        """);
    assertThat(r.operations()).hasSize(2);
    Requirement browse = r.operations().get(0);
    assertThat(browse.budgets()).containsExactly(new Budget("90", 150_000_000L), new Budget("99", 500_000_000L));
    assertThat(browse.apdexTargetNanos()).isEqualTo(100_000_000L);
    assertThat(r.operations().get(1).budgets()).containsExactly(new Budget("90", 1_000_000_000L));
    assertThat(r.unmatched()).isEmpty();
  }

  @Test
  void theFileOverridesAndAddsCategories() throws Exception {
    Requirements r = load("""
        version: 1
        categories:
          instant: { limit: 50ms, budgets: { max: 1s } }
          batch: { budgets: { p99: 2m } }
        operations:
          - { name: a, request: GET /a, category: instant }
          - { name: b, request: GET /b, category: batch }
          - { name: c, request: GET /c, category: slow }
        unmatched: { category: attention }
        """);
    assertThat(r.operations().get(0).budgets())
        .containsExactly(new Budget("90", 50_000_000L), new Budget("100", 1_000_000_000L));
    assertThat(r.operations().get(1).budgets()).containsExactly(new Budget("99", 120_000_000_000L));
    assertThat(r.operations().get(1).apdexTargetNanos()).isZero();
    assertThat(r.operations().get(2).judged()).isFalse();
    assertThat(r.unmatched()).get().extracting(Requirement::category).isEqualTo("attention");
    assertThat(r.unmatched().get().budgets()).containsExactly(new Budget("90", 10_000_000_000L));
  }

  @Test
  void everyProblemIsReportedAtOnceWithLineAndColumn() {
    List<String> problems = problems("""
        operations:
          - name: Browse
            request: GET /product/{id}
            category: instnt
            budgets: { p99: fast, p100: 1s }
          - name: Browse
            request: get /x
            category: instant
            budget: { p99: 1s }
          - name: Young GC
            pause: G1*
            request: GET /y
            category: instant
        unmatched: { category: attention, limit: 1s }
        """);
    assertThat(problems).containsExactly(
        "sla.yaml:4:15: unknown category 'instnt' (known: instant, seamless, attention, slow)",
        "sla.yaml:5:21: p99: 'fast' is not a duration: write a number and a unit (ns, us, ms, s, m, h), e.g. 250ms or 1.5s",
        "sla.yaml:5:27: unknown budget 'p100': write p50 … p99.999 (up to three decimals) or max",
        "sla.yaml:6:11: operation name 'Browse' is used twice (also on line 2)",
        "sla.yaml:7:14: request must be a METHOD and a path template, e.g. 'GET /product/{id}', got 'get /x'",
        "sla.yaml:9:5: unknown key 'budget' in an operation (known: name, request, pause, category, budgets, optional, slo)",
        "sla.yaml:11:12: an operation matches either a 'request' or a 'pause', not both",
        "sla.yaml:14:35: unknown key 'limit' in unmatched (known: category, budgets)");
  }

  @Test
  void structuralProblems() {
    assertThat(problems("operations: {}\n"))
        .containsExactly("sla.yaml:1:13: operations must be a list, each item starting with '- name:'");
    assertThat(problems("categories: {}\n"))
        .containsExactly("sla.yaml:1:1: missing 'operations': the list of operations and their categories");
    assertThat(problems("- a\n- b\n"))
        .containsExactly("sla.yaml:1:1: the requirements file must be a mapping of 'key: value' lines");
    assertThat(problems("operations:\n  - { request: GET /a }\n")).containsExactly(
        "sla.yaml:2:5: an operation needs 'name'",
        "sla.yaml:2:5: an operation needs 'category'");
    assertThat(problems("operations:\n  - { name: a, category: instant }\n"))
        .containsExactly("sla.yaml:2:5: an operation needs 'request: METHOD /path' or 'pause: VMOperation'");
    assertThat(problems("version: 2\noperations: [ { name: a, request: GET /a, category: instant } ]\n"))
        .containsExactly("sla.yaml:1:10: version 2 is not supported: this tardy reads version 1");
    assertThat(problems("operations: [ { name: a, request: GET /a, category: instant } ]\noperations: [ { name: a, request: GET /a, category: instant } ]\n"))
        .containsExactly("sla.yaml:2:1: 'operations' appears twice in the requirements file");
    assertThat(problems("categories:\n  fast: { limit: 100 }\noperations: [ { name: a, request: GET /a, category: instant } ]\n"))
        .containsExactly("sla.yaml:2:18: limit: '100' is not a duration: write a number and a unit (ns, us, ms, s, m, h), e.g. 250ms or 1.5s");
    assertThat(problems("")).containsExactly("sla.yaml:1:1: empty: the file needs 'operations'");
  }

  @Test
  void syntaxErrorsHaveTheirPosition() {
    assertThat(problems("operations:\n  - name: a\n   category: b\n")).singleElement()
        .asString().startsWith("sla.yaml:3:").contains("not valid YAML");
  }

  @Test
  void customTagsAreRefused() {
    assertThat(problems("""
        operations:
          - name: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL ["http://x/"]]]]
            request: GET /a
            category: !custom instant
        """)).contains(
            "sla.yaml:2:11: tag !!javax.script.ScriptEngineManager is not allowed: a requirements file holds plain values only",
            "sla.yaml:2:47: tag !!java.net.URLClassLoader is not allowed: a requirements file holds plain values only",
            "sla.yaml:4:15: tag !custom is not allowed: a requirements file holds plain values only");
  }

  @Test
  void anAliasBombIsRefused() {
    StringBuilder yaml = new StringBuilder("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    for (char c = 'b'; c <= 'j'; c++) {
      char p = (char) (c - 1);
      yaml.append(c).append(": &").append(c).append(" [*").append(p);
      yaml.append((",*" + p).repeat(8)).append("]\n");
    }
    yaml.append("operations: []\n");
    assertThat(problems(yaml.toString())).singleElement().asString()
        .contains("aliases of collections: refused");
  }

  @Test
  void deepNestingIsRefusedBeforeParsing() {
    assertThat(problems("operations: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n"))
        .containsExactly("sla.yaml:1:1: nested more than 32 levels deep: a requirements file needs five");
  }

  @Test
  void deepBlockNestingIsRefusedInOneLine() {
    // block style: no bracket to count before parsing, and the parser recurses once per level
    assertThat(problems("operations:\n" + "- ".repeat(100_000) + "x\n"))
        .containsExactly("sla.yaml:1:1: nested more than 32 levels deep: a requirements file needs five");
    assertThat(problems("operations:\n" + "- ".repeat(40) + "x\n"))
        .containsExactly("sla.yaml:1:1: nested more than 32 levels deep: a requirements file needs five");
  }

  @Test
  void durationsHaveAMaximum() throws Exception {
    assertThat(problems("categories: { huge: { limit: 640512h } }\noperations:\n"
        + "  - { name: a, request: GET /a, category: huge }\n"))
        .containsExactly("sla.yaml:1:30: limit: '640512h' is longer than the maximum of 24h");
    assertThat(load("categories: { day: { limit: 24h } }\noperations:\n"
        + "  - { name: a, request: GET /a, category: day }\n").operations()).hasSize(1);
  }

  @Test
  void operationsHaveAMaximumCount() {
    StringBuilder many = new StringBuilder("operations:\n");
    for (int i = 0; i <= RequirementsLoader.MAX_OPERATIONS; i++) {
      many.append("  - { name: op ").append(i).append(", request: GET /a").append(i)
          .append(", category: instant }\n");
    }
    assertThat(problems(many.toString())).containsExactly("sla.yaml:2:3: 1001 operations: at most"
        + " 1000 are judged in one file; split it, or name operations by templates that match more");
  }

  @Test
  void anEndlessFileIsReadNoFurtherThanTheLimit() {
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero here");
    assertThat(catchThrowableOfType(RequirementsException.class,
        () -> RequirementsLoader.load(Path.of("/dev/zero"))).problems())
        .containsExactly("/dev/zero:1:1: larger than 1 MiB: a requirements file is a page of YAML,"
            + " at most 1000 operations");
  }

  @Test
  void filesLargerThanOneMebibyteAreRefusedUnread(@TempDir Path dir) throws Exception {
    Path big = dir.resolve("big.yaml");
    Files.writeString(big, "# " + "x".repeat(RequirementsLoader.MAX_BYTES) + "\n");
    assertThat(catchThrowableOfType(RequirementsException.class, () -> RequirementsLoader.load(big))
        .problems()).singleElement().asString().endsWith("big.yaml:1:1: larger than 1 MiB: a requirements file is a page of YAML, at most 1000 operations");
    assertThat(catchThrowableOfType(RequirementsException.class,
        () -> RequirementsLoader.load(dir.resolve("missing.yaml"))).problems())
        .singleElement().asString().endsWith("missing.yaml: no such file");
  }

  @Test
  void namesThatLookLikeTardysOwnKeysAreRefused() {
    assertThat(problems("""
        operations:
          - name: GET /product
            request: GET /product/{id}
            category: instant
          - name: (other)
            request: GET /x
            category: instant
        """)).containsExactly(
        "sla.yaml:2:11: operation name 'GET /product' looks like a key tardy makes itself ('METHOD /path' or '(…)'): name it in words, e.g. 'Browse products'",
        "sla.yaml:5:11: operation name '(other)' looks like a key tardy makes itself ('METHOD /path' or '(…)'): name it in words, e.g. 'Browse products'");
  }

  @Test
  void anEmptyListOfOperationsJudgesNothingAndIsRefused() throws Exception {
    assertThat(problems("operations: []\n"))
        .containsExactly("sla.yaml:1:13: operations is empty and there is no 'unmatched': nothing would be judged");
    assertThat(load("operations: []\nunmatched: { category: attention }\n").operations()).isEmpty();
  }

  /** An 'unmatched' that judges nothing (no limit, no budget) is no gate either. */
  @Test
  void anEmptyListWithAnUnmatchedWithoutBudgetsIsRefused() throws Exception {
    assertThat(problems("unmatched: { category: slow }\noperations: []\n")).containsExactly(
        "sla.yaml:1:12: operations is empty and 'unmatched' has no budget (category slow sets no"
            + " limit and no budgets): nothing would be judged; give it budgets or a category"
            + " that has some");
    assertThat(problems("categories:\n  mine: {}\nunmatched: { category: mine }\noperations: []\n"))
        .hasSize(1);
    assertThat(load("unmatched: { category: slow, budgets: { max: 1s } }\noperations: []\n")
        .unmatched()).isPresent();
  }
}
