package tardy.formats.aws;

import tardy.events.LineParser;
import tardy.events.Sample;
import tardy.formats.fields.Dialect;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.PlanFormat;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * Amazon CloudFront standard logs (access logs):
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/standard-logs-reference.html.
 * Tab-separated fields in the order the file's {@code #Fields:} header names; the request time is
 * {@code time-taken}, seconds with milliseconds, from when the edge received the request to when
 * it wrote the last byte of the answer. {@code date} and {@code time} (UTC, whole seconds) are when
 * it finished. CloudFront writes the status {@code 000} when the viewer closed the connection
 * before the answer: such a request has no status and is counted as abandoned by its client.
 *
 * <p>The fields CloudFront added over the years come after {@code time-taken} and are skipped, so
 * files of every version read alike; a {@code #Fields:} header naming another order is refused
 * ({@link CloudFrontParser}).
 */
public final class CloudFrontFormat extends PlanFormat {

  static final Dialect CLOUDFRONT = new Dialect("cloudfront", "standard log", "", "-", 0, false);

  /** The columns up to the request time, as the {@code #Fields:} header names them. */
  static final String[] COLUMNS = {"date", "time", "x-edge-location", "sc-bytes", "c-ip",
      "cs-method", "cs(Host)", "cs-uri-stem", "sc-status", "cs(Referer)", "cs(User-Agent)",
      "cs-uri-query", "cs(Cookie)", "x-edge-result-type", "x-edge-request-id", "x-host-header",
      "cs-protocol", "cs-bytes", "time-taken"};

  private static FieldPlan plan() {
    PlanBuilder plan = new PlanBuilder(CLOUDFRONT);
    for (int c = 0; c < COLUMNS.length; c++) {
      if (c > 0) {
        plan.literal("\t");
      }
      String column = COLUMNS[c];
      switch (column) {
        case "date" -> plan.field(column, Role.DATE);
        case "time" -> plan.field(column, Role.TIME_OF_DAY);
        case "sc-bytes" -> plan.field(column, Role.BYTES);
        case "cs-method" -> plan.field(column, Role.METHOD);
        case "cs-uri-stem" -> plan.field(column, Role.URI);
        case "sc-status" -> plan.field(column, Role.STATUS);
        case "time-taken" -> plan.field(column, Role.REQUEST_TIME, Unit.SECONDS);
        case "x-edge-request-id" -> plan.field(column, Role.REQUEST_ID);
        default -> plan.field(column, Role.OTHER);
      }
    }
    return plan.literal("\t").field("the later fields", Role.OTHER).build(false);
  }

  public CloudFrontFormat() {
    super("aws-cloudfront", "Amazon CloudFront standard log (time-taken, s)",
        CloudFrontFormat::plan, null);
  }

  /** Graded on its records: the two header lines of a short file would keep it below full. */
  @Override
  public tardy.events.Match detect(Sample sample) {
    java.util.List<byte[]> records = new java.util.ArrayList<>();
    for (byte[] line : sample.lines()) {
      if (line.length == 0 || line[0] != '#') {
        records.add(line);
      }
    }
    return new Sample(records).gradeByParsing(newParser());
  }

  @Override
  public LineParser newParser() {
    return new CloudFrontParser(super.newParser());
  }

  /** A {@code #Fields:} header changes how the lines after it read: read in order. */
  @Override
  public boolean linesIndependent(Sample sample) {
    return false;
  }
}
