package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.Outcome;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Sample;
import tardy.formats.Formats;
import tardy.run.Plan;

/**
 * bin/tardy builds the jar when it is missing or older than the sources, then runs it. Run
 * against a copy of the launcher with stand-ins for mvn and java that record their calls.
 */
class LauncherTest {

  @TempDir Path root;
  Path calls;

  record Run(int code, String out, String err) {}

  static Path launcher() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("bin/tardy"))) {
        return dir.resolve("bin/tardy");
      }
    }
    throw new IllegalStateException("bin/tardy not found above " + Path.of("").toAbsolutePath());
  }

  @BeforeEach
  void copyOfTheRepository() throws IOException {
    Files.createDirectories(root.resolve("bin"));
    Files.copy(launcher(), root.resolve("bin/tardy"));
    Files.writeString(root.resolve("pom.xml"), "<project/>");
    for (String module : List.of("events", "formats", "record", "analysis", "run", "render", "cli")) {
      Files.createDirectories(root.resolve(module + "/src/main/java"));
      Files.writeString(root.resolve(module + "/pom.xml"), "<project/>");
      Files.writeString(root.resolve(module + "/src/main/java/A.java"), "class A {}");
    }
    calls = root.resolve("calls.txt");
    // mvn -v says the version in MAVEN_VERSION (a current one by default) and is not recorded
    script("fake/mvn", "[ \"$1\" = -v ] && { echo \"Apache Maven ${MAVEN_VERSION:-3.9.9} (abc)\"; exit 0; }\n"
        + "echo mvn \"$@\" >> '" + calls + "'\n"
        + "[ -n \"${FAIL_BUILD:-}\" ] && { echo 'compilation failed'; exit 1; }\n"
        + "mkdir -p cli/target && echo jar > cli/target/tardy.jar\n");
    // java records its call and keeps the training access log it is given; a training run
    // (-XX:DumpLoadedClassList=FILE) lists a class in FILE
    // (Java 25's way with NUMBERED set: numbered, after the constant-pool entries it resolved), a
    // dump (-Xshare:dump ... -XX:SharedArchiveFile=FILE) keeps the list it was given in
    // dumped-list.txt and writes FILE unless NO_ARCHIVE is set
    script("jdk/bin/java", "echo java \"$@\" >> '" + calls + "'\n"
        + "case \" $* \" in *' hlog '*) class=tardy/cli/HlogCommand;; *) class=tardy/cli/Tardy;; esac\n"
        + "for a in \"$@\"; do case $a in *access.log) cp \"$a\" '" + root.resolve("training-access.log")
        + "';; esac; done\n"
        + "for a in \"$@\"; do case $a in\n"
        + "  -XX:DumpLoadedClassList=*) if [ -n \"${NUMBERED:-}\" ]; then\n"
        + "      printf '# comment\\njava/lang/Object id: 0\\n@cp %s 1 2\\n%s id: 1\\n' $class $class\n"
        + "    else echo $class; fi > \"${a#*=}\"; exit 0;;\n"
        + "  -Xshare:dump) for b in \"$@\"; do case $b in\n"
        + "    -XX:SharedClassListFile=*) cp \"${b#*=}\" '" + root.resolve("dumped-list.txt") + "';;\n"
        + "    -XX:SharedArchiveFile=*) [ -z \"${NO_ARCHIVE:-}\" ] && echo cds > \"${b#*=}\";;\n"
        + "  esac; done; exit 0;;\n"
        + "esac; done\n"
        + "echo 'tardy 9.9'\n");
    // everything is older than "now" so that a fresh jar is newer than the sources
    try (var files = Files.walk(root)) {
      for (Path p : files.toList()) {
        Files.setLastModifiedTime(p, FileTime.from(Instant.now().minusSeconds(3600)));
      }
    }
  }

  private void script(String name, String body) throws IOException {
    Path p = root.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, "#!/usr/bin/env bash\n" + body);
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private Run launch(String... env) throws Exception {
    return launchAs(root.resolve("bin/tardy"), root.resolve("fake") + ":" + System.getenv("PATH"), env);
  }

  private Run launchAs(Path launcher, String path, String... env) throws Exception {
    return launchWith(launcher, path, List.of("--version"), env);
  }

  private Run launchWith(Path launcher, String path, List<String> args, String... env)
      throws Exception {
    Process p = launcherProcess(launcher, path, args, env).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
        new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
  }

  /** The launcher run by bash on {@code path}, with the stand-in JDK and the given environment. */
  private ProcessBuilder launcherProcess(Path launcher, String path, List<String> args,
      String... env) {
    List<String> command = new java.util.ArrayList<>(List.of("bash", launcher.toString()));
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("PATH", path);
    pb.environment().put("JAVA_HOME", root.resolve("jdk").toString());
    pb.environment().remove("TARDY_JAVA_OPTS");
    for (int i = 0; i < env.length; i += 2) {
      pb.environment().put(env[i], env[i + 1]);
    }
    return pb;
  }

  private List<String> calls() throws IOException {
    return Files.exists(calls) ? Files.readAllLines(calls) : List.of();
  }

  @Test
  void buildsTheJarOnFirstRunThenRunsIt() throws Exception {
    Run first = launch();
    assertThat(first.code()).isZero();
    assertThat(first.out()).isEqualTo("tardy 9.9\n");
    assertThat(first.err()).startsWith("tardy: building ");
    String jar = root.resolve("cli/target/tardy.jar").toString();
    assertThat(calls()).hasSize(6);
    assertThat(calls().get(0)).startsWith("mvn ").contains("package", "-DskipTests");
    // an access log cut into parts on two threads, beside a JVM log, as a table
    assertThat(calls().get(1)).startsWith("java ").contains("-XX:DumpLoadedClassList=",
        "-cp " + jar + " tardy.cli.Tardy report --threads 2 ", "access.log", "jvm.log");
    // the JSON output's classes, from a run of their own on the access log's head
    assertThat(calls().get(2)).startsWith("java ")
        .contains("-XX:DumpLoadedClassList=", "-cp " + jar + " tardy.cli.Tardy report --format json ", "access-head.log");
    // hlog's classes are listed too, from a run of its own on the JVM log
    assertThat(calls().get(3)).startsWith("java ")
        .contains("-XX:DumpLoadedClassList=", "-cp " + jar + " tardy.cli.Tardy hlog -o ", "jvm.log");
    // the archive is written for the class path the runs then use: the jar's own path
    assertThat(calls().get(4)).startsWith("java ").contains("-Xshare:dump",
        "-XX:SharedClassListFile=", "-XX:SharedArchiveFile=", "-cp " + jar);
    // the jar on the class path with its main class named: -jar would open the jar twice
    assertThat(calls().get(5)).startsWith("java ").contains("-Xmx256m", "-XX:SharedArchiveFile=",
        "-cp " + jar + " tardy.cli.Tardy --version").doesNotContain("-jar");
  }

  /**
   * The training access log is long enough to be cut into parts (the parallel pass's classes) and
   * is read as an access log, every line of it.
   */
  @Test
  void theTrainingAccessLogIsReadInPartsAsARealOneIs() throws Exception {
    launch();
    Path log = root.resolve("training-access.log");
    assertThat(Files.size(log)).isGreaterThanOrEqualTo(2 * Plan.MIN_CHUNK_BYTES);
    List<String> lines = Files.readAllLines(log);
    assertThat(Formats.choose(Sample.ofText(lines.subList(0, 2000))).best())
        .map(LogFormat::name).hasValue("combined");
    LineParser parser = Formats.byName("combined").orElseThrow().newParser();
    EventSink none = new EventSink() {
      @Override
      public void request(RequestEvent e) {}

      @Override
      public void pause(PauseEvent e) {}
    };
    for (String line : lines) {
      byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
      assertThat(parser.parse(bytes, 0, bytes.length, none).kind()).as(line)
          .isEqualTo(Outcome.Kind.PARSED);
    }
    assertThat(lines.stream().map(l -> l.split(" ")[6].replaceAll("[0-9]+", "N")).distinct())
        .as("path shapes grouping decides from").hasSizeGreaterThanOrEqualTo(5);
  }

  @Test
  void theArchiveHoldsTheClassesOfBothTrainingRuns() throws Exception {
    launch();
    assertThat(Files.readAllLines(root.resolve("dumped-list.txt")))
        .containsExactly("tardy/cli/Tardy", "tardy/cli/HlogCommand");
  }

  /**
   * Java 25 numbers the classes of a list and names the constant-pool entries each resolved: the
   * dump would link a class for those, and leave a linked class built for Java 5 out.
   */
  @Test
  void theDumpGetsNeitherNumbersNorResolvedEntries() throws Exception {
    launch("NUMBERED", "1");
    assertThat(Files.readAllLines(root.resolve("dumped-list.txt")))
        .containsExactly("# comment", "java/lang/Object", "tardy/cli/Tardy", "tardy/cli/HlogCommand");
  }

  @Test
  void trainsTheClassDataArchiveOncePerJar() throws Exception {
    launch();
    launch();
    assertThat(calls()).filteredOn(c -> c.contains("-Xshare:dump")).hasSize(1);
    assertThat(calls()).filteredOn(c -> c.contains("--version"))
        .hasSize(2).allSatisfy(c -> assertThat(c).contains("-XX:SharedArchiveFile="));
    assertThat(targetFiles()).hasSize(4).contains("tardy.jar") // no temporary left
        .anySatisfy(name -> assertThat(name).matches("tardy-[0-9]+\\.jsa"))
        .anySatisfy(name -> assertThat(name).matches("tardy-[0-9]+\\.java"))
        .anySatisfy(name -> assertThat(name).matches("tardy-[0-9]+\\.jar"));
  }

  /**
   * The JVM refuses an archive for the same jar at another path, and then maps none at all: a
   * moved directory (or an archive of a launcher that did not say which jar it was for) is
   * trained again, and a run never gets an archive written for another jar's path.
   */
  @Test
  void anArchiveWrittenForTheJarAtAnotherPathIsTrainedAgain() throws Exception {
    launch();
    Path link;
    try (var files = Files.list(root.resolve("cli/target"))) {
      link = files.filter(f -> f.getFileName().toString().matches("tardy-[0-9]+\\.jar"))
          .findFirst().orElseThrow();
    }
    assertThat(Files.isSameFile(link, root.resolve("cli/target/tardy.jar"))).isTrue();
    // as the directory it was written in, now moved, left it: the link names the former path
    Files.delete(link);
    Files.createSymbolicLink(link, root.resolve("former/cli/target/tardy.jar"));
    launch();
    assertThat(calls()).filteredOn(c -> c.contains("-Xshare:dump")).hasSize(2);
    assertThat(Files.isSameFile(link, root.resolve("cli/target/tardy.jar"))).isTrue();
    // an archive without the link (an earlier launcher's) is trained again too, once
    Files.delete(link);
    launch();
    launch();
    assertThat(calls()).filteredOn(c -> c.contains("-Xshare:dump")).hasSize(3);
    assertThat(calls()).filteredOn(c -> c.contains("--version")).hasSize(4)
        .allSatisfy(c -> assertThat(c).contains("-XX:SharedArchiveFile="));
  }

  @Test
  void eachJavaInstallationHasItsOwnArchive() throws Exception {
    Files.createDirectories(root.resolve("other/bin"));
    Files.copy(root.resolve("jdk/bin/java"), root.resolve("other/bin/java"));
    Files.setPosixFilePermissions(root.resolve("other/bin/java"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.createSymbolicLink(root.resolve("linked"), root.resolve("jdk"));
    launch();
    launch("JAVA_HOME", root.resolve("other").toString());
    launch("JAVA_HOME", root.resolve("linked").toString()); // the first java by another path
    launch();
    List<String> archives = archivesUsed();
    assertThat(calls()).filteredOn(c -> c.contains("-Xshare:dump")).hasSize(2);
    assertThat(archives).hasSize(4);
    assertThat(archives.get(0)).isEqualTo(archives.get(2)).isEqualTo(archives.get(3))
        .isNotEqualTo(archives.get(1));
  }

  private List<String> archivesUsed() throws IOException {
    return calls().stream().filter(c -> c.contains("--version"))
        .map(c -> c.replaceAll(".*-XX:SharedArchiveFile=(\\S+).*", "$1")).toList();
  }

  @Test
  void withoutAnArchiveTardyRunsAsBefore() throws Exception {
    Run run = launch("NO_ARCHIVE", "1");
    assertThat(run.code()).isZero();
    assertThat(run.out()).isEqualTo("tardy 9.9\n");
    assertThat(calls()).filteredOn(c -> c.contains("--version")).singleElement()
        .satisfies(c -> assertThat(c).doesNotContain("SharedArchiveFile"));
    assertThat(targetFiles()).containsExactly("tardy.jar");
  }

  private List<String> targetFiles() throws IOException {
    try (var files = Files.list(root.resolve("cli/target"))) {
      return files.map(f -> f.getFileName().toString()).toList();
    }
  }

  @Test
  void doesNotRebuildAnUpToDateJar() throws Exception {
    launch();
    Run second = launch();
    assertThat(second.err()).isEmpty();
    assertThat(calls()).filteredOn(c -> c.startsWith("mvn")).hasSize(1);
  }

  @Test
  void rebuildsWhenASourceIsNewerThanTheJar() throws Exception {
    launch();
    Path jar = root.resolve("cli/target/tardy.jar");
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
    Files.setLastModifiedTime(root.resolve("record/src/main/java/A.java"), FileTime.from(Instant.now()));
    Run again = launch();
    assertThat(again.err()).startsWith("tardy: building ");
    assertThat(calls()).filteredOn(c -> c.startsWith("mvn")).hasSize(2);
  }

  /** A link on the PATH (the first thing a user does), and a relative link to that link. */
  @Test
  void aSymbolicLinkToTheLauncherFindsTheCheckout(@TempDir Path elsewhere) throws Exception {
    Files.createDirectories(elsewhere.resolve("bin"));
    Files.createSymbolicLink(elsewhere.resolve("bin/tardy"), root.resolve("bin/tardy"));
    Files.createSymbolicLink(elsewhere.resolve("t"), Path.of("bin/tardy"));
    Run linked = launchAs(elsewhere.resolve("t"), root.resolve("fake") + ":" + System.getenv("PATH"));
    assertThat(linked.code()).as(linked.err()).isZero();
    assertThat(linked.out()).isEqualTo("tardy 9.9\n");
    assertThat(calls()).filteredOn(c -> c.contains("--version")).singleElement()
        .satisfies(c -> assertThat(c).contains("-cp " + root.resolve("cli/target/tardy.jar") + " tardy.cli.Tardy"));
    assertThat(elsewhere.resolve("cli")).doesNotExist();
  }

  /** A release (lib/tardy.jar beside bin/) is never built: no Maven is needed, none is called. */
  @Test
  void aReleaseRunsItsJarWithoutBuilding() throws Exception {
    Files.createDirectories(root.resolve("lib"));
    Files.writeString(root.resolve("lib/tardy.jar"), "jar");
    Run run = launch();
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(calls()).noneMatch(c -> c.startsWith("mvn"));
    assertThat(calls()).filteredOn(c -> c.contains("--version")).singleElement()
        .satisfies(c -> assertThat(c).contains("-cp " + root.resolve("lib/tardy.jar") + " tardy.cli.Tardy"));
  }

  /** A PATH of the stand-ins and the system's basic tools, without the system's mvn. */
  private String pathWithoutMaven() throws IOException {
    Path tools = root.resolve("tools");
    Files.createDirectories(tools);
    for (String tool : List.of("bash", "env", "readlink", "mktemp", "cksum", "cut", "awk", "ln",
        "rm", "mv", "mkdir", "find", "tee", "grep", "sed", "head", "cat")) {
      for (String dir : List.of("/usr/bin", "/bin")) {
        if (Files.isExecutable(Path.of(dir, tool)) && !Files.exists(tools.resolve(tool))) {
          Files.createSymbolicLink(tools.resolve(tool), Path.of(dir, tool));
        }
      }
    }
    return root.resolve("fake") + ":" + tools;
  }

  @Test
  void withoutMavenItSaysWhatIsNeeded() throws Exception {
    Files.delete(root.resolve("fake/mvn"));
    Run run = launchAs(root.resolve("bin/tardy"), pathWithoutMaven());
    assertThat(run.code()).isEqualTo(3);
    assertThat(run.err()).contains("needs Maven 3.8.7 or later", "release archive");
    assertThat(calls()).isEmpty();
  }

  @Test
  void withoutMavenTheWrapperBuilds() throws Exception {
    Files.move(root.resolve("fake/mvn"), root.resolve("mvnw"));
    Run run = launchAs(root.resolve("bin/tardy"), pathWithoutMaven());
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.err()).contains("mvnw fetches Maven first");
    assertThat(calls().get(0)).startsWith("mvn ").contains("package");
  }

  /** Maven 3.6 (still on LTS distributions) fails the build's enforcer: said before it runs. */
  @Test
  void anOldMavenIsNamedWithTheWayOut() throws Exception {
    Run run = launch("MAVEN_VERSION", "3.6.3");
    assertThat(run.code()).isEqualTo(3);
    assertThat(run.err()).contains("Maven 3.6.3 is too old", "3.8.7 or later", "mvnw");
    assertThat(calls()).isEmpty();
    assertThat(launch("MAVEN_VERSION", "3.8.7").code()).isZero();
  }

  @Test
  void withoutJavaItSaysWhatIsNeeded() throws Exception {
    Run run = launch("JAVA_HOME", root.resolve("nowhere").toString());
    assertThat(run.code()).isEqualTo(3);
    assertThat(run.err()).contains("needs Java 17 or later");
  }

  @Test
  void aFailedBuildShowsItsOutputAndExitsThree() throws Exception {
    Run failed = launch("FAIL_BUILD", "1");
    assertThat(failed.code()).isEqualTo(3);
    assertThat(failed.err()).contains("compilation failed", "tardy: the build failed");
    assertThat(calls()).noneMatch(c -> c.startsWith("java"));
  }

  /** The JVM options of the run itself (the last java call) for a command line. */
  private String runOptions(List<String> args, String... env) throws Exception {
    Run run = launchWith(root.resolve("bin/tardy"),
        root.resolve("fake") + ":" + System.getenv("PATH"), args, env);
    assertThat(run.code()).isZero();
    List<String> calls = calls();
    String last = calls.get(calls.size() - 1);
    return last.substring(0, last.indexOf(" -cp "));
  }

  @Test
  void aSmallFileIsReadWithTheFirstCompilerAndTheSerialCollector() throws Exception {
    Path small = Files.writeString(root.resolve("small.log"), "a line\n");
    Path large = root.resolve("large.log");
    try (var f = new java.io.RandomAccessFile(large.toFile(), "rw")) {
      f.setLength(200L << 20); // sparse: past the launcher's 128 MiB, no disk used
    }
    String c1 = "-XX:TieredStopAtLevel=1";
    // a short run also collects with the serial collector, never with two collectors named
    String serial = "-XX:+UseSerialGC";
    String parallel = "-XX:+UseParallelGC";
    assertThat(runOptions(List.of("report", "--format", "json", small.toString()))).contains(c1)
        .contains(serial).doesNotContain(parallel);
    assertThat(runOptions(List.of("hlog", "-o", root.resolve("o.hlog").toString(),
        small.toString()))).contains(c1).contains(serial).doesNotContain(parallel);
    // what is large, or of a size not known before the run, keeps both compilers, C2 inlining
    // less than its default (BENCHMARKS.md, "What the launcher chooses")
    assertThat(runOptions(List.of("report", small.toString(), large.toString())))
        .doesNotContain(c1).doesNotContain(serial).contains(parallel)
        .contains("-XX:FreqInlineSize=60");
    assertThat(runOptions(List.of("report", "-"))).doesNotContain(c1);
    assertThat(runOptions(List.of("report", "--follow", small.toString()))).doesNotContain(c1);
    assertThat(runOptions(List.of("report", root.toString()))).doesNotContain(c1);
    assertThat(runOptions(List.of("report", small + ".gz"))).doesNotContain(c1);
    assertThat(runOptions(List.of("--version"))).doesNotContain(c1);
    assertThat(runOptions(List.of("report", small.toString()), "TARDY_JAVA_OPTS", "-Xmx1g"))
        .doesNotContain(c1).doesNotContain(serial).contains("-Xmx1g")
        .doesNotContain("FreqInlineSize");
  }

  /**
   * {@code --output /dev/stdout} with stdout redirected to a file: that file is no input to size.
   * Sized inside a command substitution, /dev/stdout was the substitution's own pipe, and the
   * launcher waited on it for ever.
   */
  @Test
  void anOutputToStdoutRedirectedToAFileIsNotSized() throws Exception {
    Path small = Files.writeString(root.resolve("small.log"), "a line\n");
    Path out = Files.writeString(root.resolve("out.hlog"), "old\n");
    Process p = launcherProcess(root.resolve("bin/tardy"),
        root.resolve("fake") + ":" + System.getenv("PATH"),
        List.of("hlog", "--output", "/dev/stdout", small.toString()))
        .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    boolean ended = p.waitFor(60, TimeUnit.SECONDS);
    p.destroyForcibly();
    assertThat(ended).as("the launcher ended").isTrue();
    assertThat(p.exitValue()).isZero();
    List<String> calls = calls();
    // the log alone was sized: a small run
    assertThat(calls.get(calls.size() - 1)).contains("-XX:TieredStopAtLevel=1")
        .endsWith("hlog --output /dev/stdout " + small);
  }

  @Test
  void javaOptionsCanBeReplaced() throws Exception {
    launch("TARDY_JAVA_OPTS", "-Xmx1g");
    assertThat(calls()).filteredOn(c -> c.startsWith("java")).hasSize(5)
        .allSatisfy(c -> assertThat(c).contains("-Xmx1g").doesNotContain("-Xmx256m"));
  }

  /**
   * Ctrl-\ (SIGQUIT) makes the JVM print a thread dump: with the launcher's options it goes to
   * stderr, and stdout holds the document alone. The JVM options are the launcher's own, read
   * from its call; the program is this build's, started on a standard input that waits.
   */
  @Test
  void aThreadDumpNeverReachesStdout() throws Exception {
    launch("TARDY_JAVA_OPTS", "-Xmx256m");
    String run = calls().get(calls().size() - 1);
    List<String> command = new java.util.ArrayList<>(
        List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    for (String word : run.substring("java ".length()).split(" ")) {
      if (word.equals("-cp")) {
        break;
      }
      if (!word.startsWith("-XX:SharedArchiveFile") && !word.startsWith("-Xlog:cds")) {
        command.add(word);
      }
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), Tardy.class.getName(),
        "report", "--format", "json", "-"));
    Process p = new ProcessBuilder(command).start();
    java.util.concurrent.CompletableFuture<byte[]> out = java.util.concurrent.CompletableFuture
        .supplyAsync(() -> readAll(p.getInputStream()));
    java.util.concurrent.CompletableFuture<byte[]> err = java.util.concurrent.CompletableFuture
        .supplyAsync(() -> readAll(p.getErrorStream()));
    byte[] line = "127.0.0.1 - - [01/Jan/2026:00:00:00 +0000] \"GET /a HTTP/1.1\" 200 1 \"-\" \"-\" 0.001\n"
        .getBytes(StandardCharsets.US_ASCII);
    p.getOutputStream().write(line);
    p.getOutputStream().flush();
    Thread.sleep(3_000); // the JVM has its signal handlers long before: it is waiting for lines
    Process quit = new ProcessBuilder("kill", "-QUIT", Long.toString(p.pid())).start();
    assertThat(quit.waitFor(10, TimeUnit.SECONDS)).isTrue();
    Thread.sleep(1_000);
    p.getOutputStream().write(line);
    p.getOutputStream().close();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String stdout = new String(out.get(), StandardCharsets.UTF_8);
    String stderr = new String(err.get(), StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(stderr).isZero();
    assertThat(stderr).as("the signal arrived and was answered").contains("Full thread dump");
    assertThat(stdout).doesNotContain("Full thread dump").startsWith("{").endsWith("}\n");
    assertThat(JsonLines.at(JsonLines.document(stdout), "totals", 0, "count")).isEqualTo(2L);
  }

  private static byte[] readAll(java.io.InputStream in) {
    try {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
