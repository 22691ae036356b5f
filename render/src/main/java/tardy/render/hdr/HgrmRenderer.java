package tardy.render.hdr;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import tardy.analysis.Analysis;
import tardy.analysis.Summary;
import tardy.render.Renderer;

/**
 * The percentile distribution HdrHistogram prints ({@code outputPercentileDistribution}), the
 * text its plotter and HistogramLogAnalyzer read: first the total, then one block per group,
 * each headed by a comment naming it. Values are milliseconds (nanoseconds scaled by 1e6).
 */
public final class HgrmRenderer implements Renderer {

  /** Five percentile ticks per half distance: what HistogramLogProcessor writes to .hgrm. */
  private static final int TICKS_PER_HALF_DISTANCE = 5;

  @Override
  public void render(Analysis analysis, OutputStream target) throws IOException {
    tardy.render.KeptError kept = new tardy.render.KeptError(target);
    PrintStream out = new PrintStream(kept, false, StandardCharsets.UTF_8);
    out.print("#[" + analysis.tool() + ": values in milliseconds (recorded in nanoseconds,"
        + " outputValueUnitScalingRatio 1000000)]\n");
    boolean several = analysis.families().size() > 1;
    for (Summary total : analysis.totals()) {
      block(out, several ? "(total) (" + total.family().key() + ")" : "(total)", total);
    }
    for (Summary group : analysis.groups()) {
      block(out, several ? group.key() + " (" + group.family().key() + ")" : group.key(), group);
    }
    out.flush();
    if (out.checkError()) {
      throw kept.error("the percentile distribution could not be written");
    }
  }

  private static void block(PrintStream out, String key, Summary summary) {
    // a name cannot end the comment early or start a line of its own
    out.print("#[Group: " + tardy.render.Escape.terminal(key).replace(']', ')') + "]\n");
    if (summary.histogram() == null || summary.histogram().getTotalCount() == 0) {
      out.print("#[No values]\n");
      return;
    }
    summary.histogram().outputPercentileDistribution(out, TICKS_PER_HALF_DISTANCE,
        HlogFormat.NANOS_PER_MILLI);
  }
}
