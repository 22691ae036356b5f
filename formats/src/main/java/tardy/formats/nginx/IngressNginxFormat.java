package tardy.formats.nginx;

/**
 * The ingress-nginx controller's default {@code log-format-upstream} ("upstreaminfo"), since it
 * logs the canary's {@code $proxy_alternative_upstream_name}: combined plus the request length
 * and time, then the upstream's name, address, length, time and status, and the request id.
 */
public final class IngressNginxFormat extends NginxFormat {

  static final String DEFINITION =
      "$remote_addr - $remote_user [$time_local] \"$request\" $status $body_bytes_sent"
          + " \"$http_referer\" \"$http_user_agent\" $request_length $request_time"
          + " [$proxy_upstream_name] [$proxy_alternative_upstream_name] $upstream_addr"
          + " $upstream_response_length $upstream_response_time $upstream_status $req_id";

  public IngressNginxFormat() {
    super("ingress-nginx", "ingress-nginx controller's default (upstreaminfo)", DEFINITION);
  }
}
