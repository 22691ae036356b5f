package tardy.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.analysis.Analysis;
import tardy.analysis.Summary;

/** What --top and --sort show, and that what they leave out is summed up, not lost. */
class FocusTest {

  private static final Analysis SHOP = Samples.analysis("shop-access.log");

  @Test
  void topShowsTheFirstGroupsAndSumsUpTheRest() {
    Focus focus = Focus.of(SHOP, new View(false, 0, 3, Sort.COUNT));
    assertThat(focus.shown()).extracting(Summary::key)
        .containsExactly("GET /product/{id}", "POST /searchProduct", "GET /addToShoppingCart");
    long shownCount = focus.shown().stream().mapToLong(Summary::count).sum();
    assertThat(focus.hiddenGroups()).isEqualTo(SHOP.groups().size() - 3);
    assertThat(shownCount + focus.hiddenCount()).isEqualTo(SHOP.totalOf(tardy.events.Family.REQUEST).orElseThrow().count());
    assertThat(focus.rest(SHOP)).isEqualTo("12 more operations (670 requests, 31.5%) not shown:"
        + " --top 0 shows all");
  }

  @Test
  void zeroShowsEverythingAndSaysNothingIsLeftOut() {
    Focus focus = Focus.of(SHOP, new View(false, 0, 0, Sort.COUNT));
    assertThat(focus.shown()).hasSize(SHOP.groups().size());
    assertThat(focus.rest(SHOP)).isEmpty();
  }

  @Test
  void sortsByTailByMaxAndByName() {
    List<Summary> all = SHOP.groups();
    assertThat(shown(Sort.P99)).isSortedAccordingTo(
        (x, y) -> Long.compare(y.latency().at("99"), x.latency().at("99")));
    assertThat(shown(Sort.MAX)).isSortedAccordingTo((x, y) -> Long.compare(y.maxNanos(), x.maxNanos()));
    assertThat(shown(Sort.NAME)).extracting(Summary::key)
        .isEqualTo(all.stream().map(Summary::key).sorted().toList());
    assertThat(shown(Sort.MAX).get(0).key()).isEqualTo("GET /viewPDFInvoice"); // the 7.76s one
  }

  @Test
  void aCheckShowsEveryJudgedRowAndLimitsOnlyTheOthers() {
    Analysis check = CheckFixture.analysis();
    Focus focus = Focus.of(check, new View(false, 0, 1, Sort.NAME));
    long judged = check.groups().stream().filter(s -> s.judgement() != null).count();
    assertThat(focus.shown()).hasSize((int) judged + 1);
    assertThat(focus.shown().get(0).judgement().verdict().label()).isEqualTo("fail");
  }

  private static List<Summary> shown(Sort sort) {
    return Focus.of(SHOP, new View(false, 0, 0, sort)).shown();
  }
}
