package tardy.formats.envoy;

/**
 * Envoy JSON access logs with the keys Istio's JSON encoding gives them ({@code
 * meshConfig.accessLogEncoding: JSON}); lines are read by key, so any order and any other keys are
 * fine, and numbers may be written bare or quoted.
 */
public final class EnvoyJsonFormat extends EnvoyFormat {

  static final String DEFINITION = "{\"start_time\":\"%START_TIME%\",\"method\":\"%REQ(:METHOD)%\","
      + "\"path\":\"%REQ(X-ENVOY-ORIGINAL-PATH?:PATH)%\",\"protocol\":\"%PROTOCOL%\","
      + "\"response_code\":\"%RESPONSE_CODE%\",\"response_flags\":\"%RESPONSE_FLAGS%\","
      + "\"bytes_received\":\"%BYTES_RECEIVED%\",\"bytes_sent\":\"%BYTES_SENT%\","
      + "\"duration\":\"%DURATION%\",\"upstream_service_time\":\"%RESP(X-ENVOY-UPSTREAM-SERVICE-TIME)%\","
      + "\"request_id\":\"%REQ(X-REQUEST-ID)%\",\"authority\":\"%REQ(:AUTHORITY)%\","
      + "\"upstream_host\":\"%UPSTREAM_HOST%\",\"upstream_cluster\":\"%UPSTREAM_CLUSTER%\"}";

  public EnvoyJsonFormat() {
    super("envoy-json", "Envoy/Istio JSON access log (duration, ms)", DEFINITION);
  }
}
