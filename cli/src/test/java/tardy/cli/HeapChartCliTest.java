package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML page's heap chart: the GC pauses, the heap after GC and the allocation rate on one
 * time axis, each pause drawn in the pixel column its uptime falls in.
 */
class HeapChartCliTest {

  private static final Path G1 = Path.of("..", "samples", "gc-g1-jdk17.log");
  private static final Pattern PAUSE = Pattern.compile(
      "\\]\\[(\\d+)\\.(\\d{3})s\\]\\[info\\]\\[gc +\\] GC\\(\\d+\\) Pause .* (\\d+\\.\\d+)ms$");
  private static final int LEFT = 72;
  private static final int COLUMNS = 960 - 72 - 8;

  @Test
  void eachPauseIsDrawnInTheColumnOfItsTimeAndTheLongestIsTheTallest(@TempDir Path dir)
      throws IOException {
    List<long[]> pauses = new ArrayList<>(); // uptime ms, duration µs
    for (String line : Files.readAllLines(G1)) {
      Matcher m = PAUSE.matcher(line);
      if (m.find()) {
        pauses.add(new long[] {Long.parseLong(m.group(1)) * 1000 + Long.parseLong(m.group(2)),
            Math.round(Double.parseDouble(m.group(3)) * 1000)});
      }
    }
    long first = pauses.get(0)[0];
    long span = pauses.get(pauses.size() - 1)[0] - first;
    TreeSet<Long> columns = new TreeSet<>();
    long[] longest = pauses.get(0);
    for (long[] p : pauses) {
      columns.add(LEFT + (p[0] - first) * (COLUMNS - 1) / span);
      longest = p[1] > longest[1] ? p : longest;
    }
    Path page = dir.resolve("g1.html");
    Cli.Result r = Cli.run("report", "--format", "html", "-o", page.toString(), G1.toString());
    assertThat(r.code()).as(r.err()).isZero();
    Document doc = Jsoup.parse(page.toFile());
    Element svg = doc.selectFirst("svg.heap-chart");
    assertThat(svg).isNotNull();
    Element bars = svg.selectFirst("path[stroke=#cf222e]");
    List<Long> xs = new ArrayList<>();
    double tallestY = Double.MAX_VALUE;
    long tallestX = -1;
    Matcher m = Pattern.compile("M(\\d+) (\\d+) V([\\d.]+)").matcher(bars.attr("d"));
    while (m.find()) {
      xs.add(Long.parseLong(m.group(1)));
      double y = Double.parseDouble(m.group(3));
      if (y < tallestY) {
        tallestY = y;
        tallestX = Long.parseLong(m.group(1));
      }
    }
    assertThat(xs).containsExactlyElementsOf(columns);
    assertThat(tallestX).isEqualTo(LEFT + (longest[0] - first) * (COLUMNS - 1) / span);
    assertThat(svg.select("path[stroke=#0969da]")).hasSize(1); // heap after GC
    assertThat(svg.select("polyline[stroke=#1a7f37]")).hasSize(1); // allocation rate
    assertThat(svg.text()).contains("uptime 428ms", "12.3ms", "38.0MiB");
    // the time axis: round uptimes from the first pause to the last, its clock named
    assertThat(svg.select("text.axis").eachText()).contains("0.45s", "0.50s", "0.55s", "0.60s", "0.65s",
        "JVM uptime");
  }
}
