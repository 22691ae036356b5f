package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Logs as servers ship them, end to end: wrapped lines, a named format inside a wrapper, a log with no time. */
class WrappedAndStockLogsCliTest {

  private static List<String> lines(Path file) throws IOException {
    return Files.readAllLines(file, StandardCharsets.UTF_8);
  }

  /** The generator's combined log, each line in a CRI prefix, every third one split in two P/F parts. */
  private static Path criLog(Path dir) throws IOException {
    StringBuilder out = new StringBuilder();
    List<String> lines = lines(TardyCliTest.NGINX);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (i % 3 == 0) {
        out.append("2024-03-01T12:00:00.1Z stdout P ").append(line, 0, 20).append('\n');
        line = line.substring(20);
      }
      out.append("2024-03-01T12:00:00.2Z stdout F ").append(line).append('\n');
    }
    return Files.writeString(dir.resolve("ingress-0.log"), out);
  }

  /** The output of a run that worked. */
  private static String json(Cli.Result r) {
    assertThat(r.code()).as(r.err()).isZero();
    return r.out();
  }

  /** The first value of a key in JSON text: a string's content or a number. */
  private static String value(String json, String key) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + key + "\"\\s*:\\s*\"?([^\",\\s}]*)").matcher(json);
    assertThat(m.find()).as(key).isTrue();
    return m.group(1);
  }

  /**
   * Everything from the totals on (the groups, findings, notes), which the same requests make the
   * same, but for the file and line their slowest name.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> resultsWithoutPlaces(Object doc) {
    Map<String, Object> results = new LinkedHashMap<>();
    boolean past = false;
    for (Map.Entry<String, Object> e : ((Map<String, Object>) doc).entrySet()) {
      past |= e.getKey().equals("totals");
      if (past) {
        results.put(e.getKey(), JsonLines.withoutSlowest(e.getValue(), "source", "line"));
      }
    }
    assertThat(results).containsKeys("totals", "groups");
    return results;
  }

  @Test
  void aCriLogIsDetectedAndReadWithItsSplitLinesJoined(@TempDir Path dir) throws IOException {
    Path cri = criLog(dir);
    String plain = json(Cli.run("report", "--format", "json", TardyCliTest.NGINX.toString()));
    String wrapped = json(Cli.run("report", "--format", "json", "--threads", "3", cri.toString()));
    assertThat(value(wrapped, "format")).isEqualTo("cri+combined");
    assertThat(value(wrapped, "lines")).isEqualTo(String.valueOf(2004 + 668));
    assertThat(value(wrapped, "parsed")).isEqualTo("2004");
    assertThat(value(wrapped, "ignored")).isEqualTo("668");
    // the slowest requests name the file each run read, and the line there: a wrapped line's is
    // the line of the file its request ends on (its F part); all else about them agrees
    Object plainDoc = JsonLines.document(plain);
    Object wrappedDoc = JsonLines.document(wrapped);
    List<String> plainLines = lines(TardyCliTest.NGINX);
    List<String> criLines = lines(cri);
    for (int i = 0; i < 5; i++) {
      assertThat(JsonLines.at(wrappedDoc, "totals", 0, "slowest", i, "source")).isEqualTo(cri.toString());
      int plainLine = ((Number) JsonLines.at(plainDoc, "totals", 0, "slowest", i, "line")).intValue();
      int criLine = ((Number) JsonLines.at(wrappedDoc, "totals", 0, "slowest", i, "line")).intValue();
      assertThat(criLines.get(criLine - 1)).contains(" stdout F ").endsWith(
          plainLines.get(plainLine - 1).substring(plainLine % 3 == 1 ? 20 : 0));
    }
    assertThat(resultsWithoutPlaces(wrappedDoc)).isEqualTo(resultsWithoutPlaces(plainDoc));
  }

  @Test
  void aNamedFormatIsReadInsideTheWrapperTheLinesHave(@TempDir Path dir) throws IOException {
    Path cri = criLog(dir);
    for (String name : List.of("combined", "cri+combined")) {
      String out = json(Cli.run("report", "--log-format", name, "--format", "json", cri.toString()));
      assertThat(value(out, "format")).isEqualTo("cri+combined");
      assertThat(value(out, "parsed")).isEqualTo("2004");
    }
  }

  @Test
  void aStockCombinedLogSaysWhichFieldIsMissingAndTheLineThatAddsIt(@TempDir Path dir) throws IOException {
    Path stock = TardyCliTest.resource("/nginx-logs/stock-combined.log");
    Cli.Result r = Cli.run("report", stock.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("tardy: " + stock + ": its lines are nginx's predefined \"combined\" log_format,"
        + " which has no $request_time").contains("log_format timed '$remote_addr - $remote_user [$time_local]")
        .endsWith(" $request_time';\n").hasLineCount(1);
  }
}
