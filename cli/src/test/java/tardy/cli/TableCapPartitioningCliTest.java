package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static tardy.cli.HostRowsCheck.json;
import static tardy.cli.HostRowsCheck.latencies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The group cap and {@code (other)} of a table are decided on the whole run, whatever its
 * partitioning: a host whose own busiest operation is not among the run's busiest keeps it in
 * {@code (other)}, and the same logs written as one partition or as one per host roll up alike.
 */
class TableCapPartitioningCliTest {

  /** Busy on every host: the whole run's three kept. */
  private static final String[] SHARED = {"/cart", "/search", "/orders"};
  /** Each host's own, its busiest there, rarer than every shared one over the run. */
  private static final String[] OWN = {"/a-only", "/b-only", "/c-only"};

  @TempDir Path dir;

  private List<Path> logs(Path root, boolean hostDirectories) throws IOException {
    Random random = new Random(331);
    List<Path> logs = new ArrayList<>();
    for (int h = 0; h < OWN.length; h++) {
      Path log = root.resolve(hostDirectories ? "host=h" + h + "/access.log"
          : "h" + h + "-access.log");
      Files.createDirectories(log.getParent());
      StringBuilder lines = new StringBuilder();
      for (int i = 0; i < 600; i++) {
        // per host: its own 200, each shared 133; over the run a shared one has 400
        String path = i % 3 == 0 ? OWN[h] : SHARED[i / 3 % SHARED.length];
        long ms = 1 + random.nextInt(400);
        lines.append(String.format(Locale.ROOT, "10.0.0.%d - - [27/Nov/2026:10:%02d:%02d +0000]"
            + " \"GET %s HTTP/1.1\" 200 512 \"-\" \"curl/8\" %d.%03d%n", h, i / 60, i % 60, path,
            ms / 1000, ms % 1000));
      }
      Files.writeString(log, lines);
      logs.add(log);
    }
    return logs;
  }

  private static Cli.Result run(List<String> options, List<Path> logs) {
    List<String> args = new ArrayList<>(options);
    logs.forEach(l -> args.add(l.toString()));
    return Cli.run(args.toArray(String[]::new));
  }

  @SuppressWarnings("unchecked")
  private static TreeSet<String> names(Map<String, Object> doc) {
    TreeSet<String> names = new TreeSet<>();
    for (Map<String, Object> g : (List<Map<String, Object>>) doc.get("groups")) {
      names.add((String) g.get("key"));
    }
    return names;
  }

  @Test
  void theCapIsTheWholeRunsInEveryPartition() throws IOException {
    List<Path> perHost = logs(dir.resolve("per-host"), true);
    List<Path> flat = logs(dir.resolve("flat"), false);
    List<String> cap = List.of("--max-operations", "3");
    Path partitioned = dir.resolve("t-partitioned");
    Path whole = dir.resolve("t-whole");
    List<String> write = new ArrayList<>(List.of("report"));
    write.addAll(cap);
    write.add("--table");
    Cli.Result a = run(cat(write, partitioned.toString()), perHost);
    Cli.Result b = run(cat(write, whole.toString()), flat);
    assertThat(a.code()).as(a.err()).isZero();
    assertThat(b.code()).as(b.err()).isZero();
    assertThat(HostRowsCheck.hostPartitions(partitioned)).containsExactly("host=h0", "host=h1",
        "host=h2");
    TreeSet<String> kept = new TreeSet<>(List.of("GET /cart", "GET /search", "GET /orders",
        "(other)"));
    for (int h = 0; h < OWN.length; h++) {
      Map<String, Object> host = json(Cli.run("report", "--format", "json", "--where",
          "host=h" + h, partitioned.toString()));
      assertThat(names(host)).as("h" + h + ": its own busiest folds into (other)")
          .isEqualTo(kept);
    }
    Map<String, Object> logsRead = json(run(cat(cat(List.of("report", "--format", "json"),
        cap.get(0)), cap.get(1)), flat));
    assertThat(names(logsRead)).isEqualTo(kept);
    String rolledUp = latencies(json(Cli.run("report", "--format", "json",
        partitioned.toString())));
    assertThat(rolledUp).isEqualTo(latencies(json(Cli.run("report", "--format", "json",
        whole.toString()))));
    assertThat(rolledUp).isEqualTo(latencies(logsRead));
  }

  private static List<String> cat(List<String> list, String more) {
    List<String> all = new ArrayList<>(list);
    all.add(more);
    return all;
  }
}
