package tardy.analysis;

import java.util.List;
import java.util.Optional;
import tardy.record.InputSummary;

/**
 * Tomcat 9 and earlier (Spring Boot 2's embedded Tomcat among them) and Undertow (WildFly) write
 * {@code %D} in milliseconds, where httpd and Tomcat 10 write microseconds; their common and combined lines
 * with {@code %D} are byte for byte httpd's, so such a log is read as httpd's, every time a
 * thousand times too short. No reading of the bytes can tell them apart; a median that no
 * proxied request of httpd takes says which it likely is.
 */
final class TomcatMillisNote {

  /** Below this median, in httpd's microseconds, a log is more likely Tomcat's milliseconds. */
  static final long MEDIAN_BELOW_NANOS = 100_000;

  private static final List<String> HTTPD_MICROS = List.of("httpd-combined", "httpd-common");

  private TomcatMillisNote() {}

  /**
   * @param requestMedianNanos the median of every request the inputs hold
   */
  static Optional<String> of(List<InputSummary> inputs, long requestMedianNanos) {
    List<InputSummary> read = inputs.stream().filter(in -> in.parsed() > 0).toList();
    if (read.isEmpty() || requestMedianNanos >= MEDIAN_BELOW_NANOS
        || !read.stream().allMatch(in -> HTTPD_MICROS.contains(in.format()))) {
      return Optional.empty();
    }
    String layout = read.get(0).format().equals("httpd-common") ? "'%h %l %u %t \"%r\" %s %b %{ms}T'"
        : "'%h %l %u %t \"%r\" %s %b \"%{Referer}i\" \"%{User-Agent}i\" %{ms}T'";
    // under 100us, and httpd logs whole microseconds: "23us" is the value as logged
    return Optional.of("The median request took " + requestMedianNanos / 1_000 + "us"
        + ", reading the last field as httpd's %D, microseconds. If these lines are Tomcat 9's or"
        + " older (Spring Boot 2) or Undertow's (WildFly), whose %D is milliseconds, every time"
        + " here is 1,000 times too short: read them with --log-format " + layout + ".");
  }
}
