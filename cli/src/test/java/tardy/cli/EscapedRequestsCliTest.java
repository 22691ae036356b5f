package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The same requests, sent by formats/src/test/nginx-log-generator/escapes/drive.py as raw bytes to
 * a real nginx, logged in four layouts that spell their bytes differently: combined (escape=default:
 * {@code \x22}), a JSON object with escape=json ({@code \"}, {@code \\}, {@code \u0001}, raw
 * UTF-8), the same object with nginx's default escaping, and escape=none (the bytes as they came).
 * Each request is one operation, named as combined spells it, in every layout and with each
 * grouping; the names below are the targets drive.py sends, escaped by hand as nginx's
 * documentation says (and as the combined log shows).
 */
class EscapedRequestsCliTest {

  private static final Path CONF =
      Path.of("..", "formats", "src", "test", "nginx-log-generator", "escapes", "nginx.conf");

  /** drive.py's targets as operations, with the requests each one was sent. */
  private static final Map<String, Long> OPERATIONS = new TreeMap<>(Map.ofEntries(
      Map.entry("GET /plain", 3L),
      Map.entry("GET /quote\\x22inside", 6L),
      Map.entry("GET /back\\x5Cslash", 9L),
      Map.entry("GET /looks\\x5Cx22escaped", 3L),
      Map.entry("GET /looks\\x5Cu0022json", 6L),
      Map.entry("GET /percent%22quote", 9L),
      Map.entry("GET /caf\\xC3\\xA9/menu", 3L),
      Map.entry("GET /latin\\xE9", 6L),
      Map.entry("GET /del\\x7Fbyte", 9L),
      Map.entry("GET /ctl\\x01byte", 3L),
      Map.entry("GET /tab\\x09here", 6L),
      Map.entry("GET /snow\\xE2\\x98\\x83/7", 9L)));

  /** The log_format of that name as nginx.conf has it, pasted whole as a user would. */
  private static String logFormat(String name) throws IOException {
    String conf = Files.readString(CONF);
    int start = conf.indexOf("log_format " + name + " ");
    return conf.substring(start, conf.indexOf("';", start) + 2);
  }

  private static Map<String, Long> operations(String log, String logFormat, String grouping)
      throws IOException {
    List<String> args = new ArrayList<>(List.of("report", "--format", "json", "--threads", "2",
        "--grouping", grouping));
    if (logFormat != null) {
      args.addAll(List.of("--log-format", logFormat(logFormat)));
    }
    args.add(TardyCliTest.resource("/nginx-logs/escapes/" + log).toString());
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isZero();
    Object doc = JsonLines.document(r.out());
    assertThat(JsonLines.at(doc, "inputs", 0, "malformed")).as(log).isEqualTo(0L);
    Map<String, Long> counts = new TreeMap<>();
    for (Object g : (List<?>) JsonLines.at(doc, "groups")) {
      counts.put((String) JsonLines.at(g, "key"), (Long) JsonLines.at(g, "count"));
    }
    return counts;
  }

  @Test
  void eachRequestIsOneOperationNamedAsCombinedSpellsItWhateverTheLayout() throws IOException {
    Assumptions.assumeTrue(Files.isRegularFile(CONF), "run from the cli module");
    Map<String, Long> withIds = new TreeMap<>(OPERATIONS); // the escapes are no ids
    withIds.put("GET /snow\\xE2\\x98\\x83/{id}", withIds.remove("GET /snow\\xE2\\x98\\x83/7"));
    for (String grouping : List.of("raw", "ids", "infer")) {
      Map<String, Long> expected = switch (grouping) {
        case "raw" -> OPERATIONS;
        case "ids" -> withIds;
        default -> operations("combined.log", null, grouping); // the sample's templates
      };
      assertThat(operations("combined.log", null, grouping)).as("combined, " + grouping)
          .isEqualTo(expected);
      assertThat(operations("json-request.log", "json_request", grouping))
          .as("escape=json, " + grouping).isEqualTo(expected);
      assertThat(operations("json-default.log", "json_default", grouping))
          .as("a JSON object with default escaping, " + grouping).isEqualTo(expected);
      assertThat(operations("raw.log", "raw", grouping)).as("escape=none, " + grouping)
          .isEqualTo(expected);
    }
  }
}
