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

  /**
   * A content site's long tail: past ten groups of one request each, they are summed up in one
   * line unless asked for; the counts of what is shown and left out still add up to the total.
   */
  @Test
  void groupsOfOneRequestEachAreSummedUpInOneLineUnlessAskedFor() throws java.io.IOException {
    StringBuilder log = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      log.append("10.0.0.1 - - [08/Mar/2023:00:00:0").append(i % 10)
          .append(" +0000] \"GET /only-once-").append((char) ('a' + i))
          .append(" HTTP/1.1\" 200 5 \"-\" \"ua\" 0.010\n");
    }
    for (int i = 0; i < 5; i++) {
      log.append("10.0.0.1 - - [08/Mar/2023:00:00:00 +0000] \"GET /home HTTP/1.1\" 200 5 \"-\""
          + " \"ua\" 0.020\n");
    }
    java.nio.file.Path file = java.nio.file.Files.createTempFile("singles", ".log");
    java.nio.file.Files.writeString(file, log);
    Analysis a = Samples.analysisOf(file);
    java.nio.file.Files.delete(file);
    Focus summed = Focus.of(a, new View(false, 0, 0, Sort.COUNT, false));
    assertThat(summed.shown()).extracting(Summary::key).containsExactly("GET /home");
    assertThat(summed.rest(a)).isEqualTo("12 operations with one request each (12 requests,"
        + " 70.6%) not shown: --singles shows them");
    Focus top = Focus.of(a, new View(false, 0, 0, Sort.COUNT, true));
    assertThat(top.shown()).hasSize(13);
    assertThat(top.rest(a)).isEmpty();
    Focus eleven = Focus.of(a, new View(false, 0, 11, Sort.COUNT, false));
    assertThat(eleven.shown()).hasSize(1);
    assertThat(eleven.hiddenCount() + 5).isEqualTo(17);
  }

  private static List<Summary> shown(Sort sort) {
    return Focus.of(SHOP, new View(false, 0, 0, sort)).shown();
  }
}
