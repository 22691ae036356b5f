import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Runs {@code tardy report --format F --threads N FILE} in one JVM for every file listed on
 * stdin, N in 1 and 2 and F in the formats of $FORMATS (default json), each output (exit code,
 * stdout, stderr) into OUTDIR/NNNN-tN.txt (NNNN-F-tN.txt for a format other than json): the jar
 * on the class path decides which tardy runs. Compare two OUTDIRs with diff -r.
 * Usage: [FORMATS="json table html"] java -cp tardy.jar bench/same-output/SameOutput.java OUTDIR < files
 */
public final class SameOutput {

  public static void main(String[] args) throws Exception {
    Path out = Files.createDirectories(Path.of(args[0]));
    List<String> files = new String(System.in.readAllBytes(), StandardCharsets.UTF_8).lines()
        .filter(l -> !l.isBlank()).toList();
    String[] formats = System.getenv().getOrDefault("FORMATS", "json").trim().split("\\s+");
    int i = 0;
    for (String file : files) {
      for (String format : formats) {
        for (String threads : new String[] {"1", "2"}) {
          String name = format.equals("json") ? String.format(java.util.Locale.ROOT,
              "%04d-t%s.txt", i, threads) : String.format(java.util.Locale.ROOT, "%04d-%s-t%s.txt",
              i, format, threads);
          Files.writeString(out.resolve(name), report(file, format, threads),
              StandardCharsets.UTF_8);
        }
      }
      i++;
    }
  }

  /** The exit code, stdout and stderr of one report. */
  private static String report(String file, String format, String threads) throws Exception {
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    Object streams = streams(stdout, new PrintStream(stderr, true, StandardCharsets.UTF_8));
    int code = (int) Class.forName("tardy.cli.Tardy")
        .getMethod("run", streams.getClass(), String[].class)
        .invoke(null, streams, new String[] {"report", "--format", format, "--threads", threads,
            file});
    return "file " + file + "\nexit " + code + "\n--- stdout\n"
        + stdout.toString(StandardCharsets.UTF_8) + "\n--- stderr\n"
        + stderr.toString(StandardCharsets.UTF_8);
  }

  private static Object streams(ByteArrayOutputStream out, PrintStream err) throws Exception {
    Class<?> streams = Class.forName("tardy.cli.Streams");
    java.util.function.BooleanSupplier notTerminal = () -> false;
    return streams.getConstructors()[0].newInstance(InputStream.nullInputStream(), out, err,
        Map.of(), notTerminal);
  }
}
