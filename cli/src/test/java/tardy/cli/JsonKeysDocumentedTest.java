package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every key tardy writes in JSON is described in docs/json-schema.md: the documents of an access
 * log, a JVM log, both on one clock, a check with intervals, the findings' logs and the template
 * list, and the lines of check --follow, as the samples give them.
 */
class JsonKeysDocumentedTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  /** A key: a quoted name before a colon; a value is followed by a comma or a bracket. */
  private static final Pattern KEY = Pattern.compile("\"([a-z_][a-z0-9_]*)\" ?:");

  @Test
  void everyKeyWrittenIsInTheSchemaDocument() throws IOException {
    String doc = Files.readString(ROOT.resolve("docs/json-schema.md"));
    String samples = ROOT.resolve("samples").toString();
    String findings = ROOT.resolve("run/src/test/resources/findings").toString();
    List<List<String>> runs = List.of(
        List.of("report", "--format", "json", samples + "/access-nginx.log"),
        List.of("report", "--format", "json", samples + "/gc-g1-jdk17.log"),
        List.of("report", "--format", "json", samples + "/timeline/g1-time/access-msec.log",
            samples + "/timeline/g1-time/jvm.log"),
        List.of("check", "--format", "json", "--interval", "5m", "--requirements",
            samples + "/shop-requirements.yaml", samples + "/shop-access.log"),
        List.of("report", "--format", "json", "--grouping", "raw", "--max-operations", "2",
            samples + "/access-nginx.log"),
        List.of("report", "--format", "json", findings + "/ttsp-counted-loop-17.log",
            findings + "/threaddump-17.log", findings + "/sys-first-touch-17.log"),
        List.of("report", "--format", "json", findings + "/zgc-stall-17.log.gz"),
        List.of("report", "--format", "json", findings + "/access/outside-backend.log",
            findings + "/access/client-closed.log"),
        List.of("report", "--templates", "--format", "json", samples + "/shop-access.log"),
        List.of("compare", "--format", "json", "--requirements", samples + "/regressions.yaml",
            "--before", samples + "/timeline/g1-time/access-combined.log",
            "--after", samples + "/timeline/serial-utctime/access-combined.log"),
        List.of("check", "--format", "json", "--requirements", samples + "/slo/requirements.yaml",
            samples + "/slo/checkout-3d.log.gz"));
    Set<String> undocumented = new TreeSet<>();
    int keys = 0;
    for (List<String> run : runs) {
      Cli.Result r = Cli.run(run.toArray(String[]::new));
      assertThat(r.code()).as(String.join(" ", run) + ": " + r.err()).isIn(0, 1);
      keys += keysIn(r.out(), doc, "tardy " + run.get(0) + " … "
          + run.get(run.size() - 1).replace(ROOT.toString(), ""), undocumented);
    }
    byte[] shop = Files.readAllBytes(ROOT.resolve("samples/shop-access.log"));
    Cli.Result live = Cli.run(shop, "check", "--follow", "-", "--requirements",
        samples + "/shop-requirements.yaml");
    assertThat(live.code()).as(live.err()).isEqualTo(1);
    keys += keysIn(live.out(), doc, "tardy check --follow", undocumented);
    assertThat(keys).isGreaterThan(1000);
    assertThat(undocumented).as("keys written but not in docs/json-schema.md").isEmpty();
  }

  /** Counts the keys of {@code json}; those {@code doc} lacks go to {@code undocumented}. */
  private static int keysIn(String json, String doc, String run, Set<String> undocumented) {
    int keys = 0;
    Matcher m = KEY.matcher(json);
    while (m.find()) {
      keys++;
      if (!doc.contains("\"" + m.group(1) + "\"")) {
        undocumented.add(m.group(1) + " (" + run + ")");
      }
    }
    return keys;
  }
}
