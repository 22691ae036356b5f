package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text from outside (a requirement's name, a request's path, a file name, a pause kind) with
 * terminal escapes, line breaks that forge a verdict, C1 controls and bidi overrides, through every
 * command and every output: none of it reaches a terminal or a line-based reader raw, and the
 * formats with escapes of their own (JSON, CSV, HTML) read back to the same text.
 */
class HostileTextEveryCommandTest {

  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  static final String ESC = "\u001b";
  static final String FORGED = "FAIL: 0 of 5 failed";
  /** Sets the window title, clears the screen, returns the carriage, forges a line, then more. */
  static final String HOSTILE = "Shop" + ESC + "]0;pwned\u0007" + ESC + "[2J\r\n" + FORGED
      + "\u009b31m\u202eevil\u2028\u0085\u007f<script>x</script>,\"q\"";

  @TempDir Path dir;
  Path access;
  Path hostileName;
  Path safepoint;
  Path requirements;

  @BeforeEach
  void files() throws IOException {
    byte[] shop = Files.readAllBytes(ROOT.resolve("samples/shop-access.log"));
    // a request whose path holds raw control bytes, as a hostile client can make a server log
    byte[] hostileLine = ("10.0.0.1 - - [04/Dec/2013:12:16:36 +0200] \"GET /x" + ESC + "]0;t\u0007"
        + ESC + "[2J HTTP/1.1\" 200 1 \"-\" \"-\" 0.002\n").getBytes(StandardCharsets.UTF_8);
    byte[] both = new byte[shop.length + hostileLine.length];
    System.arraycopy(shop, 0, both, 0, shop.length);
    System.arraycopy(hostileLine, 0, both, shop.length, hostileLine.length);
    access = Files.write(dir.resolve("access.log"), both);
    hostileName = Files.write(dir.resolve("a" + HOSTILE.replace('/', '_') + ".log"), both);
    safepoint = Files.writeString(dir.resolve("safepoint.log"), "[1.270s][info][safepoint]"
        + " Safepoint \"Clean" + ESC + "[2Jup\u009b\", Time since last: 29768433 ns, Reaching"
        + " safepoint: 36467 ns, At safepoint: 6345012 ns, Total: 6381479 ns\n");
    // YAML's double-quoted escapes write the hostile name; one requirement takes in every
    // request, which the report shows as several operations: the note that names it
    requirements = Files.writeString(dir.resolve("sla.yaml"), "version: 1\noperations:\n"
        + "  - name: \"" + yaml(HOSTILE) + "\"\n    request: GET /**\n    category: instant\n");
  }

