package tardy.analysis;

import tardy.analysis.requirements.Requirements;
import tardy.analysis.requirements.RequirementsLoader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.analysis.Analysis;
import tardy.analysis.Summary;

class JudgeTest {

  static final long MS = 1_000_000L;

  static Requirements requirements(String operations) throws Exception {
    return RequirementsLoader.parse("sla.yaml", "operations:\n" + operations);
  }

  static Summary group(Analysis a, String key) {
    return a.groups().stream().filter(s -> s.key().equals(key)).findFirst().orElseThrow();
  }

  static Analysis judged(Requirements r, Events e) {
    return Judge.judge(e.analysis(), r);
  }

  @Test
  void exactlyAtTheLimitPassesEvenWhereHdrHistogramReportsSlightlyAbove() throws Exception {
    Requirements r = requirements("  - { name: Browse, request: GET /p, category: instant }\n");
    Analysis a = judged(r, new Events(r).requests(20, "GET", "/p", 100 * MS));
    Summary s = group(a, "Browse");
    // HdrHistogram gives back the top of 100 ms's bucket, which is above 100 ms
    assertThat(s.histogram().getValueAtPercentile(90)).isGreaterThan(100 * MS);
    assertThat(s.judgement().budgets().get(0).verdict()).isEqualTo(Verdict.PASS);
    assertThat(s.judgement().budgets().get(0).overLimitCount()).isZero();
    assertThat(s.judgement().budgets().get(0).overNanos()).isZero();
    assertThat(a.verdict()).contains(Verdict.PASS);
  }

  @Test
  void requirementsNeverFoldIntoOtherWhateverTheCap() throws Exception {
    Requirements r = requirements("  - { name: Cart, request: GET /cart, category: instant }\n");
    Events e = new Events(r, 3);
    for (String path : new String[] {"/a", "/b", "/c", "/d"}) {
      e.requests(5, "GET", path, MS);
    }
    Analysis a = judged(r, e.requests(20, "GET", "/cart", 500 * MS));
    assertThat(group(a, "Cart").count()).isEqualTo(20);
    assertThat(group(a, "Cart").judgement().verdict()).isEqualTo(Verdict.FAIL);
    assertThat(a.verdict()).contains(Verdict.FAIL);
  }

  @Test
  void unnamedJdk8PausesAreJudgedByPausePatterns() throws Exception {
    Requirements r = requirements("  - { name: Stops, pause: '*', category: slow, budgets: { max: 1ms } }\n");
    Analysis a = judged(r, new Events(r).unnamedPause(12 * MS).unnamedPause(MS / 2));
    assertThat(group(a, "Stops").count()).isEqualTo(2);
    assertThat(a.verdict()).contains(Verdict.FAIL);
  }

  @Test
  void absoluteFormTargetsMatchByTheirPath() throws Exception {
    Requirements r = requirements("  - { name: Browse, request: 'GET /product/{id}', category: instant }\n");
    Analysis a = judged(r, new Events(r).requests(3, "GET", "http://shop.example:8080/product/7", MS));
    assertThat(group(a, "Browse").count()).isEqualTo(3);
  }

