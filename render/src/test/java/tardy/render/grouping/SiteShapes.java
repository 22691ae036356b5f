package tardy.render.grouping;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/**
 * Access logs in the shapes content sites have, not copied from any one site: WordPress (dated
 * posts, categories and tags with pagination, feeds, uploads by year and month, themes and
 * plugins' assets), Drupal (nodes, taxonomy, styled images under sites/default/files), Ghost
 * (slugs at the root, tags, authors, content images), MediaWiki ({@code /wiki/Title} in Latin
 * and percent-encoded scripts, {@code /w/index.php}, images by hash directories) and a static
 * site generator ({@code /posts/2024/05/slug/}, tags, pagination, assets). Titles are English
 * slugs, Persian and Chinese percent-encoded UTF-8. Combined format with {@code $request_time}
 * last, so a plain read of the log gives each request's latency.
 */
final class SiteShapes {

  /** A path pattern ({@link #path}: {@code $S} a slug, {@code $Y} a year…) and its weight. */
  record Endpoint(String method, String pattern, int weight) {}

  enum Shape {
    WORDPRESS(List.of(e("/", 3000), e("/$Y/$M/$S/", 2500), e("/$Y/$M/$P/", 900), e("/$Y/$M/$S/feed/", 150),
        e("/category/$K/", 400), e("/category/$K/page/$G/", 120), e("/tag/$T/", 250),
        e("/page/$G/", 200), e("/feed/", 600), e("/wp-content/uploads/$Y/$M/$F.jpg", 1500),
        e("/wp-content/uploads/$Y/$M/$F-300x200.jpg", 700), e("/wp-content/uploads/$Y/$M/$F.png", 300),
        e("/wp-content/themes/twentyk/style.css", 900),
        e("/wp-content/themes/twentyk/assets/js/$K.js", 400),
        e("/wp-content/plugins/$K/assets/$K.css", 300),
        e("/wp-includes/js/jquery/jquery.min.js", 900), e("/wp-json/wp/v2/posts/$N", 80),
        new Endpoint("POST", "/wp-admin/admin-ajax.php", 300),
        new Endpoint("POST", "/wp-comments-post.php", 40), e("/?p=$N", 60))),
    DRUPAL(List.of(e("/", 2000), e("/node/$N", 2500), e("/node/$N/edit", 60), e("/taxonomy/term/$N", 400),
        e("/user/login", 200), new Endpoint("POST", "/user/login", 100), e("/$S", 1500),
        e("/blog/$S", 800), e("/sites/default/files/styles/$K/public/$Y-$M/$F.jpg", 1200),
        e("/sites/default/files/$Y-$M/$F.pdf", 300), e("/sites/default/files/css/css_$H.css", 700),
        e("/sites/default/files/js/js_$H.js", 700), e("/core/misc/$K.js", 300), e("/rss.xml", 300))),
    GHOST(List.of(e("/", 2500), e("/$S/", 3000), e("/$P/", 800), e("/tag/$K/", 400),
        e("/author/$K/", 150), e("/page/$G/", 200), e("/rss/", 500),
        e("/content/images/$Y/$M/$F.jpg", 1200), e("/content/images/size/w600/$Y/$M/$F.png", 500),
        e("/assets/built/screen.css", 900), e("/assets/built/casper.js", 800),
        e("/ghost/api/content/posts/", 100), e("/members/api/member/", 200))),
    MEDIAWIKI(List.of(e("/wiki/$W", 5000), e("/wiki/Special:Search", 300),
        e("/wiki/Category:$W", 400), e("/wiki/Talk:$W", 200), e("/w/index.php", 900),
        e("/w/load.php", 1500), e("/w/api.php", 500), e("/images/$X/$X$X/$F.png", 900),
        e("/images/thumb/$X/$X$X/$F.jpg/220px-$F.jpg", 700), e("/w/skins/Vector/resources/$K.css", 300),
        e("/favicon.ico", 300))),
    STATIC(List.of(e("/", 2000), e("/posts/$Y/$M/$S/", 3000), e("/posts/$Y/$M/$C/", 800),
        e("/tags/$K/", 400), e("/tags/$T/", 200), e("/page/$G/", 300), e("/index.xml", 500),
        e("/posts/$Y/$M/$S/$F.png", 900), e("/images/$F.jpg", 600), e("/css/main.min.css", 1000),
        e("/js/$K.js", 500), e("/fonts/$K.woff2", 400), e("/404.html", 50)));

    final List<Endpoint> endpoints;

    Shape(List<Endpoint> endpoints) {
      this.endpoints = endpoints;
    }
  }

  private static Endpoint e(String pattern, int weight) {
    return new Endpoint("GET", pattern, weight);
  }

