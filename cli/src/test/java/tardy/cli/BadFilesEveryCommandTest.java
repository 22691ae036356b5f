package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that reads or writes files, against the files that go wrong: each refused at
 * once with exit 2 and one line naming the file, nothing written, nothing replaced.
 */
class BadFilesEveryCommandTest {

  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  static final String GC_LOG = ROOT.resolve("samples/gc-g1-jdk17.log").toString();
  static final String SLA = ROOT.resolve("samples/shop-requirements.yaml").toString();

  @TempDir Path dir;

  /** The commands that read inputs, each with what it needs but the input. */
  List<List<String>> readers() {
    return List.of(List.of("report"), List.of("check", "--requirements", SLA),
        List.of("hlog", "--output", dir.resolve("out.hlog").toString()), List.of("formats"),
        List.of("report", "--follow"), List.of("check", "--follow", "--requirements", SLA));
  }

  static Cli.Result run(List<String> command, String... more) {
    List<String> args = new ArrayList<>(command);
    args.addAll(List.of(more));
    // --follow waits for more lines: a refusal must come at once, not when it is stopped
    return assertTimeoutPreemptively(Duration.ofSeconds(60),
        () -> Cli.run(args.toArray(String[]::new)), String.join(" ", args) + " did not end");
  }

  @Test
  void badInputsAreRefusedByEveryCommand() throws IOException {
    Path gz = dir.resolve("cut.log.gz");
    Files.write(gz, new byte[] {0x1f, (byte) 0x8b, 8, 0});
    Path zst = Files.write(dir.resolve("a.log.zst"), new byte[] {0x28, (byte) 0xb5, 0x2f,
        (byte) 0xfd, 0, 0, 0, 0});
    Path empty = Files.createFile(dir.resolve("empty.log"));
    // one line past the longest a line may be: no line to read, but no empty file either
    byte[] longLine = new byte[tardy.events.Limits.LINE_BYTES + 2];
    java.util.Arrays.fill(longLine, (byte) 'a');
    longLine[longLine.length - 1] = '\n';
    Path oneLongLine = Files.write(dir.resolve("one-long-line.log"), longLine);
    Path dangling = Files.createSymbolicLink(dir.resolve("dangling.log"), dir.resolve("gone.log"));
    Path loop = Files.createSymbolicLink(dir.resolve("loop.log"), dir.resolve("loop.log"));
    // a log saved by Windows PowerShell's > (UTF-16LE with its mark), and one without the mark
    String lines = Files.readString(ROOT.resolve("samples/access-nginx.log"));
    Path utf16 = Files.write(dir.resolve("utf16.log"),
        lines.getBytes(java.nio.charset.StandardCharsets.UTF_16LE));
    byte[] marked = new byte[Files.size(utf16) > 0 ? (int) Files.size(utf16) + 2 : 2];
    marked[0] = (byte) 0xFF;
    marked[1] = (byte) 0xFE;
    System.arraycopy(Files.readAllBytes(utf16), 0, marked, 2, marked.length - 2);
    Files.write(utf16, marked);
    Path utf16be = Files.write(dir.resolve("utf16be.log"),
        lines.getBytes(java.nio.charset.StandardCharsets.UTF_16BE));
    String utf16Advice = "is UTF-16 text (as Windows PowerShell's > writes it), and tardy reads"
        + " text in UTF-8 or ASCII: convert it first, e.g. iconv -f UTF-16 -t UTF-8 LOG > LOG.utf8";
    assertThat(utf16Advice).isEqualTo(tardy.events.Sample.UTF16_ADVICE);
    Map<String, String> batch = new java.util.HashMap<>(Map.of(
        dir.resolve("missing.log").toString(), "no such file",
        dir.toString(), "is a directory, not a log file",
        gz.toString(), "compressed data is truncated or corrupt (it ends inside the gzip header)"
            + " before the first line ended (no line was read before the damage)",
        zst.toString(), "compressed data is truncated or corrupt (zstd: Truncated source)"
            + " before the first line ended (no line was read before the damage)",
        empty.toString(), "is empty: no lines to read",
        oneLongLine.toString(), "no line to read: its one line is longer than 1 MiB, the longest"
            + " line read (is it a text log?)",
        // bytes of a name not valid in the system's encoding reach Java as U+FFFD: the file
        // exists, but not by the name Java was given
        dir.resolve("x\uFFFD.log").toString(), "the name holds bytes that are not valid "
            + System.getProperty("sun.jnu.encoding") + " (shown as \uFFFD), which Java cannot"
            + " pass to the system: name the file by a pattern with * in place of them, or rename"
            + " it",
        dangling.toString(), "a symbolic link to no file"));
    batch.put(loop.toString(), "cannot be read: Too many levels of symbolic links or unable to"
        + " access attributes of symbolic link");
    batch.put(utf16.toString(), utf16Advice);
    batch.put(utf16be.toString(), utf16Advice);
    for (List<String> command : readers()) {
      boolean follow = command.contains("--follow");
      for (Map.Entry<String, String> input : batch.entrySet()) {
        String expected = input.getValue();
        if (follow && (input.getKey().equals(gz.toString()) || input.getKey().equals(zst.toString()))) {
          expected = "is " + (input.getKey().equals(gz.toString()) ? "gzip" : "zstd")
              + "-compressed: --follow reads a plain text log as it grows";
        } else if ((follow || command.get(0).equals("formats"))
            && (input.getKey().equals(empty.toString())
                || input.getKey().equals(oneLongLine.toString()))) {
          continue; // followed, a log may still grow; formats lists what matched nothing (below)
        } else if (follow && input.getKey().equals(dir.resolve("missing.log").toString())) {
          continue; // followed, a file not there yet is waited for, as tail -F does (FollowTest)
        } else if (command.get(0).equals("formats") && expected.equals(utf16Advice)) {
          continue; // formats lists the grades, none of them a match
        }
        Cli.Result r = run(command, input.getKey());
        assertThat(r.code()).as(command + " " + input.getKey() + ": " + r.err())
            .isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.err()).as(command.toString())
            .isEqualTo("tardy: " + input.getKey() + ": " + expected + "\n");
      }
    }
    assertThat(dir.resolve("out.hlog")).doesNotExist();
    for (Path u : List.of(utf16, utf16be)) { // formats lists the grades, and why none matched
      assertThat(run(List.of("formats"), u.toString()).out()).startsWith(u + ": no format matches")
          .contains("\n  it " + utf16Advice + "\n");
    }
    assertThat(run(List.of("formats"), oneLongLine.toString()).out()).startsWith(oneLongLine
        + ": no format matches (0 sample lines; passed over: 1 line longer than 1 MiB)\n");
  }

  /**
   * A gzip damaged before its first line end (in the header, before any byte came out, inside
   * the first line; cut or corrupt) says so in the words of damage after line N, by every
   * command, with 1 or 2 threads and through standard input.
   */
  @Test
  void aGzipDamagedBeforeItsFirstLineSaysSoByEveryCommand() throws IOException {
    java.io.ByteArrayOutputStream whole = new java.io.ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(whole)) {
      Files.copy(Path.of(GC_LOG), out);
    }
    byte[] bytes = whole.toByteArray();
    List<byte[]> damaged = new ArrayList<>();
    damaged.add(java.util.Arrays.copyOf(bytes, 10)); // the header whole, then nothing
    damaged.add(java.util.Arrays.copyOf(bytes, 12)); // a cut before any byte came out
    int cut = 12;
    while (InputsThatCannotLoseLinesTest.linesBeforeDamage(
        Files.write(dir.resolve("probe.gz"), java.util.Arrays.copyOf(bytes, cut + 1))) == 0) {
      cut++;
    }
    Path inFirstLine = Files.write(dir.resolve("probe.gz"), java.util.Arrays.copyOf(bytes, cut));
    assertThat(InputsThatCannotLoseLinesTest.bytesBeforeDamage(inFirstLine)).isPositive();
    damaged.add(Files.readAllBytes(inFirstLine)); // text came out, but no line end
    byte[] corrupt = bytes.clone();
    corrupt[10] = (byte) 0xff; // the first deflate block's type: 3, which does not exist
    damaged.add(corrupt);
    String before = ") before the first line ended (no line was read before the damage)\n";
    for (int i = 0; i < damaged.size(); i++) {
      Path gz = Files.write(dir.resolve("damaged-" + i + ".log.gz"), damaged.get(i));
      for (List<String> command : readers()) {
        if (command.contains("--follow")) {
          continue; // refuses any gzip before reading it (above)
        }
        List<Cli.Result> runs = new ArrayList<>();
        runs.add(run(command, gz.toString()));
        if (!command.get(0).equals("formats")) {
          runs.add(run(command, "--threads", "2", gz.toString()));
        }
        List<String> piped = new ArrayList<>(command);
        piped.add("-");
        Cli.Result stdin = Cli.run(damaged.get(i), piped.toArray(String[]::new));
        for (Cli.Result r : runs) {
          assertThat(r.code()).as(command + " " + i + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
          assertThat(r.err()).as(command + " " + i).startsWith("tardy: " + gz
              + ": compressed data is truncated or corrupt (").endsWith(before).hasLineCount(1);
        }
        assertThat(stdin.code()).as(command + " - " + i).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(stdin.err()).as(command + " - " + i)
            .startsWith("tardy: -: compressed data is truncated or corrupt (").endsWith(before);
      }
    }
    assertThat(dir.resolve("out.hlog")).doesNotExist();
  }

  /**
   * A path to descriptor 0 while the process was started with it closed: the path then opens the
   * JVM's own module image, which every command read as a log of garbage lines.
   */
  @Test
  void standardInputNamedWhileClosedIsRefusedByEveryCommand() throws Exception {
    assumeTrue(InputsThatCannotLoseLinesTest.has("bash"), "no bash here: a closed standard input"
        + " not tested");
    assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "no /proc here: nothing to detect");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<List<String>> runs = new ArrayList<>();
    for (List<String> command : readers()) {
      runs.add(withInput(command, "/dev/stdin"));
    }
    runs.add(withInput(List.of("report", "--log-format", "combined"), "/dev/fd/0"));
    runs.add(withInput(List.of("report", "-"), "/proc/self/fd/0")); // with "-" beside it
    for (List<String> args : runs) {
      ProcessBuilder pb = new ProcessBuilder("bash", "-c", "'" + java + "' -cp \"$CP\" "
          + Tardy.class.getName() + " " + String.join(" ", args) + " <&-");
      pb.environment().put("CP", System.getProperty("java.class.path"));
      Cli.Result r = assertTimeoutPreemptively(Duration.ofSeconds(60),
          () -> OutputsNeverDestroyedTest.finish(pb.start()), args + " did not end");
      assertThat(r.code()).as(args + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).as(args.toString()).isEqualTo("tardy: " + args.get(args.size() - 1)
          + ": standard input is closed: give the log as a file, or pipe it in\n");
      assertThat(r.out()).as(args.toString()).isEmpty();
    }
    assertThat(dir.resolve("out.hlog")).doesNotExist();
  }

  private static List<String> withInput(List<String> command, String input) {
    List<String> args = new ArrayList<>(command);
    args.add(input);
    return args;
  }

  @Test
  void anUnreadableInputIsRefusedByEveryCommand() throws IOException {
    assumeTrue(!OutputsNeverDestroyedTest.ROOT, "running as root, who reads every file: left to"
        + " non-root CI");
    Path locked = Files.copy(Path.of(GC_LOG), dir.resolve("locked.log"));
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    for (List<String> command : readers()) {
      Cli.Result r = run(command, locked.toString());
      assertThat(r.code()).as(command + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).isEqualTo("tardy: " + locked + ": permission denied\n");
    }
  }

  @Test
  void aGzippedJvmLogReadsAsThePlainOne() throws IOException {
    Path gz = dir.resolve("gc.log.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      Files.copy(Path.of(GC_LOG), out);
    }
    Cli.Result plain = Cli.run("report", "--format", "json", GC_LOG);
    Cli.Result zipped = Cli.run("report", "--format", "json", gz.toString());
    assertThat(zipped.code()).as(zipped.err()).isZero();
    assertThat(JsonLines.at(JsonLines.document(zipped.out()), "totals"))
        .isEqualTo(JsonLines.at(JsonLines.document(plain.out()), "totals"));
    for (String key : List.of("lines", "parsed", "ignored", "malformed", "format")) {
      assertThat(JsonLines.at(JsonLines.document(zipped.out()), "inputs", 0, key)).as(key)
          .isEqualTo(JsonLines.at(JsonLines.document(plain.out()), "inputs", 0, key));
    }
    Path hlog = dir.resolve("gc.hlog");
    assertThat(Cli.run("hlog", "--output", hlog.toString(), gz.toString()).code()).isZero();
    assertThat(Files.readString(hlog)).contains("#[StartTime: ");
  }

  /** The targets a run must not write: refused before the read, left as they were. */
  @Test
  void badOutputsAreRefusedByEveryWritingCommand() throws IOException {
    Path log = Path.of(GC_LOG);
    Path sub = Files.createDirectory(dir.resolve("sub"));
    Map<String, String> targets = new java.util.LinkedHashMap<>();
    targets.put(sub.toString(), "is a directory");
    targets.put(dir.resolve("missing/r.out").toString(),
        "cannot be written: no such directory " + dir.resolve("missing"));
    targets.put(GC_LOG, "is also an input of this run: writing it would replace that log; choose"
        + " another file");
    Path socket = dir.resolve("s.sock"); // a file name, but nothing a run can write into
    java.nio.channels.ServerSocketChannel listening = null;
    try {
      listening = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)
          .bind(java.net.UnixDomainSocketAddress.of(socket));
      targets.put(socket.toString(), "is a socket: write to a file, a device or a FIFO");
    } catch (IOException | UnsupportedOperationException e) {
      // no UNIX sockets here: not tested
    }
    // U+FFFD, where the system's encoding could not decode the name's bytes: written as given,
    // the output would be another file, named with the three bytes of U+FFFD
    targets.put(dir.resolve("o\uFFFD.out").toString(), "cannot be written: the name holds bytes"
        + " that are not valid " + System.getProperty("sun.jnu.encoding") + " (shown as \uFFFD),"
        + " which Java cannot pass to the system: it would be written under another name; choose"
        + " a name of valid " + System.getProperty("sun.jnu.encoding"));
    if (!OutputsNeverDestroyedTest.ROOT) {
      Path readOnly = Files.createDirectory(dir.resolve("read-only"));
      Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
      targets.put(readOnly.resolve("r.out").toString(),
          "cannot be written: permission denied in " + readOnly);
    }
    byte[] before = Files.readAllBytes(log);
    for (String option : WRITERS) {
      for (Map.Entry<String, String> target : targets.entrySet()) {
        List<String> args = writing(option, target.getKey(), log.toString(), Path.of(SLA));
        if (option.equals("hlog --rejects")) {
          args.set(args.indexOf("--output") + 1, dir.resolve("x.hlog").toString());
        }
        Cli.Result r = run(args);
        assertThat(r.code()).as(args + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.err()).as(args.toString())
            .isEqualTo("tardy: " + target.getKey() + ": " + target.getValue() + "\n");
      }
    }
    assertThat(Files.readAllBytes(log)).isEqualTo(before);
    if (listening != null) {
      listening.close();
    }
    try (var left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString()).sorted().toList())
          .as("nothing written beside them").isSubsetOf("sub", "read-only", "s.sock");
    }
  }

  /** Every option that names a file a run writes, by the commands that have it. */
  static final List<String> WRITERS = List.of("report --output", "report --rejects",
      "check --output", "check --rejects", "hlog --output", "hlog --rejects");

  /** {@code writer} writing {@code target} from {@code input}, with what else it needs. */
  static List<String> writing(String writer, String target, String input, Path sla) {
    List<String> args = new ArrayList<>(List.of(writer.split(" ")));
    args.add(target);
    if (writer.startsWith("check")) {
      args.addAll(List.of("--requirements", sla.toString()));
    }
    if (writer.equals("hlog --rejects")) { // hlog always writes its .hlog too
      args.addAll(List.of("--output", input + ".hlog"));
    }
    args.add(input);
    return args;
  }

  /**
   * No option that writes may name a file the run reads: its logs and its requirements file,
   * named as they are, through a symbolic link, a hard link or a path with a detour; each
   * refused before the read, left as it was.
   */
  @Test
  void noOutputEverReplacesAFileTheRunReads() throws IOException {
    Path log = Files.copy(Path.of(GC_LOG), dir.resolve("gc.log"));
    Path sla = Files.copy(Path.of(SLA), dir.resolve("sla.yaml"));
    Files.createDirectory(dir.resolve("sub"));
    byte[] logBytes = Files.readAllBytes(log);
    byte[] slaBytes = Files.readAllBytes(sla);
    for (String writer : WRITERS) {
      List<Path> read = writer.startsWith("check") ? List.of(log, sla) : List.of(log);
      for (Path file : read) {
        String name = file.getFileName().toString();
        Path symbolic = dir.resolve("sym-" + name);
        Path hard = dir.resolve("hard-" + name);
        Files.deleteIfExists(symbolic);
        Files.deleteIfExists(hard);
        Files.createSymbolicLink(symbolic, file.getFileName());
        Files.createLink(hard, file);
        for (Path target : List.of(file, symbolic, hard, dir.resolve("sub/../" + name))) {
          List<String> args = writing(writer, target.toString(), log.toString(), sla);
          Cli.Result r = run(args);
          assertThat(r.code()).as(args + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
          assertThat(r.err()).as(args.toString()).isEqualTo("tardy: " + target + ": "
              + (file.equals(sla) ? "is the requirements file of this run: writing it would"
                  + " replace it; choose another file\n"
                  : "is also an input of this run: writing it would replace that log; choose"
                      + " another file\n"));
        }
        assertThat(Files.isSymbolicLink(symbolic)).isTrue();
      }
    }
    assertThat(Files.readAllBytes(log)).isEqualTo(logBytes);
    assertThat(Files.readAllBytes(sla)).isEqualTo(slaBytes);
    assertThat(dir.resolve("gc.log.hlog")).doesNotExist();
  }

  /**
   * Standard input that is a regular file ({@code tardy report - --output a.log < a.log}) is
   * that file: no option that writes may name it, by its name or as {@code /dev/stdin}.
   */
  @Test
  void standardInputFromAFileIsNeverWrittenOver() throws Exception {
    assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "no /proc here: standard input's"
        + " file is found on a best-effort basis elsewhere, and not tested");
    Path log = Files.copy(Path.of(GC_LOG), dir.resolve("gc.log"));
    Path sla = Files.copy(Path.of(SLA), dir.resolve("sla.yaml"));
    byte[] before = Files.readAllBytes(log);
    List<List<String>> runs = new ArrayList<>();
    for (String writer : WRITERS) {
      runs.add(writing(writer, log.toString(), "-", sla));
    }
    runs.add(writing("report --output", "/dev/stdin", "-", sla));
    runs.add(writing("report --rejects", "/proc/self/fd/0", "-", sla));
    for (List<String> args : runs) {
      if (args.contains("-.hlog")) {
        args.set(args.indexOf("-.hlog"), dir.resolve("out.hlog").toString());
      }
      ProcessBuilder pb = Cli.process("256m", args.toArray(String[]::new))
          .redirectInput(log.toFile());
      Cli.Result r = OutputsNeverDestroyedTest.finish(pb.start());
      String target = args.get(2);
      assertThat(r.code()).as(args + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).as(args.toString()).isEqualTo("tardy: " + target + ": is also an input"
          + " of this run (standard input is that file): writing it would replace that log;"
          + " choose another file\n");
      assertThat(Files.readAllBytes(log)).as(args.toString()).isEqualTo(before);
    }
    // a pipe is no file: the same run with the log piped in writes its report
    Path out = dir.resolve("r.txt");
    Cli.Result piped = Cli.run(before, "report", "-", "--output", out.toString());
    assertThat(piped.code()).as(piped.err()).isZero();
    assertThat(Files.readString(out)).isNotEmpty();
  }

  /**
   * Standard input that is a regular file also named as an input ({@code tardy report gc.log - <
   * gc.log}, or through a link) would be read twice, each line counted twice: refused, as a file
   * named twice is. Piped in, the same bytes are another stream, and counted once more by design.
   */
  @Test
  void standardInputThatIsANamedFileIsRefused() throws Exception {
    assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "no /proc here: standard input's"
        + " file is found on a best-effort basis elsewhere, and not tested");
    Path log = Files.copy(Path.of(GC_LOG), dir.resolve("gc.log"));
    Path link = Files.createSymbolicLink(dir.resolve("current.log"), log);
    for (String[] args : new String[][] {
        {"report", log.toString(), "-"}, {"check", "-", link.toString(), "--requirements", SLA},
        {"hlog", "-o", dir.resolve("out.hlog").toString(), "-", log.toString()}}) {
      Cli.Result r = OutputsNeverDestroyedTest.finish(
          Cli.process("256m", args).redirectInput(log.toFile()).start());
      String named = args[0].equals("check") ? link.toString() : log.toString();
      assertThat(r.code()).as(List.of(args) + ": " + r.err()).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).as(List.of(args).toString()).isEqualTo("tardy: -: standard input is "
          + named + " again (the same file): it would be read twice and each of its lines"
          + " counted twice; name it once\n");
    }
    assertThat(dir.resolve("out.hlog")).doesNotExist();
    // another file on standard input is read beside the named one
    Path other = Files.copy(Path.of(GC_LOG), dir.resolve("other.log"));
    Cli.Result two = OutputsNeverDestroyedTest.finish(Cli.process("256m", "report", "--format",
        "json", log.toString(), "-").redirectInput(other.toFile()).start());
    assertThat(two.code()).as(two.err()).isZero();
  }

  /**
   * A path through a symbolic link to a directory and then {@code ..} leads where the system's
   * resolution leads ({@code ..} of the link's target), never where a lexical shortcut would.
   */
  @Test
  void everyOutputGoesWhereTheSystemResolvesItsPath() throws IOException {
    Path log = Files.copy(Path.of(GC_LOG), dir.resolve("gc.log"));
    Path sla = Files.copy(Path.of(SLA), dir.resolve("sla.yaml"));
    Path deep = Files.createDirectories(dir.resolve("d/e"));
    Files.createSymbolicLink(dir.resolve("a"), deep);
    for (String writer : WRITERS) {
      String name = writer.replace(' ', '_') + ".out";
      Path given = dir.resolve("a/../" + name);
      List<String> args = writing(writer, given.toString(), log.toString(), sla);
      Cli.Result r = run(args);
      assertThat(r.code()).as(args + ": " + r.err()).isIn(ExitCodes.OK, ExitCodes.BUDGET_FAILED);
      assertThat(dir.resolve("d").resolve(name)).as(args.toString()).exists();
      assertThat(dir.resolve(name)).as(args.toString()).doesNotExist();
      assertThat(Files.isSameFile(given, dir.resolve("d").resolve(name))).isTrue();
    }
  }

  /** A replaced file keeps its mode, and its owner and group where the user may keep them. */
  @Test
  void everyReplacedOutputKeepsItsModeAndOwner() throws IOException {
    Path log = Files.copy(Path.of(GC_LOG), dir.resolve("gc.log"));
    Path sla = Files.copy(Path.of(SLA), dir.resolve("sla.yaml"));
    java.nio.file.attribute.UserPrincipalLookupService users =
        dir.getFileSystem().getUserPrincipalLookupService();
    java.nio.file.attribute.UserPrincipal nobody = null;
    if (OutputsNeverDestroyedTest.ROOT) {
      try {
        nobody = users.lookupPrincipalByName("nobody");
      } catch (IOException e) {
        // no such user here: the owner is not tested
      }
    }
    for (String mode : List.of("rw-------", "rw-r-----", "rwxr-x---")) {
      for (String writer : WRITERS) {
        Path target = Files.writeString(dir.resolve(writer.replace(' ', '_') + ".out"), "old\n");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString(mode));
        if (nobody != null) {
          Files.setOwner(target, nobody);
        }
        List<String> args = writing(writer, target.toString(), log.toString(), sla);
        Cli.Result r = run(args);
        assertThat(r.code()).as(args + ": " + r.err()).isIn(ExitCodes.OK, ExitCodes.BUDGET_FAILED);
        assertThat(Files.readString(target)).as(args.toString()).isNotEqualTo("old\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target)))
            .as(args.toString()).isEqualTo(mode);
        if (nobody != null) {
          assertThat(Files.getOwner(target)).as(args.toString()).isEqualTo(nobody);
        }
      }
    }
  }

  /**
   * A name as long as a directory allows (255 bytes) is written, its temporary name short; one
   * byte longer is refused before the read (the missing input would be named otherwise).
   */
  @Test
  void theLongestNameIsWrittenAndALongerOneRefusedBeforeTheRead() throws IOException {
    Path log = Files.copy(Path.of(GC_LOG), dir.resolve("gc.log"));
    Path sla = Files.copy(Path.of(SLA), dir.resolve("sla.yaml"));
    for (String writer : WRITERS) {
      for (int length : new int[] {237, 250, 255}) {
        String name = (writer.replace(' ', '_') + "-" + length + "-").repeat(30).substring(0, length);
        Path target = dir.resolve(name);
        List<String> args = writing(writer, target.toString(), log.toString(), sla);
        if (writer.equals("hlog --rejects")) {
          args.set(args.indexOf("--output") + 1, dir.resolve("x.hlog").toString());
        }
        Cli.Result r = run(args);
        assertThat(r.code()).as(writer + " " + length + ": " + r.err())
            .isIn(ExitCodes.OK, ExitCodes.BUDGET_FAILED);
        assertThat(target).as(writer + " " + length).exists();
      }
      Path tooLong = dir.resolve("y".repeat(256));
      String missing = dir.resolve("missing.log").toString();
      List<String> args = writing(writer, tooLong.toString(), missing, sla);
      if (writer.equals("hlog --rejects")) {
        args.set(args.indexOf("--output") + 1, dir.resolve("x.hlog").toString());
      }
      Cli.Result r = run(args);
      assertThat(r.code()).as(writer).isEqualTo(ExitCodes.USER_ERROR);
      assertThat(r.err()).as(writer)
          .isEqualTo("tardy: " + tooLong + ": cannot be written: File name too long\n");
    }
    try (var left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")))
          .isEmpty();
    }
  }
}