  /** A YAML double-quoted scalar's text: every character outside printable ASCII as an escape. */
  static String yaml(String s) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20 || c >= 0x7f) {
        b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  /** What a terminal or a line reader must never meet raw; a line break only as one. */
  static boolean control(char c) {
    return c < 0x20 && c != '\n' || c >= 0x7f && c < 0xa0 || c == 0x2028 || c == 0x2029
        || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069;
  }

  static void assertClean(String what, String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (control(c)) {
        int from = Math.max(0, i - 40);
        throw new AssertionError(what + ": raw U+" + Integer.toHexString(c) + " at " + i
            + " after: " + text.substring(from, i).replace(ESC, "<ESC>"));
      }
    }
    for (String line : text.split("\n", -1)) {
      assertThat(line.strip()).as(what + ": a line forged from the input")
          .doesNotStartWith(FORGED).doesNotStartWith("0 of 5 failed");
    }
  }

  static Cli.Result run(byte[] stdin, List<String> args) {
    return assertTimeoutPreemptively(Duration.ofSeconds(120),
        () -> Cli.run(stdin, args.toArray(String[]::new)), String.join(" ", args));
  }

  static List<String> args(String... words) {
    return new ArrayList<>(List.of(words));
  }

  @Test
  void everyCommandAndTerminalOutputEscapes() throws IOException {
    String sla = requirements.toString();
    String out = dir.resolve("o.hlog").toString();
    List<List<String>> runs = new ArrayList<>();
    for (String log : List.of(access.toString(), hostileName.toString())) {
      for (String format : List.of("table", "csv", "hgrm")) {
        runs.add(args("report", "--format", format, log));
        runs.add(args("check", "--requirements", sla, "--format", format, log));
      }
      runs.add(args("report", "--interval", "5m", log));
      runs.add(args("report", "--templates", log));
      runs.add(args("report", "--width", "60", log));
      runs.add(args("check", "--requirements", sla, "--width", "60", log));
      runs.add(args("check", "--requirements", sla, "--interval", "5m", log));
      runs.add(args("check", "--requirements", sla, "--format", "json", "-o",
          dir.resolve("c.json").toString(), log));
      runs.add(args("hlog", "-o", out, log));
      runs.add(args("formats", log));
      runs.add(args("report", dir.resolve("*" + ESC + "*.log").toString()));
    }
    runs.add(args("report", safepoint.toString()));
    runs.add(args("hlog", "-o", out, safepoint.toString()));
    runs.add(args("report", "--format", "hgrm", safepoint.toString()));
    runs.add(args("report", dir.resolve("missing" + HOSTILE + ".log").toString()));
    runs.add(args("check", "--requirements", dir.resolve(HOSTILE + ".yaml").toString(),
        access.toString()));
    runs.add(args("report", "--log-format", "x" + HOSTILE, access.toString()));
    runs.add(args("report", "--top", HOSTILE, access.toString()));
    runs.add(args("report", "--no-such" + HOSTILE, access.toString()));
    for (List<String> args : runs) {
      Cli.Result r = run(new byte[0], args);
      assertThat(r.code()).as(args + ": " + r.err()).isLessThan(ExitCodes.INTERNAL_ERROR);
      assertClean(args + " stdout", r.out());
      assertClean(args + " stderr", r.err());
    }
    byte[] stdin = Files.readAllBytes(access);
    for (List<String> args : List.of(args("report", "--follow", "-", "--refresh", "100ms"),
        args("check", "--follow", "-", "--requirements", sla, "--refresh", "100ms"),
        args("report", "-"), args("check", "--requirements", sla, "-"))) {
      Cli.Result r = run(stdin, args);
      assertClean(args + " stdout", r.out());
      assertClean(args + " stderr", r.err());
    }
  }

  @Test
  void theTakenInNoteNamesTheRequirementEscaped() {
    Cli.Result r = run(new byte[0], args("check", "--requirements", requirements.toString(),
        access.toString()));
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.BUDGET_FAILED);
    assertClean("check", r.out());
    assertThat(r.out()).contains("Note: Requirement 'Shop\\x1b]0;pwned\\x07\\x1b[2J\\x0d\\x0a"
        + FORGED + "\\x9b31m\\u202eevil\\u2028\\x85\\x7f<script>x</script>,\"q\"' takes in");
  }

  @Test
  void formatsNamesAFileEscaped() {
    Cli.Result r = run(new byte[0], args("formats", hostileName.toString()));
    assertThat(r.code()).as(r.err()).isZero();
    assertClean("formats", r.out());
    assertThat(r.out()).contains("aShop\\x1b]0;pwned\\x07\\x1b[2J\\x0d\\x0a" + FORGED);
  }

  /** JSON, CSV and HTML escape in their own way: the text reads back whole, nothing raw. */
  @Test
  void documentsCarryTheNameEscapedTheirOwnWay() throws IOException {
    String sla = requirements.toString();
    for (List<String> command : List.of(args("report"), args("check", "--requirements", sla))) {
      List<String> json = new ArrayList<>(command);
      json.addAll(List.of("--format", "json", hostileName.toString()));
      Cli.Result r = run(new byte[0], json);
      assertClean(json + " stdout", r.out());
      Object doc = JsonLines.document(r.out());
      assertThat(strings(doc)).as("JSON reads back to the file's name")
          .anySatisfy(s -> assertThat(s).contains("a" + HOSTILE.replace('/', '_') + ".log"));
      if (command.get(0).equals("check")) {
        assertThat(strings(doc)).contains(HOSTILE);
      }

      List<String> html = new ArrayList<>(command);
      html.addAll(List.of("--format", "html", hostileName.toString()));
      r = run(new byte[0], html);
      assertClean(html + " stdout", r.out());
      assertThat(r.out()).doesNotContain("<script>x").doesNotContain("\"q\"");

      List<String> csv = new ArrayList<>(command);
      csv.addAll(List.of("--format", "csv", hostileName.toString()));
      r = run(new byte[0], csv);
      assertClean(csv + " stdout", r.out());
      int columns = csv(r.out().lines().findFirst().orElseThrow()).size();
      r.out().lines().forEach(line -> assertThat(csv(line)).as(line).hasSize(columns));
    }
    Cli.Result follow = run(Files.readAllBytes(access),
        args("check", "--follow", "-", "--requirements", sla, "--refresh", "100ms"));
    for (Object line : JsonLines.parse(follow.out())) {
      assertThat(line).isNotNull();
    }
    assertClean("JSON lines", follow.out());
  }

  /** The fields of one CSV record (RFC 4180 quoting), to count them. */
  static List<String> csv(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder f = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          f.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          f.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        fields.add(f.toString());
        f.setLength(0);
      } else {
        f.append(c);
      }
    }
    assertThat(quoted).as("a quote left open: " + line).isFalse();
    fields.add(f.toString());
    return fields;
  }

  static List<String> strings(Object json) {
    List<String> all = new ArrayList<>();
    if (json instanceof String s) {
      all.add(s);
    } else if (json instanceof Map<?, ?> m) {
      m.forEach((k, v) -> {
        all.add(String.valueOf(k));
        all.addAll(strings(v));
      });
    } else if (json instanceof List<?> l) {
      l.forEach(v -> all.addAll(strings(v)));
    }
    return all;
  }
}
