package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --exemplars} in the HTML page and in {@code check}: each shown row's slowest requests
 * against a plain sort of the generated lines (slower first, then by line), in the rows' order of
 * the page or the check; ids a log may fill with markup shown as text; the same bytes whatever
 * the threads; the page without the option as it was; a check's verdict and exit code the same
 * with or without it.
 */
class ExemplarsCheckAndPageCliTest {

  /** More than 4 MiB: read in parts by 2 threads. */
  private static final int LINES = 60_000;
  private static final String[] OPERATIONS = {"GET /alpha", "GET /beta", "POST /gamma"};
  private static final long START_SECONDS = 1_795_000_000L; // 2026-11-18T07:46:40Z
  private static final DateTimeFormatter LOGGED =
      DateTimeFormatter.ofPattern("dd/MMM/uuuu:HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter SHOWN =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT);
  /** Ids as a client may send them ($req_id echoes X-Request-ID): markup, entities, quotes. */
  private static final String[] HOSTILE = {"<script>alert(1)</script>", "a&amp;b\"c'd",
      "<img src=x onerror=alert(2)>", "&lt;not-an-entity&gt;"};

  record Line(long number, String operation, long millis, int status, long endSeconds, String id) {}

  /** One request of the page's section: its row's name, then its cells as text. */
  record Shown(String latency, String ended, String status, String id, String at) {}

  @TempDir static Path dir;
  static Path log;
  static Path requirements;
  static List<Line> lines = new ArrayList<>();

  /** An ingress-nginx upstreaminfo log ($req_id last); the slowest lines carry hostile ids. */
  @BeforeAll
  static void generate() throws IOException {
    log = dir.resolve("ingress.log");
    Random random = new Random(3434);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(log), 1 << 16)) {
      for (int n = 1; n <= LINES; n++) {
        String op = n % 20_000 == 0 ? "DELETE /rare" : OPERATIONS[random.nextInt(3)];
        long millis = random.nextInt(3_000);
        int status = random.nextInt(10) == 0 ? 503 : 200;
        long end = START_SECONDS + n / 100;
        String id = n % 9_973 == 0 ? HOSTILE[(n / 9_973) % HOSTILE.length]
            : Long.toHexString(random.nextLong() | Long.MIN_VALUE);
        if (n % 9_973 == 0) {
          millis = 3_000 + n / 9_973; // among the slowest, so the section shows it
        }
        lines.add(new Line(n, op, millis, status, end, id));
        String path = op.substring(op.indexOf(' ') + 1);
        String seconds = millis / 1000 + "." + String.format(Locale.ROOT, "%03d", millis % 1000);
        out.write(("10.0.0." + (n % 200) + " - - [" + LOGGED.format(Instant.ofEpochSecond(end))
            + " +0000] \"" + op.substring(0, op.indexOf(' ')) + " " + path + " HTTP/1.1\" "
            + status + " 12 \"-\" \"load/1.0\" 100 " + seconds
            + " [default-app-8080] [] 10.1.0.4:8080 12 " + seconds + " " + status + " " + id
            + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    requirements = dir.resolve("sla.yaml");
    Files.writeString(requirements, """
        version: 1
        operations:
          - name: Beta
            request: GET /beta
            category: slow
            budgets: { p99: 10s }
          - name: Alpha
            request: GET /alpha
            category: slow
            budgets: { p90: 1s }
        """);
  }

  private static Cli.Result run(String... args) {
    return Cli.run(args);
  }

  private static String page(String command, String... more) {
    List<String> args = new ArrayList<>(List.of(command, "--format", "html", log.toString()));
    if (command.equals("check")) {
      args.addAll(List.of("--requirements", requirements.toString()));
    }
    args.addAll(List.of(more));
    Cli.Result r = run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isEqualTo(command.equals("check") ? 1 : 0);
    return r.out();
  }

  private static final Pattern BODY = Pattern.compile(
      "<(tbody data-key=\"([^\"]*)\"|tfoot)>\n(.*?)</(?:tbody|tfoot)>", Pattern.DOTALL);
  private static final Pattern CELL = Pattern.compile("<t[hd][^>]*>(.*?)</t[hd]>");

  /** The page's section: each row's requests by the row's name, in the page's order. */
  private static Map<String, List<Shown>> section(String page) {
    int from = page.indexOf("<h2>Slowest requests</h2>");
    assertThat(from).as("the section").isGreaterThanOrEqualTo(0);
    String table = page.substring(from, page.indexOf("</table>", from));
    Map<String, List<Shown>> out = new LinkedHashMap<>();
    Matcher body = BODY.matcher(table);
    while (body.find()) {
      String name = body.group(2) == null ? "(total)" : text(body.group(2));
      List<Shown> shown = new ArrayList<>();
      for (String row : body.group(3).split("\n")) {
        List<String> cells = new ArrayList<>();
        Matcher cell = CELL.matcher(row);
        while (cell.find()) {
          cells.add(text(cell.group(1)));
        }
        assertThat(cells.get(0)).as(name).isEqualTo(shown.isEmpty() ? name : ""); // named once
        shown.add(new Shown(cells.get(1), cells.get(2), cells.get(3), cells.get(4), cells.get(5)));
      }
      out.put(name, shown);
    }
    return out;
  }

  /** A cell's text as a browser shows it: tags dropped, the five entities read. */
  private static String text(String html) {
    return html.replaceAll("<[^>]*>", "").replace("&lt;", "<").replace("&gt;", ">")
        .replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
  }

  /** The first five of a plain sort of these lines: slower first, then the earlier line. */
  private static List<Line> slowest(java.util.function.Predicate<Line> in) {
    return lines.stream().filter(in)
        .sorted(Comparator.comparingLong((Line l) -> -l.millis()).thenComparingLong(Line::number))
        .limit(5).toList();
  }

  private static void assertRows(String row, List<Shown> shown, List<Line> want) {
    assertThat(shown).as(row).hasSize(want.size());
    for (int i = 0; i < want.size(); i++) {
      Line l = want.get(i);
      Shown s = shown.get(i);
      assertThat(s.id()).as("%s #%d", row, i).isEqualTo(l.id());
      assertThat(s.at()).as("%s #%d", row, i).isEqualTo(log + ":" + l.number());
      assertThat(s.status()).as("%s #%d", row, i).isEqualTo(Integer.toString(l.status()));
      assertThat(s.ended()).as("%s #%d", row, i).isEqualTo(SHOWN.format(
          Instant.ofEpochSecond(l.endSeconds()).atOffset(ZoneOffset.UTC)));
      assertThat(s.latency()).as("%s #%d", row, i).isEqualTo(threeDigits(l.millis()));
    }
  }

  /** A whole number of milliseconds under 10 s to three significant digits, half up. */
  private static String threeDigits(long ms) {
    if (ms < 1000) {
      return ms == 0 ? "<1ms" : ms + (ms < 10 ? ".00" : ms < 100 ? ".0" : "") + "ms";
    }
    long hundredths = (ms + 5) / 10;
    return hundredths / 100 + "." + (hundredths % 100 < 10 ? "0" : "") + hundredths % 100 + "s";
  }

  /** The data-key of each row of the page's table {@code id}, in its order. */
  private static List<String> rowsOf(String page, String id) {
    int from = page.indexOf("<table class=\"sortable\" id=\"" + id + "\">");
    assertThat(from).as(id).isGreaterThanOrEqualTo(0);
    String table = page.substring(from, page.indexOf("</tbody>", from));
    List<String> keys = new ArrayList<>();
    Matcher m = Pattern.compile("<tr data-key=\"([^\"]*)\"").matcher(table);
    while (m.find()) {
      keys.add(text(m.group(1)));
    }
    return keys;
  }

  @Test
  void thePagesRowsHoldTheFirstFiveOfAPlainSortInThePagesOrder() {
    String page = page("report", "--exemplars");
    Map<String, List<Shown>> shown = section(page);
    List<String> rows = new ArrayList<>(rowsOf(page, "latency"));
    assertThat(rows).containsExactlyInAnyOrder("GET /alpha", "GET /beta", "POST /gamma",
        "DELETE /rare");
    rows.add("(total)");
    assertThat(new ArrayList<>(shown.keySet())).containsExactlyElementsOf(rows);
    for (String op : rows.subList(0, rows.size() - 1)) {
      assertRows(op, shown.get(op), slowest(l -> l.operation().equals(op)));
    }
    assertThat(shown.get("DELETE /rare")).hasSize(3); // fewer than five: all of them
    assertRows("(total)", shown.get("(total)"), slowest(l -> true));
  }

  @Test
  void idsAreShownAsTextNeverAsMarkup() {
    String page = page("report", "--exemplars");
    Map<String, List<Shown>> shown = section(page);
    List<String> ids = shown.get("(total)").stream().map(Shown::id).toList();
    assertThat(ids).as("the slowest lines are the hostile ones").contains(HOSTILE);
    for (String id : HOSTILE) {
      assertThat(page).doesNotContain(id); // as logged, it would be markup
    }
    assertThat(page).contains("<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>",
        "<code>a&amp;amp;b&quot;c&#39;d</code>", "<code>&amp;lt;not-an-entity&amp;gt;</code>");
    assertThat(page).containsOnlyOnce("<script>"); // the page's own
  }

  @Test
  void thePageIsTheSameBytesWhateverTheThreads() {
    String one = page("report", "--exemplars", "--threads", "1");
    assertThat(page("report", "--exemplars", "--threads", "2")).isEqualTo(one);
    String check = page("check", "--exemplars", "--threads", "1");
    assertThat(page("check", "--exemplars", "--threads", "2")).isEqualTo(check);
  }

  @Test
  void withoutTheOptionThePageIsTheSameAndTheSectionIsAllItAdds() {
    for (String command : List.of("report", "check")) {
      String plain = page(command);
      String with = page(command, "--exemplars");
      assertThat(plain).doesNotContain("Slowest requests");
      int from = with.indexOf("<h2>Slowest requests</h2>");
      int to = with.indexOf("</table>\n", from) + "</table>\n".length();
      assertThat(with.substring(0, from) + with.substring(to)).as(command).isEqualTo(plain);
    }
  }

  @Test
  void aChecksPageListsItsRowsInTheChecksOrder() {
    String page = page("check", "--exemplars");
    List<String> rows = new ArrayList<>(rowsOf(page, "requirements"));
    assertThat(rows).startsWith("Alpha", "Beta"); // failing first
    rows.add("(total)");
    Map<String, List<Shown>> shown = section(page);
    assertThat(new ArrayList<>(shown.keySet())).containsExactlyElementsOf(rows);
    assertRows("Alpha", shown.get("Alpha"), slowest(l -> l.operation().equals("GET /alpha")));
    assertRows("Beta", shown.get("Beta"), slowest(l -> l.operation().equals("GET /beta")));
    assertRows("(total)", shown.get("(total)"), slowest(l -> true));
  }

  @Test
  void aChecksTableListsItsRowsInItsOrderAndItsExitCodeStays() {
    Cli.Result plain = run("check", "--requirements", requirements.toString(), log.toString());
    Cli.Result with = run("check", "--requirements", requirements.toString(), log.toString(),
        "--exemplars");
    assertThat(plain.code()).as(plain.err()).isEqualTo(1); // Alpha's p90 is about 2.7 s
    assertThat(with.code()).as(with.err()).isEqualTo(plain.code());
    String out = with.out();
    int from = out.indexOf("Slowest requests (ended: UTC)\n");
    assertThat(from).as(out).isGreaterThanOrEqualTo(0);
    int to = out.indexOf("\n\n", from) + 2;
    assertThat(out.substring(0, from) + out.substring(to)).isEqualTo(plain.out());
    String[] section = out.substring(from, to).split("\n");
    assertThat(section[1]).startsWith("requirement").contains("latency", "request id", "at");
    List<String> names = new ArrayList<>();
    for (int i = 2; i < section.length; i++) {
      if (!section[i].startsWith(" ")) {
        names.add(section[i].substring(0, section[i].indexOf("  ")));
      }
    }
    List<String> order = new ArrayList<>();
    String table = out.substring(out.indexOf("\nrequirement ") + 1, out.indexOf("\n\n"));
    for (String line : table.split("\n")) { // the check's table: its header, rows, budgets
      String name = line.split("  ")[0];
      if (!line.startsWith(" ") && !name.equals("requirement")) {
        order.add(name);
      }
    }
    order.add("(total)");
    assertThat(names).containsExactlyElementsOf(order);
    assertThat(names).startsWith("Alpha", "Beta");
    String alpha = out.substring(out.indexOf("\nAlpha", from) + 1);
    Line slowest = slowest(l -> l.operation().equals("GET /alpha")).get(0);
    assertThat(alpha.substring(0, alpha.indexOf('\n'))).contains(threeDigits(slowest.millis()),
        slowest.id(), log + ":" + slowest.number());
  }

  @Test
  void csvHgrmAndJsonAreRefusedWithWhatToUse() {
    for (String command : List.of("report", "check")) {
      for (String format : List.of("csv", "hgrm", "json")) {
        List<String> args = new ArrayList<>(List.of(command, "--exemplars", "--format", format,
            log.toString()));
        if (command.equals("check")) {
          args.addAll(List.of("--requirements", requirements.toString()));
        }
        Cli.Result r = run(args.toArray(String[]::new));
        assertThat(r.code()).as("%s %s", command, format).isEqualTo(2);
        assertThat(r.err()).as("%s %s", command, format).isEqualTo("tardy: --exemplars lists"
            + " the slowest requests in the table or the HTML page: not with --format " + format
            + (format.equals("json") ? ", which lists them always (slowest)"
            : "; --format json lists them (slowest)") + "\n");
        assertThat(r.out()).isEmpty();
      }
    }
  }

  @Test
  void aCheckOfJvmLogsAloneIsRefused(@TempDir Path scratch) throws IOException {
    Path pauses = scratch.resolve("pauses.yaml");
    Files.writeString(pauses, """
        version: 1
        operations:
          - name: Every pause
            pause: '*'
            category: slow
            budgets: { max: 10s }
        """);
    Cli.Result r = run("check", "--exemplars", "--requirements", pauses.toString(),
        Path.of("..", "samples", "gc-g1-jdk17.log").toString());
    assertThat(r.code()).as(r.out()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("tardy: --exemplars lists the slowest requests of access logs:"
        + " these inputs hold none\n");
  }
}
