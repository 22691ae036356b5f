package tardy.render.grouping;

/** The log_format of corpus logs that tardy does not detect on its own. */
public final class CorpusFormats {

  /** imooc.com's production traffic: an unquoted request body field, request time last. */
  public static final String IMOOC = "$remote_addr - $remote_user [$time_local] \"$request\""
      + " $status $body_bytes_sent \"$host\" \"$http_referer\" $request_body \"$http_user_agent\""
      + " \"$http_x_forwarded_for\" $upstream_addr $upstream_status $upstream_response_time"
      + " $request_time";

  private CorpusFormats() {}
}
