package tardy.formats.envoy;

/**
 * The text format Istio (1.8 and later) gives its Envoy sidecars and gateways: Envoy's default
 * with the response code details, the connection termination details and the upstream's failure
 * reason after the flags, and the cluster, addresses and route at the end
 * (https://istio.io/latest/docs/tasks/observability/logs/access-log/).
 */
public final class IstioFormat extends EnvoyFormat {

  static final String DEFINITION = "[%START_TIME%] \"%REQ(:METHOD)% %REQ(X-ENVOY-ORIGINAL-PATH?:PATH)%"
      + " %PROTOCOL%\" %RESPONSE_CODE% %RESPONSE_FLAGS% %RESPONSE_CODE_DETAILS%"
      + " %CONNECTION_TERMINATION_DETAILS% \"%UPSTREAM_TRANSPORT_FAILURE_REASON%\" %BYTES_RECEIVED%"
      + " %BYTES_SENT% %DURATION% %RESP(X-ENVOY-UPSTREAM-SERVICE-TIME)% \"%REQ(X-FORWARDED-FOR)%\""
      + " \"%REQ(USER-AGENT)%\" \"%REQ(X-REQUEST-ID)%\" \"%REQ(:AUTHORITY)%\" \"%UPSTREAM_HOST%\""
      + " %UPSTREAM_CLUSTER% %UPSTREAM_LOCAL_ADDRESS% %DOWNSTREAM_LOCAL_ADDRESS%"
      + " %DOWNSTREAM_REMOTE_ADDRESS% %REQUESTED_SERVER_NAME% %ROUTE_NAME%";

  public IstioFormat() {
    super("istio", "Istio sidecar/gateway text access log (%DURATION%, ms)", DEFINITION);
  }
}
