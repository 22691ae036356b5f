package tardy.formats.nginx;

/**
 * The ingress-nginx controller's earlier default: the client address twice ({@code $the_real_ip -
 * [$the_real_ip] -}, or {@code [$proxy_add_x_forwarded_for]} in the first releases), one upstream
 * name, and {@code $req_id} only in later releases. The last variable of a format holds the rest
 * of the line, so {@code $upstream_status} ending the format reads both.
 */
public final class IngressNginxLegacyFormat extends NginxFormat {

  static final String DEFINITION =
      "$the_real_ip - [$the_real_ip] - $remote_user [$time_local] \"$request\" $status"
          + " $body_bytes_sent \"$http_referer\" \"$http_user_agent\" $request_length $request_time"
          + " [$proxy_upstream_name] $upstream_addr $upstream_response_length"
          + " $upstream_response_time $upstream_status";

  public IngressNginxLegacyFormat() {
    super("ingress-nginx-legacy",
        "ingress-nginx controller's earlier default ($the_real_ip - [$the_real_ip] - …)",
        DEFINITION);
  }
}
