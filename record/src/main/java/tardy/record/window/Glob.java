package tardy.record.window;

/**
 * A path glob matched on bytes: {@code *} any run of bytes but '/', {@code **} any run at all,
 * {@code ?} one byte but '/'; every other byte stands for itself. Backtracking is bounded by the
 * glob's stars, which a user types: a handful.
 */
final class Glob {

  private Glob() {}

  static boolean matches(byte[] glob, int g, byte[] text, int t, int end) {
    while (g < glob.length) {
      byte c = glob[g];
      if (c == '*') {
        boolean any = g + 1 < glob.length && glob[g + 1] == '*';
        int rest = any ? g + 2 : g + 1;
        for (int i = t; i <= end; i++) {
          if (matches(glob, rest, text, i, end)) {
            return true;
          }
          if (i < end && !any && text[i] == '/') {
            return false;
          }
        }
        return false;
      }
      if (t >= end || (c == '?' ? text[t] == '/' : text[t] != c)) {
        return false;
      }
      g++;
      t++;
    }
    return t == end;
  }
}
