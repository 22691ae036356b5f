package tardy.render;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tardy.record.StatusCodes;

/**
 * The error status codes of a group as the views write them. People read the codes that say
 * what went wrong first: the server's (5xx), rate limiting (429), a client that gave up (499) and
 * a request timeout (408); then the other 4xx. Machines get every code, lowest first.
 */
public final class StatusCodeWords {

  /** How many codes a table cell or a page's cell names; the rest are summed up as "+N". */
  public static final int SHOWN = 4;

  private StatusCodeWords() {}

  /** Every code, lowest first: {@code 404:3 502:12 503:1}; empty when there is none. */
  public static String all(List<StatusCodes.Code> codes) {
    StringBuilder b = new StringBuilder();
    for (StatusCodes.Code c : codes) {
      b.append(b.length() == 0 ? "" : " ").append(c.status()).append(':').append(c.count());
    }
    return b.toString();
  }

  /** The codes in the order a person reads them: those that matter first, then by count. */
  public static List<StatusCodes.Code> ranked(List<StatusCodes.Code> codes) {
    List<StatusCodes.Code> out = new ArrayList<>(codes);
    out.sort(Comparator.comparing((StatusCodes.Code c) -> !matters(c.status()))
        .thenComparing(Comparator.comparingLong(StatusCodes.Code::count).reversed())
        .thenComparingInt(StatusCodes.Code::status));
    return out;
  }

  /** At most {@link #SHOWN} codes, ranked, and how many more: {@code 503:40 502:3 +2}. */
  public static String ranked(List<StatusCodes.Code> codes, int shown) {
    List<StatusCodes.Code> r = ranked(codes);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < Math.min(shown, r.size()); i++) {
      b.append(i == 0 ? "" : " ").append(r.get(i).status()).append(':')
          .append(tardy.events.Counts.grouped(r.get(i).count()));
    }
    if (r.size() > shown) {
      b.append(" +").append(r.size() - shown);
    }
    return b.toString();
  }

  /** A server error, rate limiting, a client that gave up or a request timeout. */
  static boolean matters(int status) {
    return status >= 500 || status == 429 || status == 499 || status == 408;
  }
}
