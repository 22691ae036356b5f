package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every kind of page tardy writes, made from the samples by the commands a user runs, loaded in
 * headless Chromium (Debian's {@code chromium} package) with an empty profile and no network: the
 * page must run without a console message (an error, a JS exception, a refused script or
 * resource), start with its verdict, and give each chart a label, labelled ticks and values on
 * hover. Each page's screenshot goes to {@code target/pages/} for a person to look at. Skipped,
 * with the reason, where Chromium is not installed: the build installs nothing.
 */
class PagesInBrowserTest {

  private static final Path PAGES = Path.of("target", "pages");
  private static Path chromium;

  @BeforeAll
  static void findChromium() throws IOException {
    for (String candidate : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
      if (Files.isExecutable(Path.of(candidate))) {
        chromium = Path.of(candidate);
      }
    }
    Assumptions.assumeTrue(chromium != null,
        "no headless browser: install Debian's chromium package to load the pages in a test");
    Files.createDirectories(PAGES);
  }

  @ParameterizedTest
  @ValueSource(strings = {"report", "check-fail", "check-pass", "timeline", "heap", "interval",
      "interval-summer-time", "compare", "slo"})
  void eachKindOfPageLoadsWithoutAConsoleMessageAndReads(String kind) throws Exception {
    Cli.Result r = page(kind);
    assertThat(r.err()).doesNotContain("Exception");
    assertThat(r.out()).startsWith("<!DOCTYPE html>");
    Path html = Files.writeString(PAGES.resolve(kind + ".html"), r.out(), StandardCharsets.UTF_8);
    Path shot = PAGES.resolve(kind + ".png");
    Files.deleteIfExists(shot);
    String log = chromium("--screenshot=" + shot.toAbsolutePath(), "--window-size=1200,3000",
        html.toAbsolutePath().toUri().toString());
    assertThat(consoleLines(log)).as(kind + ": what the page wrote to the console").isEmpty();
    assertThat(shot).exists();
    assertThat(Files.size(shot)).isGreaterThan(10_000);

    Document d = Jsoup.parse(r.out());
    Element first = d.body().selectFirst("h1").nextElementSibling();
    String expected = kind.startsWith("check") || kind.equals("slo") || kind.equals("compare")
        ? "verdict" : "worst";
    assertThat(first.className()).as(kind + ": what comes right after the title").contains(expected);
    if (kind.equals("interval-summer-time")) { // every time on the page in the zone asked for
      assertThat(d.text()).doesNotContain("UTC").contains("+01:00", "+02:00");
    }
    for (Element svg : d.select("svg")) {
      String label = svg.attr("aria-label");
      assertThat(svg.attr("role")).as(label).isEqualTo("img");
      assertThat(label).as("each chart's accessible name").isNotBlank();
      assertThat(svg.select("line.grid")).as(label + ": grid lines at the ticks").hasSizeGreaterThanOrEqualTo(6);
      assertThat(svg.select("text.axis")).as(label + ": labelled ticks").hasSizeGreaterThanOrEqualTo(6);
      assertThat(svg.select("title")).as(label + ": values on hover").isNotEmpty();
    }
  }

  @Test
  void aPageThatThrowsOrLogsIsCaught() throws Exception {
    Path broken = Files.writeString(PAGES.resolve("broken.html"), "<!DOCTYPE html><html><body><p>x</p>"
        + "<script>console.error('drawn wrong'); null.f();</script></body></html>");
    List<String> lines = consoleLines(chromium("--dump-dom", broken.toAbsolutePath().toUri().toString()));
    assertThat(String.join("\n", lines)).contains("drawn wrong", "Uncaught TypeError");
  }

  /** The page of each kind, as the command line writes it from the samples. */
  private static Cli.Result page(String kind) throws IOException {
    String samples = Path.of("..", "samples").toString();
    return switch (kind) {
      case "report" -> Cli.run("report", samples + "/shop-access.log", "--format", "html");
      case "check-fail" -> expect(1, Cli.run("check", samples + "/shop-access.log", "--requirements",
          samples + "/shop-requirements.yaml", "--format", "html"));
      case "check-pass" -> {
        Path pass = Files.writeString(PAGES.resolve("pass.yaml"), """
            version: 1
            operations:
              - name: GC pauses
                pause: "*"
                category: slow
                budgets: { max: 1s }
            """);
        yield expect(0, Cli.run("check", samples + "/gc-g1-jdk17.log", "--requirements",
            pass.toString(), "--format", "html"));
      }
      case "timeline" -> Cli.run("report", samples + "/timeline/g1-time/access-msec.log",
          samples + "/timeline/g1-time/jvm.log", "--format", "html");
      case "heap" -> Cli.run("report", samples + "/gc-g1-jdk17.log", "--format", "html");
      case "interval" -> Cli.run("report", samples + "/timeline/g1-time/access-msec.log",
          "--interval", "10s", "--format", "html");
      case "interval-summer-time" -> { // two hours across Paris's change to summer time
        StringBuilder log = new StringBuilder();
        for (int s = 0; s < 7200; s += 5) {
          log.append(String.format(java.util.Locale.ROOT, "10.0.0.1 - - [29/Mar/2026:%02d:%02d:%02d"
              + " +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"t\" 0.%03d%n", s / 3600, s / 60 % 60,
              s % 60, 10 + s % 90));
        }
        yield expect(0, Cli.run(log.toString().getBytes(StandardCharsets.UTF_8), "report", "-",
            "--interval", "1m", "--tz", "Europe/Paris", "--format", "html"));
      }
      case "compare" -> expect(0, Cli.run("compare", "--requirements", samples + "/regressions.yaml",
          "--before", samples + "/timeline/g1-time/access-combined.log",
          "--after", samples + "/timeline/serial-utctime/access-combined.log", "--format", "html"));
      case "slo" -> expect(1, Cli.run("check", samples + "/slo/checkout-3d.log.gz", "--requirements",
          samples + "/slo/requirements.yaml", "--format", "html"));
      default -> throw new IllegalArgumentException(kind);
    };
  }

  private static Cli.Result expect(int code, Cli.Result r) {
    assertThat(r.code()).as(r.err()).isEqualTo(code);
    return r;
  }

  /** Chromium's log lines of what the page wrote or met: console messages, exceptions, refusals. */
  private static List<String> consoleLines(String log) {
    List<String> lines = new ArrayList<>();
    for (String line : log.split("\n")) {
      if (line.contains(":CONSOLE") || line.contains("Uncaught") || line.contains("Refused to")) {
        lines.add(line);
      }
    }
    return lines;
  }

  /** Runs headless Chromium with no network, an empty profile and its log on stderr; the log. */
  private static String chromium(String... args) throws Exception {
    Path profile = Files.createTempDirectory("tardy-chromium");
    try {
      List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
          "--disable-gpu", "--disable-background-networking", "--disable-component-update",
          "--disable-sync", "--no-first-run", "--hide-scrollbars", "--user-data-dir=" + profile,
          "--enable-logging=stderr", "--v=0", "--virtual-time-budget=2000"));
      command.addAll(List.of(args));
      Path log = profile.resolveSibling(profile.getFileName() + ".log");
      Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(log.toFile()).start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("chromium did not end in 120 s: " + Files.readString(log));
      }
      String text = Files.readString(log);
      Files.delete(log);
      return text;
    } finally {
      try (var files = Files.walk(profile)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }
}
