package tardy.formats.aws;

import java.util.List;
import tardy.formats.fields.Dialect;
import tardy.formats.fields.Unit;
import tardy.formats.w3c.W3cDialect;
import tardy.formats.w3c.W3cFormat;

/**
 * Amazon CloudFront standard logs (access logs):
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/standard-logs-reference.html.
 * Tab-separated fields in the order the file's {@code #Fields:} header names; the request time is
 * {@code time-taken}, seconds with milliseconds, from when the edge received the request to when
 * it wrote the last byte of the answer. {@code date} and {@code time} (UTC, whole seconds) are when
 * it finished. CloudFront writes the status {@code 000} when the viewer closed the connection
 * before the answer: such a request has no status and is counted as abandoned by its client.
 *
 * <p>A line without a header before it has the standard columns up to {@code time-taken}; the
 * fields CloudFront added after it over the years are skipped, so files of every version read
 * alike.
 */
public final class CloudFrontFormat extends W3cFormat {

  static final W3cDialect CLOUDFRONT = new W3cDialect(
      new Dialect("cloudfront", "standard log", "", "-", 0, false), (byte) '\t', Unit.SECONDS,
      List.of("date", "time", "x-edge-location", "sc-bytes", "c-ip", "cs-method", "cs(Host)",
          "cs-uri-stem", "sc-status", "cs(Referer)", "cs(User-Agent)", "cs-uri-query", "cs(Cookie)",
          "x-edge-result-type", "x-edge-request-id", "x-host-header", "cs-protocol", "cs-bytes",
          "time-taken"),
      true, "CloudFront's standard log up to time-taken");

  public CloudFrontFormat() {
    super("aws-cloudfront", "Amazon CloudFront standard log (time-taken, s)", CLOUDFRONT);
  }
}
