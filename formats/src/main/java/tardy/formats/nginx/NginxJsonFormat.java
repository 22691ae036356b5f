package tardy.formats.nginx;

/**
 * The common escape=json layout. Lines are read by key, so any order and any extra keys are fine;
 * the keys listed here are the names these variables usually get.
 */
public final class NginxJsonFormat extends NginxFormat {

  static final String DEFINITION =
      "escape=json '{\"time_local\":\"$time_local\",\"time_iso8601\":\"$time_iso8601\",\"msec\":\"$msec\","
          + "\"remote_addr\":\"$remote_addr\",\"request\":\"$request\","
          + "\"request_method\":\"$request_method\",\"request_uri\":\"$request_uri\",\"uri\":\"$uri\","
          + "\"status\":\"$status\",\"body_bytes_sent\":\"$body_bytes_sent\","
          + "\"request_time\":\"$request_time\",\"upstream_response_time\":\"$upstream_response_time\","
          + "\"http_referer\":\"$http_referer\",\"http_user_agent\":\"$http_user_agent\"}'";

  public NginxJsonFormat() {
    super("nginx-json", "nginx JSON lines (escape=json), keys named after the variables", DEFINITION);
  }
}
