package tardy.render.hdr;

import java.time.Instant;
import java.time.ZoneOffset;
import tardy.render.PrintedZone;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What tardy knows about HdrHistogram's histogram log format (1.3) beyond what its writer does:
 * safe tags, the StartTime line, and the legend, each written the same way on every platform.
 */
public final class HlogFormat {

  /** Histogram values are nanoseconds; readers (HistogramLogAnalyzer) divide by this for ms. */
  public static final double NANOS_PER_MILLI = 1_000_000.0;

  static final String LEGEND =
      "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n";

  // Date.toString's layout, but in UTC (or --tz) and English, so the file does not depend on the host
  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss 'UTC' yyyy", Locale.ROOT)
          .withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter ZONED_DATE =
      DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss zzz yyyy", Locale.ROOT);

  private HlogFormat() {}

  /** The StartTime comment as HistogramLogReader parses it: seconds, then a readable date. */
  static String startTimeComment(long epochMillis) {
    return "[StartTime: " + seconds(epochMillis) + " (seconds since epoch), "
        + (PrintedZone.isUtc() ? DATE : PrintedZone.in(ZONED_DATE)).format(Instant.ofEpochMilli(epochMillis))
        + "]";
  }

  /** Milliseconds as seconds with three decimals, without a locale. */
  static String seconds(long millis) {
    String sign = millis < 0 ? "-" : "";
    long abs = Math.abs(millis);
    return sign + abs / 1000 + "." + String.format(Locale.ROOT, "%03d", abs % 1000);
  }

  /**
   * A tag HdrHistogram's reader reads back. Its writer accepts any tag, but the reader splits a
   * line at spaces and commas and then loses that line and every later one; so those, control
   * and non-ASCII characters become {@code _}. An empty name becomes {@code _}.
   */
  public static String sanitize(String name) {
    StringBuilder tag = new StringBuilder(name.length());
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      tag.append(c > ' ' && c < 0x7f && c != ',' ? c : '_');
    }
    return tag.length() == 0 ? "_" : tag.toString();
  }

  /** Gives every group name its own tag, in the order they are asked for. */
  public static final class Tags {
    private final Map<String, String> byName = new LinkedHashMap<>();
    private final Map<String, String> byTag = new LinkedHashMap<>();

    /** The tag of a name; when two names sanitise alike the later one gets {@code ~2}, … */
    public String of(String name) {
      String known = byName.get(name);
      if (known != null) {
        return known;
      }
      String base = sanitize(name);
      String tag = base;
      for (int n = 2; byTag.containsKey(tag); n++) {
        tag = base + "~" + n;
      }
      byName.put(name, tag);
      byTag.put(tag, name);
      return tag;
    }

    /** Group name to tag, in the order first asked. */
    public Map<String, String> mapping() {
      return Collections.unmodifiableMap(new LinkedHashMap<>(byName));
    }
  }
}
