package tardy.formats.envoy;

/**
 * Envoy's default access log format, what Envoy writes when the configuration names none
 * (https://www.envoyproxy.io/docs/envoy/latest/configuration/observability/access_log/usage).
 */
public final class EnvoyDefaultFormat extends EnvoyFormat {

  static final String DEFINITION = "[%START_TIME%] \"%REQ(:METHOD)% %REQ(X-ENVOY-ORIGINAL-PATH?:PATH)%"
      + " %PROTOCOL%\" %RESPONSE_CODE% %RESPONSE_FLAGS% %BYTES_RECEIVED% %BYTES_SENT% %DURATION%"
      + " %RESP(X-ENVOY-UPSTREAM-SERVICE-TIME)% \"%REQ(X-FORWARDED-FOR)%\" \"%REQ(USER-AGENT)%\""
      + " \"%REQ(X-REQUEST-ID)%\" \"%REQ(:AUTHORITY)%\" \"%UPSTREAM_HOST%\"";

  public EnvoyDefaultFormat() {
    super("envoy", "Envoy default access log (%DURATION%, ms)", DEFINITION);
  }
}
