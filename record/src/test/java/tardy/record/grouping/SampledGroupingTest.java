package tardy.record.grouping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SampledGroupingTest {

  private final Map<String, Long> sample = new LinkedHashMap<>();
  private final Random random = new Random(1);

  private void seen(String key, long count) {
    sample.merge(key, count, Long::sum);
  }

  private SampledGrouping infer() {
    return SampledGrouping.of(GroupingMode.INFER, sample, 100);
  }

  @Test
  void routeWordsStayApartEvenWhenEachIsSeenOnce() {
    String[] resources = {"products", "users", "orders", "carts", "invoices", "payments",
        "shipments", "reviews", "categories", "search", "config", "session"};
    for (String r : resources) {
      seen("GET /api/v1/" + r, 1);
    }
    SampledGrouping g = infer();
    for (String r : resources) {
      assertThat(g.requestGroup("GET", "/api/v1/" + r)).isEqualTo("GET /api/v1/" + r);
    }
  }

  @Test
  void manyRareValuesBecomeAPlaceholderThatSaysWhatItHolds() {
    for (int i = 0; i < 50; i++) {
      seen("GET /filter/b" + random.nextInt(900) + ",c" + random.nextInt(900), 1);
      seen("GET /product/" + random.nextInt(99999) + "/red-" + Integer.toString(i, 36) + "-chair", 1);
      seen("GET /u/anna" + Integer.toString(i * 7919, 36) + "/followers", 1);
    }
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/filter/p65,b1")).isEqualTo("GET /filter/{*}");
    assertThat(g.requestGroup("GET", "/product/42/blue-lamp")).isEqualTo("GET /product/{id}/{slug}");
    assertThat(g.requestGroup("GET", "/u/bob/followers")).isEqualTo("GET /u/{*}/followers");
    // a value never sampled at a word position stays a word
    assertThat(g.requestGroup("GET", "/brand-new/page")).isEqualTo("GET /brand-new/page");
  }

  @Test
  void aHeavyValueAtAParameterPositionStaysAWord() {
    seen("GET /m/search/laptop", 40);
    for (int i = 0; i < 60; i++) {
      seen("GET /m/search/term" + Integer.toString(i * 31, 36) + "+x", 1);
    }
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/m/search/laptop")).isEqualTo("GET /m/search/laptop");
    assertThat(g.requestGroup("GET", "/m/search/phone+case")).isEqualTo("GET /m/search/{*}");
  }

  @Test
  void aFewPercentEncodedNamesAreAParameter() {
    seen("GET /product/1/%D8%A8%D8%AE", 1);
    seen("GET /product/2/%D9%85%D8%A7", 1);
    seen("GET /product/3/%DB%8C%D8%AE", 1);
    assertThat(infer().requestGroup("GET", "/product/4/%D8%B3")).isEqualTo("GET /product/{id}/{*}");
  }

  @Test
  void buildHashesInFileNamesAndIdsInsideSegments() {
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/static/js/app.3f9a1c7e.js"))
        .isEqualTo("GET /static/js/app.{hash}.js");
    assertThat(g.requestGroup("GET", "/static/css/main.aacdaeaf.css"))
        .isEqualTo("GET /static/css/main.{hash}.css");
    assertThat(g.requestGroup("GET", "/assets/index-BkP3xZ9q.js"))
        .isEqualTo("GET /assets/index-{hash}.js");
    assertThat(g.requestGroup("GET", "/assets/index-BkPxZqaq.css"))
        .isEqualTo("GET /assets/index-{hash}.css");
    assertThat(g.requestGroup("GET", "/download/invoice/929670.pdf"))
        .isEqualTo("GET /download/invoice/{id}.pdf");
    for (String kept : new String[] {"/images/p/600x600.webp", "/js/jquery.min.js",
        "/js/bootstrap4.bundle.js", "/js/getUserName.js", "/fonts/wyekan/font.woff2"}) {
      assertThat(g.requestGroup("GET", kept)).isEqualTo("GET " + kept);
    }
  }

  @Test
  void aBuildHashOfDigitsOnlyIsTheSameFileAsItsHashedSiblings() {
    seen("GET /static/js/app.3f9a1c7e.js", 40);
    seen("GET /static/js/app.20231105.js", 3); // 8 hex digits, all of them decimal
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/static/js/app.20231105.js"))
        .isEqualTo(g.requestGroup("GET", "/static/js/app.0badf00d.js"))
        .isEqualTo("GET /static/js/app.{hash}.js");
    assertThat(g.requestGroup("GET", "/download/invoice/929670.pdf")) // no hashed sibling
        .isEqualTo("GET /download/invoice/{id}.pdf");
  }

  @Test
  void idsAndRawModesKeepTheirRules() {
    seen("GET /filter/b1,c2", 1);
    assertThat(SampledGrouping.of(GroupingMode.IDS, sample, 10).requestGroup("GET",
        "/product/12/app.3f9a1c7e.js")).isEqualTo("GET /product/{id}/app.3f9a1c7e.js");
    assertThat(SampledGrouping.of(GroupingMode.RAW, sample, 10).requestGroup("GET",
        "/product/12")).isEqualTo("GET /product/12");
  }

  @Test
  void theSamplesHeaviestGroupsAreExpectedAndTheReviewShowsTheirCommonestPaths() {
    for (int i = 0; i < 30; i++) {
      seen("GET /product/" + i, 30 - i);
      seen("GET /rare" + Integer.toString(i, 36) + "x", 1);
    }
    SampledGrouping g = SampledGrouping.of(GroupingMode.INFER, sample, 1);
    assertThat(g.expected("GET /product/{id}")).isTrue();
    assertThat(g.expected("GET /rare0x")).isFalse();
    SampledGrouping.Seen seen = g.seen("GET /product/{id}").orElseThrow();
    assertThat(seen.requests()).isEqualTo(465);
    assertThat(seen.distinctPaths()).isEqualTo(30);
    assertThat(seen.examples()).containsExactly("/product/0", "/product/1", "/product/2");
  }

  @Test
  void theTemplateOfAPathDoesNotDependOnItsIdsDigits() {
    for (int i = 0; i < 40; i++) {
      seen("GET /a/" + Integer.toString(i * 7, 36) + "Q/" + i, 1);
    }
    SampledGrouping g = infer();
    // the recorder folds digit runs before asking: both spellings must give one group
    assertThat(g.requestGroup("GET", "/a/zzQ/0")).isEqualTo(g.requestGroup("GET", "/a/zzQ/98765"));
    assertThat(g.foldsIds()).isTrue();
  }

  @Test
  void theReviewOfEveryGroupCountsTheSampledRequestsTheRecorderPutsInIt() {
    for (int i = 0; i < 3_000; i++) { // ids, dates, hashes, slugs and UUIDs fold into few raw keys
      int r = random.nextInt(1000);
      seen("GET /product/" + r, 1 + r % 3);
      seen("GET /blog/" + r + "-how-to-choose", 1);
      seen("GET /archive/2023-" + (1 + r % 12) + "-" + (1 + r % 28), 1);
      seen("GET /static/js/app." + Integer.toHexString(0x10000000 + r * 7919) + ".js", 2);
      seen("GET /u/" + new java.util.UUID(random.nextLong(), random.nextLong()) + "/orders", 1);
      seen("POST /api/v1/" + (r % 2 == 0 ? "cart" : "events"), 5);
    }
    SampledGrouping g = infer();
    Map<String, Long> requests = new java.util.HashMap<>();
    Map<String, Integer> paths = new java.util.HashMap<>();
    Map<String, java.util.Set<String>> pathsOf = new java.util.HashMap<>();
    sample.forEach((key, count) -> {
      int space = key.indexOf(' ');
      String group = g.requestGroup(key.substring(0, space), key.substring(space + 1));
      requests.merge(group, count, Long::sum);
      paths.merge(group, 1, Integer::sum);
      pathsOf.computeIfAbsent(group, x -> new java.util.HashSet<>()).add(key.substring(space + 1));
    });
    assertThat(requests.keySet()).containsExactlyInAnyOrder("GET /product/{id}",
        "GET /blog/{id}-how-to-choose", "GET /archive/{id}-{id}-{id}",
        "GET /static/js/app.{hash}.js", "GET /u/{uuid}/orders", "POST /api/v1/cart",
        "POST /api/v1/events");
    requests.forEach((group, n) -> {
      SampledGrouping.Seen seen = g.seen(group).orElseThrow();
      assertThat(seen.requests()).as(group).isEqualTo(n);
      assertThat(seen.distinctPaths()).as(group).isEqualTo(paths.get(group));
      assertThat(pathsOf.get(group)).as(group).containsAll(seen.examples());
      long[] counts = seen.examples().stream().mapToLong(p -> sample.get(group.substring(0,
          group.indexOf(' ') + 1) + p)).toArray();
      for (int k = 1; k < counts.length; k++) {
        assertThat(counts[k]).as(group).isLessThanOrEqualTo(counts[k - 1]);
      }
    });
  }

  @Test
  void theReviewsExamplesAreTheCommonestPathsTiesByPath() {
    seen("GET /product/5", 2);
    seen("GET /product/3", 1);
    seen("GET /product/4", 2);
    seen("GET /product/1", 1);
    seen("GET /product/2", 7);
    seen("GET /solo/1", 1);
    SampledGrouping g = infer();
    assertThat(g.seen("GET /product/{id}").orElseThrow().examples())
        .containsExactly("/product/2", "/product/4", "/product/5");
    assertThat(g.seen("GET /solo/{id}").orElseThrow().examples()).containsExactly("/solo/1");
  }

  @Test
  void manyRareFilesOfOneExtensionUnderAPrefixFoldByExtension() {
    for (int i = 0; i < 6; i++) {
      seen("GET /files/report-" + Integer.toString(i * 7919, 36) + "_Final.pdf", 1);
      seen("GET /files/slides" + (char) ('a' + i) + ".zip", i < 4 ? 1 : 3);
    }
    seen("GET /files/catalogue.pdf", 40); // heavy: its own row
    seen("GET /files/readme.txt", 1);
    seen("GET /files/notes.txt", 1);
    seen("GET /docs/a.html", 1); // three files are not many
    seen("GET /docs/b.html", 1);
    seen("GET /docs/c.html", 1);
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/files/any-Thing.pdf")).isEqualTo("GET /files/{name}.pdf");
    assertThat(g.requestGroup("GET", "/files/slidesa.zip")).isEqualTo("GET /files/{name}.zip");
    assertThat(g.requestGroup("GET", "/files/2019.zip")).isEqualTo("GET /files/{name}.zip");
    assertThat(g.requestGroup("GET", "/files/catalogue.pdf")).isEqualTo("GET /files/catalogue.pdf");
    // at a position of data any two files of an extension meet
    assertThat(g.requestGroup("GET", "/files/notes.txt")).isEqualTo("GET /files/{name}.txt");
    assertThat(g.requestGroup("GET", "/files/new")).isEqualTo("GET /files/new");
    assertThat(g.requestGroup("GET", "/docs/a.html")).isEqualTo("GET /docs/a.html");
    assertThat(g.seen("GET /files/{name}.pdf").orElseThrow().distinctPaths()).isEqualTo(6);
  }

  @Test
  void aDirectorysFewFilesFoldWhenItsSiblingsOrItsPrefixFoldTheirs() {
    for (String dir : new String[] {"article", "search", "course"}) {
      for (int i = 0; i < 2; i++) {
        seen("GET /static/page/" + dir + "/" + dir + "page" + i + ".js", 1);
      }
    }
    for (int i = 0; i < 5; i++) {
      seen("GET /wap/js/tool" + (char) ('a' + i) + ".js", 1);
    }
    seen("GET /wap/js/common/common.js", 1);
    seen("GET /wap/js/common/component.js", 1);
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/static/page/search/index.js"))
        .isEqualTo("GET /static/page/search/{name}.js");
    assertThat(g.requestGroup("GET", "/wap/js/common/common.js"))
        .isEqualTo("GET /wap/js/common/{name}.js");
    assertThat(g.requestGroup("GET", "/wap/js/toolq.js")).isEqualTo("GET /wap/js/{name}.js");
  }

  /**
   * Files spread over a prefix's directories fold by extension over its subtree: many and half
   * rare (uploads by year and month), or a static directory's assets, each as light as a page's;
   * a heavy file, a page and too few files keep their rows, and one directory's files stay the
   * one-position rule's ({name}.ext).
   */
  @Test
  void filesSpreadOverAPrefixsDirectoriesFoldByExtensionOverItsSubtree() {
    for (int i = 0; i < 8; i++) { // uploads by year and month, a plugin's image each
      seen("GET /wp-content/uploads/20" + (10 + i) + "/0" + (1 + i) + "/photo-" + (char) ('a' + i)
          + ".jpg", 1);
      seen("GET /wp-content/plugins/p" + (char) ('a' + i) + "/img/bg.jpg", 1);
      seen("GET /static/images/" + (i % 2 == 0 ? "amp/" : "guarantees/") + "icon"
          + (char) ('a' + i) + ".png", 6);
    }
    seen("GET /wp-content/themes/twenty/img/header.jpg", 300); // heavy: its own row
    seen("GET /docs/a/x.pdf", 1); // three files in two directories are not many
    seen("GET /docs/b/y.pdf", 1);
    seen("GET /docs/b/z.pdf", 1);
    seen("GET /app/users/me.json", 5); // a section with pages is no static directory
    seen("GET /app/users/list", 5);
    seen("GET /app/orders/last.json", 5);
    seen("GET /app/orders/all.json", 5);
    seen("GET /app/orders/open.json", 5);
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/wp-content/uploads/2024/05/new-photo-300x200.jpg"))
        .isEqualTo("GET /wp-content/{path}.jpg");
    assertThat(g.requestGroup("GET", "/wp-content/plugins/pz/img/bg.jpg"))
        .isEqualTo("GET /wp-content/{path}.jpg");
    assertThat(g.requestGroup("GET", "/wp-content/themes/twenty/img/header.jpg"))
        .isEqualTo("GET /wp-content/themes/twenty/img/header.jpg");
    assertThat(g.requestGroup("GET", "/static/images/amp/icona.png"))
        .isEqualTo("GET /static/images/{path}.png");
    assertThat(g.requestGroup("GET", "/docs/b/y.pdf")).isEqualTo("GET /docs/b/y.pdf");
    assertThat(g.requestGroup("GET", "/app/orders/last.json"))
        .isEqualTo("GET /app/orders/last.json");
    assertThat(g.seen("GET /wp-content/{path}.jpg").orElseThrow().distinctPaths()).isEqualTo(16);
    assertThat(g.seen("GET /static/images/{path}.png").orElseThrow().requests()).isEqualTo(48);
  }

  /**
   * Posts' slugs at a site's root (Ghost, Drupal's aliases) fold; the few words beside them with
   * paths of their own are the site's sections and keep them, while usernames of which many go
   * on ({@code /u/{*}/followers}) are values like the others.
   */
  @Test
  void aFewSectionsBesideSlugsAtTheRootKeepTheirWords() {
    for (int i = 0; i < 40; i++) {
      seen("GET /how-we-" + Integer.toString(i * 7919, 36) + "-ship/", 1 + i % 3);
      seen("GET /u/user" + Integer.toString(i * 104729, 36), 1);
      if (i % 3 == 0) {
        seen("GET /u/user" + Integer.toString(i * 104729, 36) + "/followers", 1);
      }
    }
    seen("GET /tag/news/", 3);
    seen("GET /tag/life/", 2);
    seen("GET /user/login", 2);
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/why-we-test-it/")).isEqualTo("GET /{slug}/");
    assertThat(g.requestGroup("GET", "/tag/news/")).isEqualTo("GET /tag/news/");
    assertThat(g.requestGroup("GET", "/user/login")).isEqualTo("GET /user/login");
    assertThat(g.requestGroup("GET", "/u/user0/followers")).isEqualTo("GET /u/{*}/followers");
  }

  @Test
  void rareNamesFoldWhereTheirCousinsShowAPositionOfNames() {
    String[] categories = {"sports", "digital-supplies", "home-appliances", "travel", "food"};
    for (int c = 0; c < categories.length; c++) {
      seen("GET /blog/" + categories[c] + "/", 30);
      seen("GET /blog/" + categories[c] + "/feed/", 5);
      for (int i = 0; i <= c % 3; i++) { // one to three articles per category
        String slug = c % 2 == 0 ? "%D8%B9%D8%B1%D8%B6%D9%87-%D8%AC%D8%AF" + (char) ('a' + i)
            + "-" + c : "how-to-pick-a-" + categories[c] + "-item-" + (char) ('a' + i);
        seen("GET /blog/" + categories[c] + "/" + slug + "/", 1);
      }
    }
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/blog/travel/how-to-pick-a-bag-8/"))
        .isEqualTo("GET /blog/travel/{slug}/");
    assertThat(g.requestGroup("GET", "/blog/sports/%D8%B9%D8%B1%D8%B6%D9%87-%D8%AC%D8%AFz-0/"))
        .isEqualTo("GET /blog/sports/{slug}/");
    assertThat(g.requestGroup("GET", "/blog/sports/feed/")).isEqualTo("GET /blog/sports/feed/");
    assertThat(g.requestGroup("GET", "/blog/sports/")).isEqualTo("GET /blog/sports/");
  }

  @Test
  void routeWordsAndDashedRoutesUnderRouteWordsStayApart() {
    String[] resources = {"users", "orders", "carts", "invoices", "payments", "shipments"};
    String[] actions = {"payment-methods", "export", "search", "bulk-update", "count"};
    for (String r : resources) {
      for (String a : actions) {
        seen("GET /api/v1/" + r + "/" + a, 1);
      }
    }
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/api/v1/users/bulk-update"))
        .isEqualTo("GET /api/v1/users/bulk-update");
    assertThat(g.requestGroup("GET", "/api/v1/carts/payment-methods"))
        .isEqualTo("GET /api/v1/carts/payment-methods");
  }

  @Test
  void percentEncodedWordsJoinedByDashesAreASlug() {
    for (int i = 0; i < 12; i++) {
      seen("GET /article/%D8%B9%D9%84%D8%AA-%D9%88-%D8%AF" + Integer.toHexString(0xa0 + i), 1);
    }
    assertThat(infer().requestGroup("GET", "/article/%D8%B3-%D8%A7")).isEqualTo("GET /article/{slug}");
  }

  @Test
  void aRouteDecidedInOneBranchIsTheSameRouteInAnother() {
    for (int i = 0; i < 12; i++) {
      seen("GET /m/browse/kind-" + Integer.toString(i * 7919, 36) + "-maker", 1);
    }
    seen("GET /browse/sandwich-maker", 1);
    seen("GET /browse/blu-ray", 1);
    seen("GET /browse/help", 1);
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/m/browse/hood-maker")).isEqualTo("GET /m/browse/{slug}");
    // two values alone say nothing; the mobile branch's route says they are its slugs
    assertThat(g.requestGroup("GET", "/browse/blu-ray")).isEqualTo("GET /browse/{slug}");
    assertThat(g.requestGroup("GET", "/browse/sandwich-maker")).isEqualTo("GET /browse/{slug}");
    // a route word there stays a word
    assertThat(g.requestGroup("GET", "/browse/help")).isEqualTo("GET /browse/help");
  }

  @Test
  void aSectionOfThinPagesAtVaryingDepthsIsOneOperation() {
    String title = "%D8%B9%D9%84%D8%AA-%D8%B5%D8%AF%D8%A7-";
    seen("GET /blog/digital-supplies/" + title + "1/", 1);
    seen("GET /blog/home-appliances/food-preparation/grinder/", 1);
    seen("GET /blog/sports/gym-and-fitness/" + title + "2/", 1);
    seen("GET /blog/tag/" + title + "3/", 2);
    seen("GET /blog/tag/" + title + "4/feed/", 1);
    seen("GET /blog", 4);
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/blog/sports/sport-fields/table-football/"))
        .isEqualTo("GET /blog/{path}");
    assertThat(g.requestGroup("GET", "/blog/tag/" + title + "9/feed/"))
        .isEqualTo("GET /blog/{path}");
    assertThat(g.requestGroup("GET", "/blog")).isEqualTo("GET /blog");
  }

  @Test
  void aSectionWithAHeavyPageKeepsItsRows() {
    String title = "%D8%B9%D9%84%D8%AA-%D8%B5%D8%AF%D8%A7-";
    seen("GET /blog/digital-supplies/" + title + "1/", 1);
    seen("GET /blog/home-appliances/food-preparation/grinder/", 1);
    seen("GET /blog/sports/gym-and-fitness/" + title + "2/", 1);
    seen("GET /blog/tag/" + title + "3/", 2);
    seen("GET /blog/news/", 40);
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/blog/news/")).isEqualTo("GET /blog/news/");
    assertThat(g.requestGroup("GET", "/blog/home-appliances/food-preparation/grinder/"))
        .isEqualTo("GET /blog/home-appliances/food-preparation/grinder/");
  }

  @Test
  void aNumberAmongAPositionsNamesIsOneOfThem() {
    for (int i = 0; i < 30; i++) {
      seen("GET /product/" + (1000 + i) + "/red-" + Integer.toString(i * 7919, 36) + "-chair", 2);
    }
    seen("GET /product/77/2024", 1);
    SampledGrouping g = infer();
    assertThat(g.requestGroup("GET", "/product/77/2024")).isEqualTo("GET /product/{id}/{slug}");
    assertThat(g.requestGroup("GET", "/product/5/blue-lamp")).isEqualTo("GET /product/{id}/{slug}");
  }
}
