package tardy.analysis.requirements;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TemplatesTest {

  @Test
  void placeholderMatchesInsideOneSegment() {
    OperationPattern p = Templates.request("GET /product/{id}");
    assertThat(p.matchesRequest("GET", "/product/123221")).isTrue();
    assertThat(p.matchesRequest("GET", "/product/abc")).isTrue();
    assertThat(p.matchesRequest("GET", "/product/")).isFalse();
    assertThat(p.matchesRequest("GET", "/product/1/reviews")).isFalse();
    assertThat(p.matchesRequest("POST", "/product/1")).isFalse();
    assertThat(p.matchesRequest("GET", "/product")).isFalse();
  }

  @Test
  void placeholderWithinASegment() {
    OperationPattern p = Templates.request("GET /invoice/{id}.pdf");
    assertThat(p.matchesRequest("GET", "/invoice/929670.pdf")).isTrue();
    assertThat(p.matchesRequest("GET", "/invoice/929670.txt")).isFalse();
  }

  @Test
  void doubleStarMatchesTheRest() {
    OperationPattern p = Templates.request("GET /static/**");
    assertThat(p.matchesRequest("GET", "/static")).isTrue();
    assertThat(p.matchesRequest("GET", "/static/css/site.css")).isTrue();
    assertThat(p.matchesRequest("GET", "/staticfoo")).isFalse();
    assertThat(Templates.request("GET /**").matchesRequest("GET", "/anything/at/all")).isTrue();
  }

  @Test
  void literalsAreNotRegularExpressions() {
    OperationPattern p = Templates.request("GET /a.b/(x)");
    assertThat(p.matchesRequest("GET", "/a.b/(x)")).isTrue();
    assertThat(p.matchesRequest("GET", "/aXb/(x)")).isFalse();
  }

  @Test
  void badTemplatesSayWhy() {
    assertThatThrownBy(() -> Templates.request("/product")).hasMessageContaining("METHOD");
    assertThatThrownBy(() -> Templates.request("get /product")).hasMessageContaining("METHOD");
    assertThatThrownBy(() -> Templates.request("GET product")).hasMessageContaining("start with /");
    assertThatThrownBy(() -> Templates.request("GET /**/x")).hasMessageContaining("must come last");
    assertThatThrownBy(() -> Templates.request("GET /a/{id")).hasMessageContaining("{ without }");
    assertThatThrownBy(() -> Templates.request("GET /a/id}")).hasMessageContaining("} without {");
    assertThatThrownBy(() -> Templates.request("GET /a/{}")).hasMessageContaining("placeholder");
    assertThatThrownBy(() -> Templates.request("GET /a*")).hasMessageContaining("whole segment");
  }

  @Test
  void pauseGlobs() {
    assertThat(Templates.pause("G1*").matchesPause("G1CollectForAllocation")).isTrue();
    assertThat(Templates.pause("G1*").matchesPause("CGC_Operation")).isFalse();
    assertThat(Templates.pause("*").matchesPause("ThreadDump")).isTrue();
    assertThat(Templates.pause("*Dump").matchesPause("ThreadDump")).isTrue();
    assertThat(Templates.pause("G1Collect*Pause").matchesPause("G1CollectFullPause")).isTrue();
    assertThat(Templates.pause("ThreadDump").matchesPause("ThreadDumpX")).isFalse();
    assertThat(Templates.pause("G1.*").matchesPause("G1XX")).isFalse();
  }
}
