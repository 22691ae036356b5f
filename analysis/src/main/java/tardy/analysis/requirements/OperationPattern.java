package tardy.analysis.requirements;

import java.util.regex.Pattern;

/** What a requirement matches: requests by method and path template, or pauses by VM operation. */
public sealed interface OperationPattern {

  /** @param path the path as logged, query dropped and nginx {@code \xHH} escapes decoded */
  boolean matchesRequest(String method, String path);

  boolean matchesPause(String kind);

  /** {@code GET /product/{id}}: {@code {x}} matches inside one segment, {@code **} the rest. */
  record Request(String method, String template, Pattern path) implements OperationPattern {

    @Override
    public boolean matchesRequest(String m, String p) {
      return method.equals(m) && path.matcher(p).matches();
    }

    @Override
    public boolean matchesPause(String kind) {
      return false;
    }
  }

  /** {@code G1*}: a VM operation, {@code *} matching any run of characters. */
  record Pause(String glob, Pattern kind) implements OperationPattern {

    @Override
    public boolean matchesRequest(String method, String path) {
      return false;
    }

    @Override
    public boolean matchesPause(String k) {
      return kind.matcher(k).matches();
    }
  }
}
