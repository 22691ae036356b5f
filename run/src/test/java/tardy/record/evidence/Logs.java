package tardy.record.evidence;

import tardy.analysis.Analyzer;

import tardy.analysis.findings.Finding;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import tardy.analysis.Analysis;
import tardy.record.grouping.Grouping;
import tardy.run.Pipeline;
import tardy.record.Recorder;
import tardy.record.Result;
import tardy.events.Corpus;
import tardy.events.input.Input;
import tardy.events.input.LineReader;

/**
 * The logs the findings are tested on, read two ways: through tardy, and line by line with plain
 * string searches that share nothing with tardy's parsers (the truth to compare with).
 */
public final class Logs {

  private Logs() {}

  /** A log written here by make-logs.sh (test resources). */
  public static Path resource(String name) {
    try {
      return Path.of(Logs.class.getResource("/findings/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A log of the shared corpus; skips the test when the corpus is absent. */
  public static Path corpus(String path) {
    Path file = Corpus.require("jvm").resolve(path);
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(file), file + " not in the corpus");
    return file;
  }

  /** The analysis tardy makes of these files, read by {@code threads} in parts from 1 KiB. */
  public static Analysis analyze(int threads, Path... files) {
    Pipeline.Options options = new Pipeline.Options(Optional.empty(), threads,
        LineReader.DEFAULT_MAX_LINE_BYTES, null).withMinChunkBytes(1024);
    List<Input> inputs = new ArrayList<>();
    for (Path f : files) {
      inputs.add(Input.file(f));
    }
    return Analyzer.analyze("tardy test", new Pipeline(options)
        .run(inputs, Result.Spec.report(Grouping.DEFAULT, Recorder.DEFAULT_MAX_GROUPS)));
  }

  public static Analysis analyze(Path... files) {
    return analyze(1, files);
  }

  public static Optional<Finding> finding(Analysis a, Signature signature) {
    return a.findings().stream().filter(f -> f.signature() == signature).findFirst();
  }

  /** One safepoint as the log prints it, found by string search. */
  record Safepoint(long line, String operation, long totalNanos, long ttspNanos, long uptimeMillis,
      String wallStamp) {

    boolean ttspDominates() {
      return ttspNanos >= 1_000_000 && ttspNanos > totalNanos - ttspNanos;
    }
  }

  /**
   * Every safepoint of a log: JDK 13+ lines ({@code Safepoint "Op", ... Reaching safepoint: N ns,
   * ... Total: N ns}) and JDK 6-12 stopped-time lines ({@code Total time for which application
   * threads were stopped: S seconds, Stopping threads took: S seconds}), the 9-12 operation from
   * the {@code Entering safepoint region:} line before.
   */
  public static List<Safepoint> safepoints(Path file) {
    List<Safepoint> out = new ArrayList<>();
    String entering = "";
    long n = 0;
    try (BufferedReader r = reader(file)) {
      for (String line; (line = r.readLine()) != null; ) {
        n++;
        int at = line.indexOf("Entering safepoint region: ");
        if (at >= 0) {
          entering = line.substring(at + "Entering safepoint region: ".length()).trim();
        }
        if (line.contains("Reaching safepoint: ") && line.contains(" Safepoint \"")) {
          String op = between(line, "Safepoint \"", "\"");
          out.add(new Safepoint(n, op, Long.parseLong(between(line, "Total: ", " ns")),
              Long.parseLong(between(line, "Reaching safepoint: ", " ns")), uptime(line),
              wall(line)));
        } else if (line.contains("Total time for which application threads were stopped: ")) {
          long total = seconds(between(line, "stopped: ", " seconds"));
          long ttsp = line.contains("Stopping threads took: ")
              ? seconds(between(line, "Stopping threads took: ", " seconds")) : -1;
          out.add(new Safepoint(n, entering, total, ttsp, uptime(line), wall(line)));
          entering = "";
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  public static BufferedReader reader(Path file) throws IOException {
    InputStream in = Files.newInputStream(file);
    if (file.toString().endsWith(".gz")) {
      in = new GZIPInputStream(in);
    }
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1));
  }

  public static String between(String line, String before, String after) {
    int from = line.indexOf(before) + before.length();
    return line.substring(from, line.indexOf(after, from));
  }

  public static long seconds(String text) {
    return new BigDecimal(text.replace(',', '.')).movePointRight(9).longValueExact();
  }

  /** The {@code [12.345s]} uptime decorator in milliseconds, or -1. */
  public static long uptime(String line) {
    for (int at = line.indexOf('['); at >= 0; at = line.indexOf('[', at + 1)) {
      int end = line.indexOf(']', at);
      String d = end < 0 ? "" : line.substring(at + 1, end);
      if (d.matches("[0-9]+[.,][0-9]+s")) {
        return new BigDecimal(d.substring(0, d.length() - 1).replace(',', '.'))
            .movePointRight(3).longValue();
      }
    }
    return -1;
  }

  public static String wall(String line) {
    return line.startsWith("[20") ? line.substring(1, line.indexOf(']')) : "";
  }
}
