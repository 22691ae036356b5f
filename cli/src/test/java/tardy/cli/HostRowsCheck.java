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

  /** The {@code host=} partitions of a table, by name. */
  static List<String> hostPartitions(Path table) throws IOException {
    try (Stream<Path> parts = Files.list(table)) {
      return parts.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("host="))
          .sorted().toList();
    }
  }

  /**
   * Writes {@code log}'s table with {@code --threads} 1, 2 and 4 (into {@code dir/t1}, …), each
   * with exactly {@code partitions} and the same files, and returns the first.
   */
  static Path sameTableWhateverTheThreads(Path dir, Path log, List<String> options,
      String... partitions) throws IOException {
    Map<String, String> written = null;
    for (String threads : List.of("1", "2", "4")) {
      Path table = dir.resolve("t" + threads);
      List<String> args = new ArrayList<>(List.of("report"));
      args.addAll(options);
      args.addAll(List.of("--threads", threads, "--table", table.toString(), log.toString()));
      Cli.Result r = Cli.run(args.toArray(String[]::new));
      assertThat(r.code()).as(r.err()).isZero();
      if (partitions.length > 0) {
        assertThat(hostPartitions(table)).containsExactly(partitions);
      }
      Map<String, String> files = files(table);
      if (written == null) {
        written = files;
      } else {
        assertThat(files).as("--threads " + threads).isEqualTo(written);
      }
    }
    return dir.resolve("t1");
  }

  /** {@code report --fleet host} of a table ranks {@code host} first. */
  static void fleetRanksFirst(Path table, String host) {
    Cli.Result fleet = Cli.run("report", "--fleet", "host", table.toString());
    assertThat(fleet.code()).as(fleet.err()).isZero();
    assertThat(fleet.out().substring(fleet.out().indexOf("Fleet by host")).lines().skip(3)
        .findFirst().orElseThrow()).startsWith(host + " ");
  }
}
