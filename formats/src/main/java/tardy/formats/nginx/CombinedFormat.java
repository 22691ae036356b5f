package tardy.formats.nginx;

import java.util.Optional;
import tardy.events.Sample;

/** nginx's predefined combined format with {@code $request_time} appended, the usual way to get latency. */
public final class CombinedFormat extends NginxFormat {

  static final String DEFINITION =
      "$remote_addr - $remote_user [$time_local] \"$request\" $status $body_bytes_sent"
          + " \"$http_referer\" \"$http_user_agent\" $request_time";

  public CombinedFormat() {
    super("combined", "nginx combined + $request_time", DEFINITION);
  }

  /** The stock combined or main layout, without a request time: say what to add. */
  @Override
  public Optional<String> advice(Sample sample) {
    return MissingRequestTime.advice(sample);
  }
}
