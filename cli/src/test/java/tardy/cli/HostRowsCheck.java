package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** What the per-host table tests read back: reports' JSON, a table's files, a host's totals. */
final class HostRowsCheck {

  private HostRowsCheck() {}

  /** A successful run's JSON document. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> json(Cli.Result r) {
    assertThat(r.code()).as(r.err()).isZero();
    return (Map<String, Object>) JsonLines.document(r.out());
  }

  /** The first family's total. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> total(Map<String, Object> doc) {
    Object totals = doc.get("totals");
    return totals instanceof List<?> list ? (Map<String, Object>) list.get(0)
        : (Map<String, Object>) totals;
  }

  /** The total of one family. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> total(Map<String, Object> doc, String family) {
    return ((List<Map<String, Object>>) doc.get("totals")).stream()
        .filter(t -> family.equals(t.get("family"))).findFirst().orElseThrow();
  }

  /** Each group's and the total's count, maximum and percentiles: what a table keeps exactly. */
  @SuppressWarnings("unchecked")
  static String latencies(Map<String, Object> doc) {
    StringBuilder s = new StringBuilder();
    List<Map<String, Object>> all = new ArrayList<>((List<Map<String, Object>>) doc.get("groups"));
    all.add(total(doc));
    for (Map<String, Object> g : all) {
      s.append(g.get("key")).append(' ').append(g.get("count")).append(' ')
          .append(g.get("max_ns")).append(' ').append(g.get("percentiles_ns")).append('\n');
    }
    return s.toString();
  }

  /** Every file of a table, by its path inside it, with its bytes. */
  static Map<String, String> files(Path table) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(table)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        files.put(table.relativize(p).toString(), Arrays.toString(Files.readAllBytes(p)));
      }
    }
    return files;
  }

  /**
   * The host's total read from its rows against a sort of the latencies generated for it (ms):
   * the count and maximum exactly, the p99 within HdrHistogram's 0.1 %.
   */
  static void totalIsTheSorts(Map<String, Object> fromTable, String host, List<Long> generatedMs) {
    List<Long> sorted = new ArrayList<>(generatedMs);
    sorted.sort(null);
    Map<String, Object> t = total(fromTable);
    assertThat(((Number) t.get("count")).longValue()).as(host).isEqualTo(sorted.size());
    long exact = sorted.get((int) Math.ceil(0.99 * sorted.size()) - 1) * 1_000_000L;
    long p99 = ((Number) ((Map<?, ?>) t.get("percentiles_ns")).get("99")).longValue();
    assertThat((double) Math.abs(p99 - exact)).as(host + " p99").isLessThanOrEqualTo(
        exact * 0.001);
    assertThat(((Number) t.get("max_ns")).longValue()).as(host + " max")
        .isEqualTo(sorted.get(sorted.size() - 1) * 1_000_000L);
  }
}
