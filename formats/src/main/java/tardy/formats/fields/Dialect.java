package tardy.formats.fields;

import tardy.events.Outcome;

/**
 * The words of one server's log configuration, for messages, and the conventions its fields follow.
 *
 * @param server the program that writes the log ({@code nginx}), for "nginx logged none"
 * @param directive what the user edits to change the layout ({@code log_format})
 * @param sigil what starts a variable in that directive ({@code $}), to name a variable in messages
 * @param none what the server writes for a value it has not ({@code -}; HAProxy's {@code -1}, for a
 *     step that did not happen); a dash and an empty value are always none
 * @param clientClosedStatus the status the server logs when the client went away before the
 *     answer (nginx's 499), or 0 when it has none
 * @param timeIsStart the line's time is when the request arrived (httpd's {@code %t}), not when it
 *     ended (nginx): its end is that time plus the request time
 * @param noStatus what the server writes as the status of a request it sent no answer to
 *     (Envoy's {@code 0}, Traefik's {@code -}): such a request has no status; null when the server
 *     always writes one
 */
public record Dialect(String server, String directive, String sigil, String none,
    int clientClosedStatus, boolean timeIsStart, String noStatus) {

  /** A server that always writes a status. */
  public Dialect(String server, String directive, String sigil, String none,
      int clientClosedStatus, boolean timeIsStart) {
    this(server, directive, sigil, none, clientClosedStatus, timeIsStart, null);
  }

  public static final Dialect NGINX = new Dialect("nginx", "log_format", "$", "-", 499, false);

  /** A line that is not in the layout. */
  public Outcome noMatch() {
    return Outcome.malformed("line does not match the " + directive);
  }

  /** A line whose request time is a dash or empty. */
  public Outcome absentRequestTime() {
    return Outcome.ignored("request time is \"" + none + "\" or empty (" + server + " logged none)");
  }
}
