package tardy.formats.aws;

import tardy.formats.fields.Dialect;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.PlanFormat;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * AWS Application Load Balancer access logs, as ALB writes them to S3 (gzip files, read as they
 * come): https://docs.aws.amazon.com/elasticloadbalancing/latest/application/load-balancer-access-logs.html.
 *
 * <p>The request time is {@code request_processing_time + target_processing_time +
 * response_processing_time} (seconds, microseconds). ALB writes {@code -1} for them when it could
 * not send the request to a target or the target did not answer (a 502, a 504, a WAF's fixed
 * answer): then the request's time is {@code time} (when ALB answered) minus {@code
 * request_creation_time} (when it received the request), to the millisecond. The request line's
 * target is a whole URL ({@code https://host:443/path}); the operation is its path. Fields ALB adds
 * at the end in later versions are skipped.
 */
public final class AlbFormat extends PlanFormat {

  static final Dialect AWS = new Dialect("elb", "access log", "", "-1", 0, false, "-");

  private static FieldPlan alb() { // built at the format's first use
    return new PlanBuilder(AWS)
        .field("type", Role.OTHER).literal(" ")
        .field("time", Role.TIME_ISO8601).literal(" ")
        .field("elb", Role.OTHER).literal(" ")
        .field("client:port", Role.OTHER).literal(" ")
        .field("target:port", Role.OTHER).literal(" ")
        .field("request_processing_time", Role.TIME_PART, Unit.SECONDS).literal(" ")
        .field("target_processing_time", Role.TIME_PART, Unit.SECONDS).literal(" ")
        .field("response_processing_time", Role.TIME_PART, Unit.SECONDS).literal(" ")
        .field("elb_status_code", Role.STATUS).literal(" ")
        .field("target_status_code", Role.OTHER).literal(" ")
        .field("received_bytes", Role.BYTES).literal(" ")
        .field("sent_bytes", Role.BYTES).literal(" \"")
        .field("request", Role.REQUEST_WITH_URL).literal("\" \"")
        .field("user_agent", Role.OTHER).literal("\" ")
        .field("ssl_cipher", Role.OTHER).literal(" ")
        .field("ssl_protocol", Role.OTHER).literal(" ")
        .field("target_group_arn", Role.OTHER).literal(" \"")
        .field("trace_id", Role.REQUEST_ID).literal("\" \"")
        .field("domain_name", Role.OTHER).literal("\" \"")
        .field("chosen_cert_arn", Role.OTHER).literal("\" ")
        .field("matched_rule_priority", Role.OTHER).literal(" ")
        .field("request_creation_time", Role.START_ISO8601).literal(" \"")
        .field("actions_executed", Role.OTHER)
        .build(false);
  }

  public AlbFormat() {
    super("aws-alb", "AWS Application Load Balancer (3 processing times, s)", AlbFormat::alb, null);
  }
}
