package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/**
 * The JVM runs' heap figures in the CSV are JSON's {@code heap}, figure for figure, on every GC
 * log of the samples and the corpus that has them; logs without them keep the CSV as it was.
 */
class HeapCsvCliTest {

  private static final Path ROOT = Path.of("..");
  private static final Path CORPUS = ROOT.resolve(Path.of("..", "shared", "corpus", "jvm"));

  @Test
  void everyRunsRowHoldsItsJsonFigures() throws IOException {
    List<Path> logs = new ArrayList<>(MutatedLinesCliTest.samples("gc-"));
    logs.addAll(MutatedLinesCliTest.samples("access-")); // no pause, so no heap
    boolean corpus = Files.isDirectory(CORPUS); // a checkout beside the corpus: hundreds more logs
    if (corpus) {
      logs.addAll(MutatedLinesCliTest.corpusFiles(CORPUS));
    }
    int runs = 0;
    int withGenerations = 0;
    int withoutHeap = 0;
    for (Path log : logs) {
      Cli.Result json = Cli.run("report", "--format", "json", log.toString());
      Cli.Result csv = Cli.run("report", "--format", "csv", log.toString());
      assertThat(csv.code()).as(log.toString()).isEqualTo(json.code());
      if (json.code() != 0) {
        continue;
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> doc = (Map<String, Object>) JsonLines.document(json.out());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> heap = (List<Map<String, Object>>) doc.getOrDefault("heap",
          List.of());
      List<CSVRecord> rows = parse(csv.out());
      boolean columns = !rows.isEmpty() && rows.get(0).isMapped("heap_row");
      assertThat(columns).as(log + ": heap columns only with heap runs").isEqualTo(!heap.isEmpty());
      if (heap.isEmpty()) {
        withoutHeap++;
        continue;
      }
      List<CSVRecord> heapRows = rows.stream().filter(r -> r.get("heap_row").equals("run"))
          .toList();
      assertThat(heapRows).as(log.toString()).hasSameSizeAs(heap);
      for (int i = 0; i < heap.size(); i++) {
        Map<String, Object> run = heap.get(i);
        CSVRecord row = heapRows.get(i);
        for (String column : HEAP_COLUMNS) {
          assertThat(row.get(column)).as(log + " run " + (i + 1) + " " + column)
              .isEqualTo(cell(json(run, column)));
        }
        assertThat(row.get("family")).isEqualTo("gc-pause");
        assertThat(row.get("key")).isEmpty();
        runs++;
        withGenerations += run.containsKey("generations") ? 1 : 0;
      }
      for (CSVRecord r : rows) { // the usual rows leave the heap's cells empty
        if (!r.get("heap_row").equals("run")) {
          assertThat(r.get("heap_run")).isEmpty();
        }
      }
    }
    assertThat(runs).as("runs compared").isGreaterThan(corpus ? 50 : 5);
    assertThat(withGenerations).as("runs with generations").isGreaterThan(corpus ? 10 : 0);
    assertThat(withoutHeap).as("logs without heap").isGreaterThan(corpus ? 10 : 0);
  }

  /** Each heap column, in the order the CSV writes them. */
  private static final List<String> HEAP_COLUMNS = List.of("heap_run", "heap_clock",
      "heap_first_ms", "heap_last_ms", "heap_gc_pauses", "heap_paused_ns", "heap_throughput",
      "heap_worst_minute_start_ms", "heap_worst_minute_throughput",
      "heap_worst_10_minutes_start_ms", "heap_worst_10_minutes_throughput", "heap_transitions",
      "heap_after_min_bytes", "heap_after_max_bytes", "heap_after_last_bytes",
      "heap_capacity_max_bytes", "heap_allocated_bytes", "heap_allocation_ms",
      "heap_allocation_bytes_per_second", "heap_live_set_after", "heap_live_set_collections",
      "heap_live_set_first_bytes", "heap_live_set_last_bytes",
      "heap_live_set_trend_bytes_per_second", "heap_live_set_growing",
      "heap_generations_pauses", "heap_young_after_max_bytes", "heap_old_after_min_bytes",
      "heap_old_after_max_bytes", "heap_old_after_last_bytes", "heap_young_collections",
      "heap_promoted_bytes", "heap_promotion_ms", "heap_promotion_bytes_per_second",
      "heap_old_floor_after", "heap_old_floor_collections", "heap_old_floor_first_bytes",
      "heap_old_floor_last_bytes", "heap_old_floor_trend_bytes_per_second",
      "heap_old_floor_growing", "heap_metaspace_after_first_bytes",
      "heap_metaspace_after_max_bytes", "heap_metaspace_after_last_bytes", "heap_full",
      "heap_mixed", "heap_humongous", "heap_evacuation_failed", "heap_promotion_failed",
      "heap_concurrent_mode_failure");

  /** The JSON value a column shows, null where the JSON has none. */
  @SuppressWarnings("unchecked")
  private static Object json(Map<String, Object> run, String column) {
    boolean wall = run.containsKey("first_ms");
    String at = wall ? "_ms" : "_uptime_ms";
    String name = column.substring("heap_".length());
    Map<String, Object> generations = (Map<String, Object>) run.get("generations");
    switch (name) {
      case "clock":
        return wall ? "wall" : "uptime";
      case "first_ms":
        return run.get("first" + at);
      case "last_ms":
        return run.get("last" + at);
      case "generations_pauses":
        return generations == null ? null : generations.get("pauses");
      default:
        break;
    }
    for (String nested : List.of("worst_minute", "worst_10_minutes", "live_set", "old_floor",
        "metaspace")) {
      if (name.startsWith(nested + "_")) {
        Map<String, Object> in = (Map<String, Object>) (nested.equals("old_floor")
            ? (generations == null ? null : generations.get("old_floor")) : run.get(nested));
        String key = name.substring(nested.length() + 1).replace("start_ms", "start" + at);
        return in == null ? null : in.get(key);
      }
    }
    if (List.of("full", "mixed", "humongous", "evacuation_failed", "promotion_failed",
        "concurrent_mode_failure").contains(name)) {
      return ((Map<String, Object>) run.get("collections")).get(name);
    }
    if (run.containsKey(name)) {
      return run.get(name);
    }
    return generations == null ? null : generations.get(name);
  }

  /** How the CSV writes a JSON value: numbers plain, absent empty. */
  private static String cell(Object value) {
    if (value == null) {
      return "";
    }
    if (value instanceof Double d) {
      return BigDecimal.valueOf(d).toPlainString();
    }
    if (value instanceof Number n) {
      return new BigDecimal(n.toString()).toPlainString();
    }
    return value.toString();
  }

  private static List<CSVRecord> parse(String text) throws IOException {
    try (CSVParser p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get()
        .parse(new StringReader(text))) {
      return p.getRecords();
    }
  }
}