  private static final String[] WORDS = {"how", "to", "tune", "the", "garbage", "collector",
    "latency", "budgets", "for", "java", "services", "release", "notes", "on", "safepoints",
    "and", "percentiles", "in", "practice", "scaling", "nginx", "our", "new", "office"};
  private static final String[] KINDS = {"news", "tech", "life", "travel", "events", "main"};
  private static final String[] CAPITALS = {"Java", "Garbage", "Collection", "Latency", "Tehran",
    "Beijing", "Operating", "System", "History", "Music"};

  private final Random random;

  SiteShapes(long seed) {
    this.random = new Random(seed);
  }

  /** Writes {@code lines} requests of {@code shape}; latencies vary by line. */
  Path write(Shape shape, Path file, int lines) throws IOException {
    int total = shape.endpoints.stream().mapToInt(Endpoint::weight).sum();
    try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(file))) {
      StringBuilder line = new StringBuilder(256);
      for (int n = 0; n < lines; n++) {
        int r = random.nextInt(total);
        Endpoint e = shape.endpoints.get(0);
        for (Endpoint candidate : shape.endpoints) {
          r -= candidate.weight();
          if (r < 0) {
            e = candidate;
            break;
          }
        }
        long millis = 1 + (long) (Math.exp(random.nextGaussian() * 1.1) * 30);
        line.setLength(0);
        line.append("10.2.").append(n % 250).append('.').append(1 + n % 7)
            .append(" - - [12/May/2024:10:").append(two(n / 60_000 % 60)).append(':')
            .append(two(n / 1000 % 60)).append(" +0000] \"").append(e.method()).append(' ');
        path(line, e.pattern());
        line.append(" HTTP/1.1\" 200 ").append(100 + random.nextInt(50_000))
            .append(" \"-\" \"Mozilla/5.0\" ").append(millis / 1000).append('.')
            .append(two((int) (millis % 1000 / 10))).append(millis % 10).append('\n');
        out.write(line.toString().getBytes(StandardCharsets.US_ASCII));
      }
    }
    return file;
  }

  private static String two(int v) {
    return v < 10 ? "0" + v : String.valueOf(v);
  }

  /** Writes a pattern's path: {@code $} and a letter is a slot, anything else is literal. */
  private void path(StringBuilder out, String pattern) {
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c != '$') {
        out.append(c);
        continue;
      }
      switch (pattern.charAt(++i)) {
        case 'S' -> { // an English slug of 3 to 7 words, sometimes with a year
          for (int w = 0, n = 3 + random.nextInt(5); w < n; w++) {
            out.append(w > 0 ? "-" : "").append(WORDS[random.nextInt(WORDS.length)]);
          }
          if (random.nextInt(4) == 0) {
            out.append('-').append(2010 + random.nextInt(15));
          }
        }
        case 'P' -> script(out, 0x0627, 0x064A, '-'); // Persian words joined by dashes
        case 'C' -> script(out, 0x4E00, 0x4FFF, '-'); // Chinese
        case 'T' -> script(out, 0x0627, 0x064A, '_'); // a tag: Persian words, underscores
        case 'W' -> { // a wiki title: Capitalised_Words, or a title in another script
          if (random.nextInt(3) == 0) {
            script(out, 0x4E00, 0x4FFF, '_');
          } else {
            for (int w = 0, n = 1 + random.nextInt(3); w < n; w++) {
              out.append(w > 0 ? "_" : "").append(CAPITALS[random.nextInt(CAPITALS.length)]);
            }
            out.append(random.nextInt(3) == 0 ? "_(" + random.nextInt(2000) + ")" : "");
          }
        }
        case 'F' -> { // a file's base name
          out.append(WORDS[random.nextInt(WORDS.length)]).append('-')
              .append(WORDS[random.nextInt(WORDS.length)]).append(random.nextInt(500));
        }
        case 'K' -> out.append(KINDS[random.nextInt(KINDS.length)]);
        case 'Y' -> out.append(2015 + random.nextInt(10));
        case 'M' -> out.append(two(1 + random.nextInt(12)));
        case 'N' -> out.append(1 + random.nextInt(5000));
        case 'G' -> out.append(2 + random.nextInt(40));
        case 'H' -> out.append(Long.toString(random.nextLong() & Long.MAX_VALUE, 36));
        case 'X' -> out.append(Integer.toHexString(random.nextInt(16)));
        default -> throw new IllegalArgumentException(pattern);
      }
    }
  }

  /** 1-4 words of 2-5 letters from {@code first..last}, percent-encoded UTF-8. */
  private void script(StringBuilder out, int first, int last, char joint) {
    for (int w = 0, n = 1 + random.nextInt(4); w < n; w++) {
      out.append(w > 0 ? String.valueOf(joint) : "");
      for (int k = 0, m = 2 + random.nextInt(4); k < m; k++) {
        byte[] utf8 = String.valueOf((char) (first + random.nextInt(last - first + 1)))
            .getBytes(StandardCharsets.UTF_8);
        for (byte b : utf8) {
          out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
              .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
        }
      }
    }
  }
}
