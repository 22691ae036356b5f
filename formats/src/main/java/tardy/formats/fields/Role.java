package tardy.formats.fields;

/**
 * What a field of a log line means to tardy; a format maps its own variables ({@code
 * $request_time}, {@code %D}) onto these, and every field without a role is skipped.
 */
public enum Role {
  /** The request's whole time, in the field's {@link Unit}. */
  REQUEST_TIME,
  /** The backend's part: nginx's list of seconds ({@code 0.012, 0.003}). */
  UPSTREAM_TIME,
  /** The request line, {@code METHOD target PROTOCOL}. */
  REQUEST,
  METHOD,
  /** The target with its query. */
  REQUEST_URI,
  /** The path alone. */
  URI,
  /** The 3-digit status sent. */
  STATUS,
  /** {@code 10/Oct/2000:13:55:36 -0700}, the common log format's time (nginx, httpd). */
  TIME_LOCAL,
  TIME_ISO8601,
  /** {@code 10/Oct/2000:13:55:36.123} without a zone (HAProxy's {@code %tr}), read as UTC. */
  TIME_LOCAL_MILLIS_UTC,
  /** Seconds since the epoch with milliseconds, {@code 1700000000.123}. */
  MSEC,
  /** A byte count, or {@code -} for none (httpd's {@code %b}): checked, so a layout is told apart. */
  BYTES,
  /**
   * HAProxy's termination state ({@code CD--}, {@code sH--}): a first letter {@code C} or {@code
   * c} says the client went away or stopped answering before the answer was complete, {@code s}
   * that the server did not answer in time.
   */
  TERMINATION_STATE,
  /**
   * Envoy's {@code %RESPONSE_FLAGS%}, short codes separated by commas ({@code UT}, {@code
   * UC,URX}): {@code DC}, downstream connection termination, says the client went away; {@code
   * UT} that the upstream did not answer in time.
   */
  RESPONSE_FLAGS,
  /**
   * One part of a request time written in parts, all in the field's {@link Unit}: the request's
   * time is their sum (AWS ALB's request, target and response processing times), unknown when a
   * part is the dialect's none.
   */
  TIME_PART,
  /**
   * When the request arrived, ISO 8601, on a line whose own time is its end (ALB's {@code
   * request_creation_time}): the request's time when its parts are unknown is the end minus this.
   */
  START_ISO8601,
  /**
   * The request line whose target may be an absolute URL ({@code GET https://host:443/path
   * HTTP/1.1}, as load balancers log it): the operation is its path.
   */
  REQUEST_WITH_URL,
  /**
   * A URL alone, absolute ({@code https://host/path?q}, as Google Cloud's {@code requestUrl} is)
   * or a path: with {@link #METHOD}, the request; the operation is its path.
   */
  URL,
  /**
   * Google Cloud's load balancer's {@code statusDetails}: {@code client_disconnected_…} says the
   * client went away before the whole answer, {@code backend_timeout} that the backend did not
   * answer in time.
   */
  STATUS_DETAILS,
  /** A date alone, {@code 2019-12-04}, UTC: with {@link #TIME_OF_DAY}, the line's time (CloudFront). */
  DATE,
  /** A time of day alone, {@code 21:02:31}, on the {@link #DATE}. */
  TIME_OF_DAY,
  /**
   * Where the proxy sent the request, a name from its configuration (HAProxy's backend {@code
   * %b}, Envoy's {@code %UPSTREAM_CLUSTER%}): kept on the event so operations can be grouped per
   * backend; a dash or {@code -1} is none.
   */
  BACKEND,
  /**
   * The id the log gave the request (nginx's {@code $request_id}, Envoy's {@code x-request-id},
   * HAProxy's {@code %ID}, ALB's trace id, CloudFront's edge request id): kept on the event for
   * the slowest requests; a dash is none.
   */
  REQUEST_ID,
  /**
   * The host that served the request (nginx's {@code $hostname}, a JSON log's host key): kept on
   * the event so that a histogram table has a row set per host of one file, such as a central
   * collector's; a dash or nothing is none.
   */
  HOST,
  OTHER;

  public static final int COUNT = values().length;

  /**
   * Whether every value is a number, a list of numbers or a dash: never a quote, and a space only
   * inside a list ({@code 0.1, 0.2}). Such a field can be found from the end of a line.
   */
  public boolean bare() {
    return this == REQUEST_TIME || this == UPSTREAM_TIME || this == STATUS || this == MSEC
        || this == BYTES || this == TERMINATION_STATE || this == TIME_PART;
  }
}
