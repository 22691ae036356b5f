package tardy.formats.nginx;

/** Combined with {@code $request_time $upstream_response_time}: latency plus the backend's share. */
public final class CombinedUpstreamFormat extends NginxFormat {

  static final String DEFINITION = CombinedFormat.DEFINITION + " $upstream_response_time";

  public CombinedUpstreamFormat() {
    super("combined-upstream", "nginx combined + $request_time $upstream_response_time", DEFINITION);
  }
}
