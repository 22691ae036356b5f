package tardy.formats.aws;

import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.PlanFormat;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * AWS Classic Load Balancer (ELB) access logs:
 * https://docs.aws.amazon.com/elasticloadbalancing/latest/classic/access-log-collection.html. The
 * request time is the sum of its three processing times (seconds); {@code -1}, when ELB could not
 * send the request to a backend or the backend did not answer, leaves the request without one. A
 * TCP listener's line has {@code "- - - "} for its request.
 */
public final class ClassicElbFormat extends PlanFormat {

  private static FieldPlan elb() { // built at the format's first use
    return new PlanBuilder(AlbFormat.AWS)
        .field("time", Role.TIME_ISO8601).literal(" ")
        .field("elb", Role.OTHER).literal(" ")
        .field("client:port", Role.OTHER).literal(" ")
        .field("backend:port", Role.OTHER).literal(" ")
        .field("request_processing_time", Role.TIME_PART, Unit.SECONDS).literal(" ")
        .field("backend_processing_time", Role.TIME_PART, Unit.SECONDS).literal(" ")
        .field("response_processing_time", Role.TIME_PART, Unit.SECONDS).literal(" ")
        .field("elb_status_code", Role.STATUS).literal(" ")
        .field("backend_status_code", Role.OTHER).literal(" ")
        .field("received_bytes", Role.BYTES).literal(" ")
        .field("sent_bytes", Role.BYTES).literal(" \"")
        .field("request", Role.REQUEST_WITH_URL).literal("\" \"")
        .field("user_agent", Role.OTHER).literal("\"")
        .field("ssl", Role.OTHER)
        .build(false);
  }

  public ClassicElbFormat() {
    super("aws-elb", "AWS Classic Load Balancer (3 processing times, s)",
        ClassicElbFormat::elb, null);
  }
}
