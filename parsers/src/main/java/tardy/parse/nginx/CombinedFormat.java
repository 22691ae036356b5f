package tardy.parse.nginx;

/** nginx's predefined combined format with {@code $request_time} appended, the usual way to get latency. */
public final class CombinedFormat extends NginxFormat {

  static final String DEFINITION =
      "$remote_addr - $remote_user [$time_local] \"$request\" $status $body_bytes_sent"
          + " \"$http_referer\" \"$http_user_agent\" $request_time";

  public CombinedFormat() {
    super("combined", "nginx combined + $request_time", DEFINITION);
  }
}
