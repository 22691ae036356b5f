package tardy.render;

import java.util.Locale;
import tardy.analysis.fleet.FleetView;

/** The fleet view's sentences and numbers, the same in the table and the HTML page. */
public final class FleetWords {

  /** The hosts and the failed budgets a table or a page lists; JSON lists them all. */
  public static final int SHOWN = 10;

  private FleetWords() {}

  public static String title(FleetView v) {
    return "Fleet by " + v.column();
  }

  /** What the measure is, in one sentence under the title. */
  public static String measure(FleetView v) {
    return v.hosts().size() + (v.hosts().size() == 1 ? " value of " : " values of ")
        + v.column() + ", the most different first: the share of each one's requests and pauses"
        + " above its peers' p99 (the other values') of the same operation or pause kind, about"
        + " 1 % for one like its peers; groups with at least " + v.minCount() + " of them on"
        + " both sides";
  }

  /** Said when no group was compared, rather than a table of zeros left to be read as "alike". */
  public static String nothingCompared(FleetView v) {
    return "No group was compared: none has " + v.minCount() + " requests or pauses on one "
        + v.column() + " and " + v.minCount() + " on its peers.";
  }

  /** Said when requirements were judged on each value and none failed. */
  public static String noFailure(FleetView v) {
    return "No budget failed on any " + v.column() + ".";
  }

  /** The title of the error budgets per host. */
  public static String budgetsTitle(FleetView v) {
    return "Error budgets by " + v.column() + ", the most spent first";
  }

  /** An error budget's verdict on one host. */
  public static String verdict(FleetView.Budget b) {
    return b.budget().fails() ? "fail" : b.budget().noData() ? "no data" : "pass";
  }

  /** A share, or {@code -} where there is none (a budget without events). */
  public static String percentOrNone(double share) {
    return Double.isNaN(share) ? "-" : percent(share);
  }

  public static String percent(double share) {
    return String.format(Locale.ROOT, "%.2f%%", 100 * share);
  }

  /** {@code 3.04x}: a measured value against its limit. */
  public static String times(double ratio) {
    return Double.isInfinite(ratio) ? "-" : String.format(Locale.ROOT, "%.2fx", ratio);
  }

  public static String more(int left, String what) {
    return "… " + left + " more " + what + " (all in --format json)";
  }
}
