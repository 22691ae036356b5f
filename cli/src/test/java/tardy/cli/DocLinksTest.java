package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the repository's Markdown (README, CHANGELOG, docs, module READMEs)
 * names a file that exists, and a {@code #section} of a Markdown file names one of its headings
 * as GitHub spells them: a reader who follows a link lands somewhere.
 */
class DocLinksTest {

  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern FENCE = Pattern.compile("(?s)```.*?```");
  private static final Pattern HEADING = Pattern.compile("(?m)^#+\\s+(.*)$");

  @Test
  void everyRelativeLinkLandsOnAFileAndASection() throws IOException {
    Path root = LauncherTest.launcher().getParent().getParent();
    List<Path> docs;
    try (Stream<Path> files = Files.walk(root)) {
      docs = files.filter(p -> p.toString().endsWith(".md"))
          .filter(p -> !root.relativize(p).toString().matches(
              "(.*/)?(target|node_modules|\\.git)/.*|bench/results/.*"))
          .sorted().toList();
    }
    assertThat(docs).as("the documents found").hasSizeGreaterThan(10);
    List<String> broken = new ArrayList<>();
    int links = 0;
    for (Path doc : docs) {
      Matcher m = LINK.matcher(prose(doc));
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("[a-z]+:.*")) {
          continue; // https:, mailto:
        }
        links++;
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path to = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
        if (!Files.exists(to)) {
          broken.add(root.relativize(doc) + ": " + target + " (no such file)");
        } else if (hash >= 0 && to.toString().endsWith(".md")
            && !sections(to).contains(target.substring(hash + 1))) {
          broken.add(root.relativize(doc) + ": " + target + " (no such section)");
        }
      }
    }
    assertThat(links).as("relative links checked").isGreaterThan(50);
    assertThat(broken).isEmpty();
  }

  /** The text outside fenced code blocks, where a link is a link. */
  private static String prose(Path doc) throws IOException {
    return FENCE.matcher(Files.readString(doc, StandardCharsets.UTF_8)).replaceAll("");
  }

  /** The anchors GitHub gives a file's headings: lower case, punctuation dropped, - for spaces. */
  private static Set<String> sections(Path doc) throws IOException {
    Set<String> anchors = new HashSet<>();
    Matcher m = HEADING.matcher(prose(doc));
    while (m.find()) {
      String base = m.group(1).strip().toLowerCase(Locale.ROOT)
          .replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
      String anchor = base;
      for (int n = 1; !anchors.add(anchor); n++) {
        anchor = base + "-" + n;
      }
    }
    return anchors;
  }
}
