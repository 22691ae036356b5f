package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** tardy --version names the version and the commit built, or says the commit is not known. */
class VersionTest {

  @Test
  void versionSaysTheCommitThisCheckoutIsAt() throws Exception {
    String head = gitHead();
    assumeTrue(head != null, "the sources are not a git checkout: no commit to compare with");
    Cli.Result r = Cli.run("--version");
    assertThat(r.code()).isZero();
    String first = r.out().lines().findFirst().orElseThrow();
    // the commit as git itself names it, read here apart from the build's own call
    assertThat(first).matches("tardy 1\\.0\\.0 \\(commit [0-9a-f]{12}(-modified)?\\)");
    assertThat(head).startsWith(first.substring(first.indexOf("commit ") + 7, first.indexOf("commit ") + 19));
    assertThat(r.out()).contains("Java " + System.getProperty("java.version"));
  }

  @Test
  void aBuildWithoutGitSaysTheCommitIsUnknown() {
    Properties unfiltered = new Properties(); // what resource filtering leaves when git gave nothing
    unfiltered.setProperty("version", "1.0.0");
    unfiltered.setProperty("commit", "${tardy.commit}");
    assertThat(Tardy.Version.line(unfiltered)).isEqualTo("1.0.0 (unknown commit)");
    Properties empty = new Properties();
    empty.setProperty("version", "1.0.0");
    empty.setProperty("commit", "");
    assertThat(Tardy.Version.line(empty)).isEqualTo("1.0.0 (unknown commit)");
  }

  @Test
  void aModifiedTreeIsSaid() {
    Properties p = new Properties();
    p.setProperty("version", "1.0.0");
    p.setProperty("commit", "b90f9a4a7531-modified\n");
    assertThat(Tardy.Version.line(p)).isEqualTo("1.0.0 (commit b90f9a4a7531-modified)");
  }

  /** HEAD of the checkout the tests run in, or null when there is none (or no git). */
  private static String gitHead() throws InterruptedException {
    Path root = Path.of("").toAbsolutePath().getParent();
    if (root == null || !Files.exists(root.resolve(".git"))) {
      return null;
    }
    try {
      Process p = new ProcessBuilder("git", "-C", root.toString(), "rev-parse", "HEAD")
          .redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
    } catch (IOException e) {
      return null; // no git on this machine
    }
  }
}
