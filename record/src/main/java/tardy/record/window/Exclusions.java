package tardy.record.window;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tardy.events.Outcome;
import tardy.events.RequestEvent;

/**
 * {@code --exclude-status}, {@code --exclude-method} and {@code --exclude-path}: requests a run
 * leaves out on purpose, such as websockets and long polls, whose "latency" is how long a
 * connection stayed open. Each value is a reason of its own in the accounting of lines, so what
 * was left out is counted and shown, never silently dropped. Requests only: a JVM pause is never
 * excluded. Matched on the line's bytes, no regex: it runs per request.
 *
 * @param statuses status codes left out
 * @param methods methods left out, upper case (GET, CONNECT)
 * @param paths globs on the request's path without its query: {@code *} matches within a path
 *     segment, {@code **} across segments, {@code ?} one character
 */
public record Exclusions(List<Integer> statuses, List<String> methods, List<String> paths)
    implements java.io.Serializable {

  public Exclusions {
    statuses = List.copyOf(statuses);
    methods = methods.stream().map(m -> m.toUpperCase(Locale.ROOT)).toList();
    paths = List.copyOf(paths);
    for (int s : statuses) {
      if (s < 100 || s > 599) {
        throw new IllegalArgumentException("--exclude-status takes codes from 100 to 599, not " + s);
      }
    }
    for (String p : paths) {
      if (!p.startsWith("/") && !p.startsWith("*")) {
        throw new IllegalArgumentException(
            "--exclude-path takes a glob on the path, starting with / or *, not '" + p + "'");
      }
    }
  }

  /** None of them given: nothing to leave out. */
  public boolean isEmpty() {
    return statuses.isEmpty() && methods.isEmpty() && paths.isEmpty();
  }

  /** Whether a reason of the accounting is one of these options' ("excluded by --exclude-…"). */
  public static boolean isReason(String reason) {
    return reason.startsWith("excluded by --exclude-");
  }

  /** The reason a line counts as ignored for one value, as the accounting shows it. */
  public static Outcome statusReason(int status) {
    return Outcome.ignored("excluded by --exclude-status " + status);
  }

  public static Outcome methodReason(String method) {
    return Outcome.ignored("excluded by --exclude-method " + method.toUpperCase(Locale.ROOT));
  }

  public static Outcome pathReason(String glob) {
    return Outcome.ignored("excluded by --exclude-path " + glob);
  }

  /** All the reasons these exclusions can give, to total them for the note. */
  public List<Outcome> reasons() {
    List<Outcome> out = new ArrayList<>();
    statuses.forEach(s -> out.add(statusReason(s)));
    methods.forEach(m -> out.add(methodReason(m)));
    paths.forEach(p -> out.add(pathReason(p)));
    return out;
  }

  /** "--exclude-status 101, --exclude-path /ws/**", for the note. */
  public String describe() {
    List<String> parts = new ArrayList<>();
    statuses.forEach(s -> parts.add("--exclude-status " + s));
    methods.forEach(m -> parts.add("--exclude-method " + m));
    paths.forEach(p -> parts.add("--exclude-path " + p));
    return String.join(", ", parts);
  }

  /** The test of one run: reasons made once, bytes compared per request. */
  public Matcher matcher() {
    return new Matcher(this);
  }

  /** Where a request falls: null kept, else the reason (the first value that excludes it). */
  public static final class Matcher {
    private final int[] statuses;
    private final Outcome[] statusReasons;
    private final byte[][] methods;
    private final Outcome[] methodReasons;
    private final byte[][] globs;
    private final Outcome[] pathReasons;

    private Matcher(Exclusions x) {
      statuses = x.statuses.stream().mapToInt(Integer::intValue).toArray();
      statusReasons = x.statuses.stream().map(Exclusions::statusReason).toArray(Outcome[]::new);
      methods = x.methods.stream().map(m -> m.getBytes(java.nio.charset.StandardCharsets.US_ASCII))
          .toArray(byte[][]::new);
      methodReasons = x.methods.stream().map(Exclusions::methodReason).toArray(Outcome[]::new);
      globs = x.paths.stream().map(p -> p.getBytes(java.nio.charset.StandardCharsets.UTF_8))
          .toArray(byte[][]::new);
      pathReasons = x.paths.stream().map(Exclusions::pathReason).toArray(Outcome[]::new);
    }

    public Outcome place(RequestEvent e) {
      for (int i = 0; i < statuses.length; i++) {
        if (e.status() == statuses[i]) {
          return statusReasons[i];
        }
      }
      byte[] buf = e.buf();
      for (int i = 0; i < methods.length; i++) {
        if (equalsIgnoreCase(buf, e.methodFrom(), e.methodTo(), methods[i])) {
          return methodReasons[i];
        }
      }
      if (globs.length > 0 && e.targetTo() > e.targetFrom()) {
        int end = e.targetFrom();
        while (end < e.targetTo() && buf[end] != '?') {
          end++;
        }
        for (int i = 0; i < globs.length; i++) {
          if (Glob.matches(globs[i], 0, buf, e.targetFrom(), end)) {
            return pathReasons[i];
          }
        }
      }
      return null;
    }

    private static boolean equalsIgnoreCase(byte[] buf, int from, int to, byte[] upper) {
      if (to - from != upper.length) {
        return false;
      }
      for (int i = 0; i < upper.length; i++) {
        int b = buf[from + i];
        if ((b >= 'a' && b <= 'z' ? b - 32 : b) != upper[i]) {
          return false;
        }
      }
      return true;
    }
  }
}