  @Test
  void justOverTheLimitsBucketFails() throws Exception {
    Requirements r = requirements("  - { name: Browse, request: GET /p, category: instant }\n");
    Analysis a = judged(r, new Events(r).requests(20, "GET", "/p", 100_200_000L));
    BudgetResult b = group(a, "Browse").judgement().budgets().get(0);
    assertThat(b.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(b.overLimitCount()).isEqualTo(20);
    assertThat(b.overNanos()).isPositive();
    assertThat(a.verdict()).contains(Verdict.FAIL);
  }

  @Test
  void aPercentileNeedsEnoughSamples() throws Exception {
    Requirements r = requirements(
        "  - { name: a, request: GET /a, category: instant, budgets: { p99: 1ms, max: 1ms } }\n");
    Analysis nine = judged(r, new Events(r).requests(9, "GET", "/a", 5 * MS));
    assertThat(group(nine, "a").judgement().budgets()).extracting(BudgetResult::verdict)
        .containsExactly(Verdict.INSUFFICIENT, Verdict.INSUFFICIENT, Verdict.FAIL);
    assertThat(group(nine, "a").judgement().verdict()).isEqualTo(Verdict.FAIL);

    Analysis ten = judged(r, new Events(r).requests(10, "GET", "/a", 50 * MS));
    assertThat(group(ten, "a").judgement().budgets()).extracting(BudgetResult::requiredSamples)
        .containsExactly(10L, 100L, 1L);
    assertThat(group(ten, "a").judgement().budgets().get(0).verdict()).isEqualTo(Verdict.PASS);

    Requirements p99 = requirements("  - { name: a, request: GET /a, category: slow, budgets: { p99: 1s } }\n");
    assertThat(group(judged(p99, new Events(p99).requests(99, "GET", "/a", MS)), "a").judgement().verdict())
        .isEqualTo(Verdict.INSUFFICIENT);
    assertThat(group(judged(p99, new Events(p99).requests(100, "GET", "/a", MS)), "a").judgement().verdict())
        .isEqualTo(Verdict.PASS);
  }

  @Test
  void insufficientNeverFailsTheCheck() throws Exception {
    Requirements r = requirements("  - { name: a, request: GET /a, category: instant }\n");
    Analysis a = judged(r, new Events(r).requests(3, "GET", "/a", 5_000 * MS));
    assertThat(group(a, "a").judgement().verdict()).isEqualTo(Verdict.INSUFFICIENT);
    assertThat(a.verdict()).contains(Verdict.PASS);
  }

  @Test
  void firstMatchWinsInFileOrder() throws Exception {
    Requirements r = requirements("""
          - { name: Special product, request: GET /product/42, category: attention }
          - { name: Browse, request: 'GET /product/{id}', category: instant }
          - { name: Everything, request: GET /**, category: attention }
          - { name: Young GC, pause: G1*, category: instant }
          - { name: Any pause, pause: '*', category: attention }
        """);
    Analysis a = new Events(r).request("GET", "/product/42", 200, MS).request("GET", "/product/7", 200, MS)
        .request("GET", "/product/7?x=1", 200, MS).request("GET", "/other", 200, MS)
        .pause("G1CollectForAllocation", MS).pause("ThreadDump", MS).analysis();
    assertThat(a.groups()).extracting(Summary::key, Summary::count).containsExactlyInAnyOrder(
        org.assertj.core.groups.Tuple.tuple("Special product", 1L), org.assertj.core.groups.Tuple.tuple("Browse", 2L),
        org.assertj.core.groups.Tuple.tuple("Everything", 1L), org.assertj.core.groups.Tuple.tuple("Young GC", 1L),
        org.assertj.core.groups.Tuple.tuple("Any pause", 1L));
  }

  @Test
  void matchingSeesDecodedPaths() throws Exception {
    Requirements r = requirements("  - { name: Café, request: 'GET /café/{id}', category: instant }\n");
    Analysis a = new Events(r).request("GET", "/caf\\xC3\\xA9/1", 200, MS).analysis();
    assertThat(a.groups()).extracting(Summary::key).containsExactly("Café");
  }

  @Test
  void unmatchedOperationsAreReportedNotJudgedUnlessAsked() throws Exception {
    Requirements r = requirements("  - { name: a, request: GET /a, category: instant }\n");
    Analysis a = judged(r, new Events(r).requests(20, "GET", "/a", MS).requests(20, "GET", "/b/12", 20_000 * MS));
    assertThat(group(a, "GET /b/{id}").judgement()).isNull();
    assertThat(a.verdict()).contains(Verdict.PASS);
    assertThat(a.notes()).anyMatch(n -> n.contains("1 operation matches no requirement"));

    Requirements strict = RequirementsLoader.parse("sla.yaml",
        "operations:\n  - { name: a, request: GET /a, category: instant }\nunmatched: { category: attention }\n");
    Analysis b = judged(strict, new Events(strict).requests(20, "GET", "/a", MS).requests(20, "GET", "/b/12", 20_000 * MS));
    assertThat(group(b, "GET /b/{id}").judgement().category()).isEqualTo("attention");
    assertThat(group(b, "GET /b/{id}").judgement().verdict()).isEqualTo(Verdict.FAIL);
    assertThat(b.verdict()).contains(Verdict.FAIL);
  }

  @Test
  void requirementsWithoutTrafficHaveNoDataAndFailUnlessOptional() throws Exception {
    Requirements r = requirements("""
          - { name: a, request: GET /a, category: instant }
          - { name: never, request: GET /never, category: instant }
          - { name: slow one, request: GET /slow, category: slow }
        """);
    Analysis a = judged(r, new Events(r).requests(20, "GET", "/a", MS));
    assertThat(group(a, "never").count()).isZero();
    assertThat(group(a, "never").judgement().verdict()).isEqualTo(Verdict.NO_DATA);
    assertThat(group(a, "slow one").judgement().verdict()).isEqualTo(Verdict.NO_DATA);
    assertThat(a.verdict()).contains(Verdict.FAIL);
    assertThat(a.judged().failed()).containsExactly("never", "slow one");

    Requirements optional = requirements("""
          - { name: a, request: GET /a, category: instant }
          - { name: never, request: GET /never, category: instant, optional: true }
        """);
    Analysis b = judged(optional, new Events(optional).requests(20, "GET", "/a", MS));
    assertThat(group(b, "never").judgement().verdict()).isEqualTo(Verdict.NO_DATA);
    assertThat(group(b, "never").judgement().optional()).isTrue();
    assertThat(b.verdict()).contains(Verdict.PASS);
  }

  @Test
  void apdexCountsServerErrorsAsFrustrated() throws Exception {
    Requirements r = requirements("  - { name: a, request: GET /a, category: instant }\n");
    Events e = new Events(r);
    e.requests(6, "GET", "/a", 50 * MS);              // satisfied
    e.requests(2, "GET", "/a", 300 * MS);             // tolerating
    e.requests(1, "GET", "/a", 500 * MS);             // frustrated
    e.request("GET", "/a", 503, 10 * MS);             // fast, but an error: frustrated
    Judgement j = group(judged(r, e), "a").judgement();
    assertThat(j.apdex()).isEqualTo(0.7); // (6 + 2/2) / 10
    assertThat(j.apdexTargetNanos()).isEqualTo(100 * MS);
  }

  @Test
  void overridesReplaceTheCategoryBudget() throws Exception {
    Requirements r = requirements(
        "  - { name: a, request: GET /a, category: instant, budgets: { p90: 300ms } }\n");
    Analysis a = judged(r, new Events(r).requests(20, "GET", "/a", 200 * MS));
    assertThat(group(a, "a").judgement().budgets()).singleElement()
        .satisfies(b -> assertThat(b.limitNanos()).isEqualTo(300 * MS))
        .satisfies(b -> assertThat(b.verdict()).isEqualTo(Verdict.PASS));
  }

  /** Seeded property: a budget passes exactly when the exact value at the percentile is within. */
  @Test
  void verdictAgreesWithTheExactPercentileUpToPrecision() throws Exception {
    Random random = new Random(20240611);
    for (int round = 0; round < 200; round++) {
      long limit = (1 + random.nextInt(1000)) * MS;
      Requirements r = requirements("  - { name: a, request: GET /a, category: slow, budgets: { p90: "
          + limit / MS + "ms } }\n");
      Events e = new Events(r);
      long[] values = new long[10 + random.nextInt(200)];
      for (int i = 0; i < values.length; i++) {
        values[i] = (long) (random.nextDouble() * 2 * limit) + 1;
        e.request("GET", "/a", 200, values[i]);
      }
      java.util.Arrays.sort(values);
      long exact = values[(int) Math.ceil(0.9 * values.length) - 1];
      Verdict v = group(judged(r, e), "a").judgement().verdict();
      if (exact <= limit) {
        assertThat(v).as("exact %d limit %d", exact, limit).isEqualTo(Verdict.PASS);
      } else if (exact > limit + limit / 500) {
        assertThat(v).as("exact %d limit %d", exact, limit).isEqualTo(Verdict.FAIL);
      }
    }
  }
}
