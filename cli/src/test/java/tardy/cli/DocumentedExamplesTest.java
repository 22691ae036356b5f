package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of the README, of every page of the user guide (docs/guide) and of the manual
 * page run, so that none drifts from what tardy does. An example is a command on the files of the
 * repository (samples/, or a test directory it changes into first) or on none: in a fenced block, a line
 * {@code $ bin/tardy ...} followed by the output it shows, or a line of an {@code sh} block. Each
 * runs in a JVM of its own, in a scratch directory where those files are (its outputs land
 * there), and must end with the exit code the line gives ({@code # exit N}), else 0 or 1 (a
 * report, or a check's verdict); the lines of output shown must appear in that order, {@code …}
 * standing for lines left out. Commands on a reader's own files (access.log, sla.yaml; but for those
 * that give their exit code, which show an error such as a missing file) illustrate
 * and are not run, nor are pipelines (but for {@code head -N FILE |}, standard input) and
 * {@code --follow} on a file, which never ends on its own; {@code $ echo $?} after a command gives
 * its exit code.
 */
class DocumentedExamplesTest {

  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @TempDir static Path scratch;

  record Example(String source, int line, String dir, String stdinFile, int stdinLines,
      List<String> args, Integer exitCode, List<String> shown) {

    Example exiting(int code) {
      return new Example(source, line, dir, stdinFile, stdinLines, args, code, shown);
    }
  }

  @TestFactory
  Stream<DynamicTest> everyExampleRunsAsShown() throws IOException {
    List<Example> examples = new ArrayList<>();
    for (Path doc : documents()) {
      examples.addAll(markdownExamples(doc));
    }
    examples.addAll(manPageExamples());
    return examples.stream().map(e -> DynamicTest.dynamicTest(
        e.source() + ":" + e.line() + ": tardy " + String.join(" ", e.args()), () -> run(e)));
  }

  /** A guide whose examples all illustrate is a guide no test holds to the truth. */
  @Test
  void everyGuidePageAndTheReadmeHaveExamplesThatRun() throws IOException {
    for (Path doc : documents()) {
      if (doc.endsWith("docs/guide/README.md")) {
        continue; // the index of the pages
      }
      assertThat(markdownExamples(doc)).as(doc.toString()).isNotEmpty();
    }
    assertThat(manPageExamples()).hasSizeGreaterThanOrEqualTo(5);
  }

  /** The requirements file the manual page shows is one tardy accepts, and judges with. */
  @Test
  void theManualPagesRequirementsExampleIsAValidFile() throws Exception {
    String man = Cli.run("man").out();
    String section = man.substring(man.indexOf(".SH REQUIREMENTS"));
    String yaml = unroff(section.substring(section.indexOf(".nf\n.RS\n") + 8, section.indexOf(".RE\n")));
    Path file = scratch.resolve("man-requirements.yaml");
    Files.writeString(file, yaml);
    Cli.Result r = Cli.run("check", "--requirements", file.toString(),
        ROOT.resolve("samples/shop-access.log").toString(), ROOT.resolve("samples/gc-g1-jdk17.log").toString());
    assertThat(r.err()).doesNotContain("sla", "man-requirements.yaml:");
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1); // Browse products: p99 over 500ms
    assertThat(r.out()).contains("Browse products", "Young GC");
  }

  static List<Path> documents() throws IOException {
    List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> guide = Files.list(ROOT.resolve("docs/guide"))) {
      guide.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  static List<Example> markdownExamples(Path doc) throws IOException {
    List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
    String source = ROOT.relativize(doc).toString();
    List<Example> examples = new ArrayList<>();
    boolean inBlock = false;
    boolean shell = false;
    Example open = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("```")) {
        inBlock = !inBlock;
        shell = inBlock && line.substring(3).trim().matches("sh|bash|shell");
        if (open != null) {
          examples.add(open);
          open = null;
        }
        continue;
      }
      if (!inBlock) {
        continue;
      }
      String command = shell ? line : line.startsWith("$ ") ? line.substring(2) : null;
      if ("echo $?".equals(command) && open != null && i + 1 < lines.size()) {
        open = open.exiting(Integer.parseInt(lines.get(++i).trim())); // the exit code shown
        examples.add(open);
        open = null;
        continue;
      }
      if (command != null) {
        if (open != null) {
          examples.add(open);
        }
        open = example(source, i + 1, command);
        if (open != null && shell) {
          examples.add(open);
          open = null;
        }
      } else if (open != null) {
        open.shown().add(line);
      }
    }
    return examples;
  }

  static List<Example> manPageExamples() {
    String man = Cli.run("man").out();
    String section = man.substring(man.indexOf(".SH EXAMPLES"), man.indexOf(".SH ", man.indexOf(".SH EXAMPLES") + 4));
    List<Example> examples = new ArrayList<>();
    String[] lines = section.split("\n");
    boolean verbatim = false;
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].equals(".RS") || lines[i].equals(".RE")) {
        verbatim = lines[i].equals(".RS");
      } else if (verbatim) {
        Example e = example("tardy.1 EXAMPLES", i + 1, unroff(lines[i]));
        if (e != null) {
          examples.add(e);
        }
      }
    }
    return examples;
  }

  static String unroff(String text) {
    return text.replace("\\-", "-").replace("\\e", "\\").replace("\\fB", "").replace("\\fR", "");
  }

  /** The example of a command line, or null for one that only illustrates (see the class). */
  static Example example(String source, int line, String commandLine) {
    String command = commandLine;
    int comment = command.indexOf("  #");
    Integer exitCode = null;
    if (comment >= 0) {
      String note = command.substring(comment).trim();
      if (note.matches("# exit [0-9]+.*")) {
        exitCode = Integer.parseInt(note.replaceAll("# exit ([0-9]+).*", "$1"));
      }
      command = command.substring(0, comment).trim();
    }
    String dir = ".";
    if (command.startsWith("cd ") && command.contains(" && ")) {
      dir = command.substring(3, command.indexOf(" && "));
      command = command.substring(command.indexOf(" && ") + 4);
    }
    String stdinFile = null;
    int stdinLines = 0;
    if (command.matches("head -[0-9]+ \\S+ \\| .*")) { // the first lines of a file on standard input
      List<String> head = words(command.substring(0, command.indexOf(" | ")));
      stdinLines = Integer.parseInt(head.get(1).substring(1));
      stdinFile = head.get(2);
      command = command.substring(command.indexOf(" | ") + 3);
    }
    if (!(command.startsWith("bin/tardy ") || command.startsWith("tardy "))
        || command.matches(".*(\\||<|>|\\$\\(|&&).*")) {
      return null;
    }
    List<String> args = words(command.substring(command.indexOf("tardy ") + 6));
    if ((args.contains("--follow") || args.contains("-f")) && stdinFile == null) {
      return null; // follows a file: never ends on its own
    }
    Path base = ROOT.resolve(dir);
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.startsWith("/dev/")) {
        return null; // a device: endless, or the reader's terminal
      }
      boolean output = i > 0 && List.of("-o", "--output", "--rejects", "--save")
          .contains(args.get(i - 1));
      if (!a.startsWith("-") && (a.contains("/") || a.contains(".")) && !output
          && !Files.exists(base.resolve(a)) && exitCode == null) {
        return null; // a reader's own file (unless the line says how it ends: an error shown)
      }
    }
    return new Example(source, line, dir, stdinFile, stdinLines, args, exitCode, new ArrayList<>());
  }

  /** Words as a shell splits them, with '…' and "…" quoting (no expansion: examples have none). */
  static List<String> words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    char quote = 0;
    for (char c : line.toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        word = word == null ? new StringBuilder() : word;
      } else if (c == ' ') {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }

  static void run(Example e) throws Exception {
    // a directory of its own for each example, where the repository's files are found by the
    // same relative names: outputs land there, never in the repository
    Path work = Files.createTempDirectory(scratch, "example");
    Path dir = ROOT.resolve(e.dir()).normalize();
    List<Path> links = new ArrayList<>();
    try (Stream<Path> entries = Files.list(dir)) {
      for (Path p : entries.toList()) {
        links.add(Files.createSymbolicLink(work.resolve(p.getFileName()), p));
      }
    }
    try {
      runIn(work, dir, e);
    } finally {
      for (Path link : links) { // gone before JUnit's clean-up, which warns on each link out
        Files.deleteIfExists(link);
      }
    }
  }

  private static void runIn(Path work, Path dir, Example e) throws Exception {
    Path out = work.resolve(".out");
    Path err = work.resolve(".err");
    ProcessBuilder pb = Cli.process("256m", e.args().toArray(String[]::new)).directory(work.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().put("NO_COLOR", "1");
    if (e.stdinFile() != null) {
      Path in = work.resolve(".in");
      try (Stream<String> lines = Files.lines(dir.resolve(e.stdinFile()))) {
        Files.write(in, lines.limit(e.stdinLines()).toList());
      }
      pb.redirectInput(in.toFile());
    }
    Process p = pb.start();
    if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("did not end in 120 s");
    }
    String output = Files.readString(out) + Files.readString(err);
    if (e.exitCode() != null) {
      assertThat(p.exitValue()).as(output).isEqualTo(e.exitCode());
    } else {
      assertThat(p.exitValue()).as(output).isIn(0, 1);
    }
    assertShownInOrder(e.shown(), output);
  }

  static void assertShownInOrder(List<String> shown, String output) {
    List<String> actual = output.lines().map(String::stripTrailing).toList();
    int at = 0;
    for (String line : shown) {
      String expected = line.stripTrailing();
      if (expected.isEmpty() || expected.equals("…") || expected.equals("...")) {
        continue;
      }
      // … inside a line stands for text left out of it
      java.util.regex.Pattern pattern = java.util.regex.Pattern.compile(
          java.util.Arrays.stream(expected.split("…", -1)).map(java.util.regex.Pattern::quote)
              .collect(java.util.stream.Collectors.joining(".*")));
      int found = -1;
      for (int i = at; i < actual.size(); i++) {
        if (pattern.matcher(actual.get(i)).matches()) {
          found = i;
          break;
        }
      }
      assertThat(found).as("the line shown\n  %s\nin order in the output\n%s", expected, output)
          .isNotNegative();
      at = found + 1;
    }
  }
}
