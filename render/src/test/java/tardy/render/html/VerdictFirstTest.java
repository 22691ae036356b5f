package tardy.render.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import tardy.render.CheckFixture;
import tardy.render.Samples;

/**
 * A page opens with what a reader came for: a check's verdict with each failing budget, a
 * report's worst rows. Both are read against the page's own tables below, which a person already
 * checked against the terminal's.
 */
class VerdictFirstTest {

  @Test
  void aReportOpensWithTheThreeRowsOfHighestP99() throws Exception {
    Document d = Jsoup.parse(HtmlStructureTest.render(Samples.analysis("shop-access.log")));
    Element first = d.selectFirst("h1").nextElementSibling();
    assertThat(first.className()).isEqualTo("worst");
    List<Element> rows = d.select("#latency tbody tr").stream()
        .sorted(Comparator.comparingLong((Element r) -> Long.parseLong(r.child(4).attr("data-v"))).reversed())
        .limit(3).toList();
    List<String> named = first.select("li").eachText();
    assertThat(named).hasSize(3);
    for (int i = 0; i < 3; i++) {
      assertThat(named.get(i)).startsWith(rows.get(i).child(0).text() + ": p99 " + rows.get(i).child(4).text()
          + ", max " + rows.get(i).child(7).text() + " (" + rows.get(i).child(1).text() + " requests)");
    }
  }

  @Test
  void aCheckOpensWithItsVerdictAndEveryBudgetThatFailed() throws Exception {
    Document d = Jsoup.parse(HtmlStructureTest.render(CheckFixture.analysis()));
    Element first = d.selectFirst("h1").nextElementSibling();
    assertThat(first.classNames()).contains("verdict", "fail");
    List<String> listed = first.select("li").eachText();
    long failing = 0;
    for (Element row : d.select("#requirements tbody tr")) {
      String verdict = row.child(row.childrenSize() - 1).text();
      for (Element budget : row.select("td.budgets div")) {
        boolean over = budget.text().contains(" over; ");
        if (over || verdict.equals("NO DATA")) {
          failing++;
          assertThat(listed).contains(row.child(0).text() + ": " + budget.text());
        }
      }
    }
    assertThat(listed).hasSize((int) failing).hasSizeGreaterThan(2);
  }
}
