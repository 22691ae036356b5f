package tardy.classify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PathTemplatesTest {

  @Test
  void digitSegmentsBecomeIds() {
    assertThat(PathTemplates.normalize("/product/123221")).isEqualTo("/product/{id}");
    assertThat(PathTemplates.normalize("/product/128759")).isEqualTo("/product/{id}");
    assertThat(PathTemplates.normalize("/u/7/orders/99")).isEqualTo("/u/{id}/orders/{id}");
  }

  @Test
  void digitsInsideASegmentFoldWhenTheyStandAlone() {
    assertThat(PathTemplates.normalize("/invoice/929670.pdf")).isEqualTo("/invoice/{id}.pdf");
    assertThat(PathTemplates.normalize("/item/product-12")).isEqualTo("/item/product-{id}");
    assertThat(PathTemplates.normalize("/api/v2/users")).isEqualTo("/api/v2/users");
    assertThat(PathTemplates.normalize("/image/60844/productModel/200x200"))
        .isEqualTo("/image/{id}/productModel/200x200");
  }

  @Test
  void uuidsAndLongHex() {
    assertThat(PathTemplates.normalize("/order/3f2b8c1e-9d4a-4e7b-8a6f-0c1d2e3f4a5b/items"))
        .isEqualTo("/order/{uuid}/items");
    assertThat(PathTemplates.normalize("/api/v1/ppchit/rule/5d1f5b3c8e4a2b0012345678"))
        .isEqualTo("/api/v1/ppchit/rule/{hex}");
    assertThat(PathTemplates.normalize("/commit/abc1234")).isEqualTo("/commit/abc1234");
    assertThat(PathTemplates.normalize("/static/deadbeefdeadbeef")).isEqualTo("/static/deadbeefdeadbeef");
  }

  @Test
  void absoluteFormTargetsAreGroupedByPath() {
    assertThat(PathTemplates.normalize("http://example.com:8080/product/5")).isEqualTo("/product/{id}");
    assertThat(PathTemplates.normalize("https://example.com")).isEqualTo("/");
  }

  @Test
  void oddTargetsPassThrough() {
    assertThat(PathTemplates.normalize("")).isEmpty();
    assertThat(PathTemplates.normalize("*")).isEqualTo("*");
    assertThat(PathTemplates.normalize("foo/bar")).isEqualTo("foo/bar");
    assertThat(PathTemplates.normalize("/a%20b/\\x22")).isEqualTo("/a%20b/\\x22");
  }
}
