package tardy.formats.nginx;

/** What a log_format variable means to tardy; every variable not listed here is skipped. */
enum Role {
  REQUEST_TIME,
  UPSTREAM_TIME,
  REQUEST,
  METHOD,
  REQUEST_URI,
  URI,
  STATUS,
  TIME_LOCAL,
  TIME_ISO8601,
  MSEC,
  OTHER;

  static final int COUNT = values().length;

  /**
   * Whether every value is a number, a list of numbers or a dash: never a quote, and a space only
   * inside a list ({@code 0.1, 0.2}). Such a field can be found from the end of a line.
   */
  boolean bare() {
    return this == REQUEST_TIME || this == UPSTREAM_TIME || this == STATUS || this == MSEC;
  }

  static Role of(String variable) {
    return switch (variable) {
      case "request_time" -> REQUEST_TIME;
      case "upstream_response_time" -> UPSTREAM_TIME;
      case "request" -> REQUEST;
      case "request_method" -> METHOD;
      case "request_uri" -> REQUEST_URI;
      case "uri", "document_uri" -> URI;
      case "status" -> STATUS;
      case "time_local" -> TIME_LOCAL;
      case "time_iso8601" -> TIME_ISO8601;
      case "msec" -> MSEC;
      default -> OTHER;
    };
  }
}
