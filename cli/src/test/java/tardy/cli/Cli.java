package tardy.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Runs the whole CLI in memory: standard input, output and error captured. */
final class Cli {

  record Result(int code, String out, String err) {}

  private Cli() {}

  static Result run(byte[] stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Tardy.run(new Streams(new ByteArrayInputStream(stdin), out,
        new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), () -> false), args);
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** A command's arguments: {@code head} (the command and its options), then {@code tail}. */
  static String[] args(List<String> head, List<String> tail) {
    List<String> all = new ArrayList<>(head);
    all.addAll(tail);
    return all.toArray(String[]::new);
  }

  static Result run(String... args) {
    return run(new byte[0], args);
  }

  /** The JSON document of a run that must end with exit code 0. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> json(String... args) {
    Result r = run(args);
    org.assertj.core.api.Assertions.assertThat(r.code()).as(r.err()).isZero();
    return (Map<String, Object>) JsonLines.document(r.out());
  }

  /** Runs tardy in a JVM of its own with the given heap, for what only a fresh process shows. */
  static Result fork(String maxHeap, String... args) throws Exception {
    Process p = process(maxHeap, args).start();
    CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("tardy " + String.join(" ", args) + " did not end in 120 s");
    }
    return new Result(p.exitValue(), new String(out.get(), StandardCharsets.UTF_8), err);
  }

  /**
   * The command line of tardy in a JVM of its own, to start as the test needs: with the launcher's
   * JVM options (its collector decides what fits in a heap: the parallel collector's old
   * generation is two thirds of it), then the given heap.
   */
  static ProcessBuilder process(String maxHeap, String... args) {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(launcherOptions());
    command.addAll(List.of("-Xmx" + maxHeap,
        "-cp", System.getProperty("java.class.path"), Tardy.class.getName()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command);
  }

  /** The JVM options bin/tardy runs with when TARDY_JAVA_OPTS is not set. */
  static List<String> launcherOptions() {
    String launcher;
    try {
      launcher = java.nio.file.Files.readString(
          Path.of("..").toAbsolutePath().normalize().resolve("bin/tardy"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String start = "opts=\"${TARDY_JAVA_OPTS:-";
    int from = launcher.indexOf(start);
    if (from < 0) {
      throw new AssertionError("bin/tardy names no default JVM options");
    }
    from += start.length();
    return List.of(launcher.substring(from, launcher.indexOf('}', from)).split(" "));
  }

  private static byte[] readAll(InputStream in) {
    try {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
