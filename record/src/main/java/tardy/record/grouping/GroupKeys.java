package tardy.record.grouping;

import java.util.function.Function;
import tardy.events.Ascii;
import tardy.events.PauseEvent;
import tardy.events.RareBranch;
import tardy.events.RequestEvent;
import tardy.events.RequestSpelling;

/**
 * Finds the group of each event through a {@link Grouping}, asking it once per distinct raw key:
 * "METHOD path" as logged (query dropped) or the pause kind. What is cached per raw key is the
 * caller's own object for the group name ({@code V}), so a repeated key costs one hash of its
 * bytes and nothing else. A request's key is looked up first as the line holds it, then folded
 * ({@link #foldDigitRuns}): a path without ids, most of a service's traffic, is neither copied nor
 * folded. One instance per thread.
 *
 * @param <V> what a group name resolves to: the group itself, or the name
 */
public final class GroupKeys<V> {

  private final Grouping grouping;
  private final Function<String, V> resolve;
  private final RawKeyCache<V> cache = new RawKeyCache<>();
  private V invalidRequest;
  private V unnamedPause;
  private byte[] scratch = new byte[256];
  private byte[] respelled = new byte[256]; // a request's bytes spelled as combined spells them
  /** Whether ids may be folded in raw keys before the cache: see {@link #foldDigitRuns}. */
  private final boolean foldIds;
  /** Whether a request's backend is part of its key: see {@link Grouping#byBackend}. */
  private final boolean byBackend;

  /** @param resolve turns a group name into what is cached for it; called once per raw key */
  public GroupKeys(Grouping grouping, Function<String, V> resolve) {
    this.grouping = grouping;
    this.resolve = resolve;
    this.foldIds = grouping.foldsIds();
    this.byBackend = grouping.byBackend();
  }

  /** The group of a request; {@link Grouping#INVALID_REQUEST}'s when it is not well formed. */
  public V request(RequestEvent e) {
    // one branch that ordinary traffic takes (RareBranch): a log's first ill-formed request line
    // after the JIT compiled this method does not recompile it
    if ((e.illFormed() | RareBranch.every(++requests)) != 0) {
      return checked(e);
    }
    return wellFormed(e);
  }

  /** A request that may be ill-formed: a method of its own, so its test is not compiled inline. */
  private V checked(RequestEvent e) {
    if (!e.wellFormed()) {
      if (invalidRequest == null) {
        invalidRequest = resolve.apply(Grouping.INVALID_REQUEST);
      }
      return invalidRequest;
    }
    return wellFormed(e);
  }

  private V wellFormed(RequestEvent e) {
    byte[] b = e.buf();
    int pathTo = Ascii.indexOf(b, e.targetFrom(), e.targetTo(), (byte) '?');
    if (pathTo < 0) {
      pathTo = e.targetTo();
    }
    boolean asSent = e.isAsSent();
    boolean backend = byBackend && e.hasBackend();
    boolean direct = false; // looked up as the line has it, and missed
    int directHash = 0;
    if (!backend && e.targetFrom() == e.methodTo() + 1 && b[e.methodTo()] == ' '
        && (!asSent || Ascii.indexOf(b, e.methodFrom(), pathTo, (byte) '\\') < 0)) {
      // "METHOD path" as the line has it: a path without ids is found without copying or folding
      // (keys are spelled as combined spells them: nothing else is found, save what reads alike)
      directHash = RawKeyCache.hash(b, e.methodFrom(), pathTo);
      V group = cache.get(b, e.methodFrom(), pathTo, directHash);
      if (group != null) {
        return group;
      }
      direct = true;
    }
    int methodFrom = e.methodFrom();
    int methodTo = e.methodTo();
    int pathFrom = e.targetFrom();
    int linePathTo = pathTo;
    boolean canonical = RequestSpelling.isCanonical(b, methodFrom, methodTo, asSent)
        && RequestSpelling.isCanonical(b, pathFrom, pathTo, asSent);
    if (!canonical) {
      // spelled otherwise than combined spells it (escape=json, escape=none): respelled first
      int most = RequestSpelling.maxCanonicalLength(methodTo - methodFrom + pathTo - pathFrom);
      if (respelled.length < most) {
        respelled = new byte[Math.max(most, respelled.length * 2)];
      }
      methodTo = RequestSpelling.canonical(b, methodFrom, methodTo, respelled, 0, asSent);
      pathTo = RequestSpelling.canonical(b, pathFrom, pathTo, respelled, methodTo, asSent);
      b = respelled;
      methodFrom = 0;
      pathFrom = methodTo;
    }
    int methodLen = methodTo - methodFrom;
    int pathLen = pathTo - pathFrom;
    int len = methodLen + 1 + pathLen;
    if (scratch.length < len) {
      scratch = new byte[Math.max(len, scratch.length * 2)];
    }
    System.arraycopy(b, methodFrom, scratch, 0, methodLen);
    scratch[methodLen] = ' ';
    boolean onlyFilesFolded = false; // no id folded, only the inferred grouping's path fold
    if (foldIds) {
      len = foldDigitRuns(b, pathFrom, pathTo, scratch, methodLen + 1);
      boolean idsKept = direct && canonical && len - methodLen - 1 == pathLen
          && java.util.Arrays.equals(scratch, methodLen + 1, len, b, pathFrom, pathTo);
      int digitsEnd = len;
      len = grouping.foldRawPath(scratch, methodLen + 1, len);
      onlyFilesFolded = idsKept && (len != digitsEnd
          || !java.util.Arrays.equals(scratch, methodLen + 1, len, b, pathFrom, pathTo));
    } else {
      System.arraycopy(b, pathFrom, scratch, methodLen + 1, pathLen);
    }
    int pathEnd = len;
    if (backend) { // "METHOD path\tbackend": a tab is never in a logged path
      int backendLen = e.backendTo() - e.backendFrom();
      if (scratch.length < len + 1 + backendLen) {
        scratch = java.util.Arrays.copyOf(scratch, Math.max(len + 1 + backendLen, scratch.length * 2));
      }
      scratch[len] = '\t';
      System.arraycopy(e.buf(), e.backendFrom(), scratch, len + 1, backendLen);
      len += 1 + backendLen;
    }
    int hash = RawKeyCache.hash(scratch, 0, len);
    V group = cache.get(scratch, 0, len, hash);
    if (group == null) {
      group = firstSeen(methodLen, pathEnd, len, hash);
    }
    if (onlyFilesFolded) {
      rememberAsLogged(e.buf(), e.methodFrom(), linePathTo, directHash, group);
    }
    return group;
  }

  /** Requests looked up: what tells {@link RareBranch} when to take its test's branch anyway. */
  private long requests;

  /**
   * Hashes of keys as logged that missed once and whose only fold was the inferred grouping's
   * (a build hash in {@code app.3f9a1c7e.js}, a parameter): such a key met a second time is
   * cached as it is, so a site's few asset names are found at the first lookup, where each was
   * folded and looked up twice per request. Keys met once (a fresh name per request) never fill
   * the cache. Made at the first such key.
   */
  private int[] missedOnce;

  /** How many keys as logged were cached beside their folded key. */
  int cachedAsLogged;

  /**
   * Caches {@code b[methodFrom, pathTo)}, a canonical key with no id that the inferred grouping's
   * fold changed, once it has missed twice: its group is the one its fold gives, as a folded
   * key's is, so the cache answers for it what folding it would.
   */
  private void rememberAsLogged(byte[] b, int methodFrom, int pathTo, int hash, V group) {
    if (missedOnce == null) {
      missedOnce = new int[1 << 10];
    }
    int slot = hash & (missedOnce.length - 1);
    if (missedOnce[slot] != hash || hash == 0) {
      missedOnce[slot] = hash;
      return;
    }
    missedOnce[slot] = 0;
    cache.put(b, methodFrom, pathTo, hash, group);
    cachedAsLogged++;
  }

  /**
   * The key {@code "METHOD path"} of a request as {@link #request} names it, from its bytes as
   * logged (query dropped): spelled as combined spells them ({@link RequestSpelling}), so the same
   * request is the same key whatever the log's layout.
   */
  public static String requestKey(RequestEvent e) {
    byte[] b = e.buf();
    int methodFrom = e.methodFrom();
    int methodTo = e.methodTo();
    int targetFrom = e.targetFrom();
    int targetTo = e.targetTo();
    int pathTo = Ascii.indexOf(b, targetFrom, targetTo, (byte) '?');
    pathTo = pathTo < 0 ? targetTo : pathTo;
    byte[] out = new byte[RequestSpelling.maxCanonicalLength(methodTo - methodFrom + pathTo
        - targetFrom) + 1];
    int w = RequestSpelling.canonical(b, methodFrom, methodTo, out, 0, e.isAsSent());
    out[w++] = ' ';
    w = RequestSpelling.canonical(b, targetFrom, pathTo, out, w, e.isAsSent());
    return Ascii.text(out, 0, w);
  }

  /**
   * The raw key a request key {@code "METHOD path"} (query dropped) is looked up by: what {@link
   * #request} makes of the same request's bytes, so a sample can ask the grouping once per raw key
   * as the recorder does.
   */
  public static String rawKey(Grouping grouping, String key) {
    if (!grouping.foldsIds()) {
      return key;
    }
    byte[] b = key.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    int path = Ascii.indexOf(b, 0, b.length, (byte) ' ') + 1;
    byte[] out = java.util.Arrays.copyOf(b, b.length);
    int len = foldDigitRuns(b, path, b.length, out, path);
    len = grouping.foldRawPath(out, path, len);
    return new String(out, 0, len, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** Resolves and caches the raw key in {@code scratch}: kept apart, the per-request path stays small. */
  private V firstSeen(int methodLen, int pathEnd, int len, int hash) {
    String method = Ascii.text(scratch, 0, methodLen);
    String path = Ascii.text(scratch, methodLen + 1, pathEnd);
    String name = grouping.requestGroup(method, path);
    if (pathEnd < len) {
      name = Backends.prefixed(Ascii.text(scratch, pathEnd + 1, len), name);
    }
    V group = resolve.apply(name);
    cache.put(scratch, 0, len, hash, group);
    return group;
  }

  /**
   * Copies {@code b[from, to)} to {@code out} from {@code at}, shortening every digit run that
   * stands alone between separators to one {@code 0} and every such UUID to the zero UUID, so
   * {@code /product/123} and {@code /product/456} share one raw key instead of missing the cache
   * once per id. Only for groupings that {@link Grouping#foldsIds fold ids}, which map both to the same group anyway: a
   * run with neither a letter nor a digit on either side and no UUID's dashes around it ({@link
   * #isWholeWord}) is a whole word to {@link PathTemplates#normalize}, and one all-digit word
   * becomes {@code {id}} whatever its digits, one UUID word {@code {uuid}}. Targets with {@code
   * ://} are copied as they are: there the position of the scheme decides what is stripped.
   *
   * <p>The copy jumps from one digit or escape byte to the next, eight bytes per step; a UUID is
   * recognised from the first digit in it, so one without any digit stays unfolded, which costs a
   * cache miss, never a wrong group.
   *
   * @return the end of the copy in {@code out}
   */
  public static int foldDigitRuns(byte[] b, int from, int to, byte[] out, int at) {
    System.arraycopy(b, from, out, at, to - from); // until the first fold, bytes are in place
    int w = at;
    int i = from; // b[from, i) is folded into out[at, w)
    int wordFloor = from; // no word starts before this: the end of the last escape
    int judged = -1; // the start of the last word already judged (a UUID or not)
    while (i < to) {
      int p = nextDigitOrEscape(b, i, to); // everything before p is copied as it is
      if (w - at != i - from) { // a fold made the copy shorter: move what follows
        System.arraycopy(b, i, out, w, p - i);
      }
      w += p - i;
      i = p;
      if (p == to) {
        break;
      }
      if (b[p] == ':') { // the scan stops at colons too, so "://" costs no pass of its own
        if (p + 2 < to && b[p + 1] == '/' && b[p + 2] == '/') {
          System.arraycopy(b, from, out, at, to - from); // undo the folds made before it
          return at + to - from;
        }
        w++; // copied in place above, or moved with what follows
        if (w - at != i + 1 - from) {
          out[w - 1] = ':';
        }
        i = p + 1;
        continue;
      }
      if (b[p] == '%' || b[p] == '\\') { // %20 and \x22 are one character to normalize
        int n = Math.max(PathTemplates.escapeLength(b, p, to), 1);
        if (w - at != i - from) {
          System.arraycopy(b, p, out, w, n);
        }
        w += n;
        i = p + n;
        wordFloor = i;
        continue;
      }
      int wordStart = wordStart(b, wordFloor, p);
      if (wordStart != judged) {
        judged = wordStart;
        if (isUuidWord(b, wordStart, to)) {
          w -= p - wordStart; // the UUID's first bytes were copied already
          System.arraycopy(ZERO_UUID, 0, out, w, UUID_LENGTH);
          w += UUID_LENGTH;
          i = wordStart + UUID_LENGTH;
          continue;
        }
      }
      int runEnd = p + 1;
      while (runEnd < to && KIND[b[runEnd] & 0xff] == DIGIT) {
        runEnd++;
      }
      if (runEnd - p > 1 && isWholeWord(b, wordFloor, p, runEnd, to)) {
        out[w++] = '0';
      } else {
        if (w - at != p - from) {
          System.arraycopy(b, p, out, w, runEnd - p);
        }
        w += runEnd - p;
      }
      i = runEnd;
    }
    return w;
  }

  /**
   * Whether the digit run {@code b[p, end)} is a whole word to {@link PathTemplates#normalize}: no
   * letter or digit on either side ({@code 12-how-to}, {@code 2023-01-15}), and no dashes around
   * it where a UUID has them (normalize reads a UUID across its dashes; anything shaped like one
   * is left as it is, which costs a cache miss, never a wrong group).
   */
  private static boolean isWholeWord(byte[] b, int floor, int p, int end, int to) {
    if (p > floor && isLetterOrDigit(b[p - 1]) || end < to && isLetterOrDigit(b[end])) {
      return false;
    }
    for (int groupStart : UUID_GROUP_STARTS) {
      int s = p - groupStart;
      if (s >= floor && s + UUID_LENGTH <= to && b[s + 8] == '-' && b[s + 13] == '-'
          && b[s + 18] == '-' && b[s + 23] == '-') {
        return false;
      }
    }
    return true;
  }

  private static final int[] UUID_GROUP_STARTS = {0, 9, 14, 19, 24};

  private static boolean isLetterOrDigit(byte c) {
    int kind = KIND[c & 0xff];
    return kind == DIGIT || kind == WORD && c != '-';
  }

  /** Where the word holding {@code at} starts: after the nearest separator, escape or floor. */
  private static int wordStart(byte[] b, int floor, int at) {
    int s = at;
    while (s > floor && KIND[b[s - 1] & 0xff] != SEPARATOR && KIND[b[s - 1] & 0xff] != ESCAPE) {
      s--;
    }
    return s;
  }

  /** The first digit, {@code %}, {@code \\} or {@code :} in {@code b[from, to)}, or {@code to}. */
  private static int nextDigitOrEscape(byte[] b, int from, int to) {
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long hits = digitOrEscapeBytes(Ascii.longAt(b, i));
      if (hits != 0) {
        return i + (Long.numberOfTrailingZeros(hits) >>> 3);
      }
    }
    if (i < to && i + Long.BYTES <= b.length) { // the last bytes as one word read past the end
      long hits = digitOrEscapeBytes(Ascii.longAt(b, i)) & Ascii.firstBytes(to - i);
      return hits != 0 ? i + (Long.numberOfTrailingZeros(hits) >>> 3) : to;
    }
    for (; i < to; i++) {
      byte c = b[i];
      if (Ascii.isDigit(c) || c == '%' || c == '\\' || c == ':') {
        return i;
      }
    }
    return to;
  }

  private static final long HIGHS = 0x8080808080808080L;
  private static final long LOW7 = 0x7f7f7f7f7f7f7f7fL;

  /**
   * The high bit of each of the eight bytes that is a digit, {@code %}, {@code \\} or {@code :},
   * exact up to the first such byte (a borrow may flag bytes after it): only those bytes can start
   * a fold, an escape or a scheme's {@code ://}, so the fold jumps from one to the next.
   */
  public static long digitOrEscapeBytes(long word) {
    long low = word & LOW7; // bytes of 0x80 and above are neither, and must not carry
    long atLeast0 = (low + 0x5050505050505050L) & HIGHS; // 0x80 - '0'
    long above9 = (low + 0x4646464646464646L) & HIGHS; // 0x80 - ('9' + 1)
    long digits = atLeast0 & ~above9 & ~word;
    return digits | Ascii.zeroBytes(word ^ 0x2525252525252525L)
        | Ascii.zeroBytes(word ^ 0x5c5c5c5c5c5c5c5cL) | Ascii.zeroBytes(word ^ 0x3a3a3a3a3a3a3a3aL);
  }

  // byte classes for the fold: one table lookup instead of a chain of range tests per byte
  private static final byte SEPARATOR = 0;
  private static final byte WORD = 1; // letters and '-', which joins words for normalize
  private static final byte DIGIT = 2;
  private static final byte ESCAPE = 3; // '%' and '\\' may start an escape; else separators
  private static final byte[] KIND = new byte[256];

  static {
    for (int c = 'a'; c <= 'z'; c++) {
      KIND[c] = WORD;
      KIND[c - 'a' + 'A'] = WORD;
    }
    KIND['-'] = WORD;
    for (int c = '0'; c <= '9'; c++) {
      KIND[c] = DIGIT;
    }
    KIND['%'] = ESCAPE;
    KIND['\\'] = ESCAPE;
  }

  /** A whole UUID word at {@code i}: 36 bytes, dashes in place, a boundary after it. */
  private static boolean isUuidWord(byte[] b, int i, int to) {
    return i + UUID_LENGTH <= to && b[i + 8] == '-' && b[i + 13] == '-' && b[i + 18] == '-'
        && b[i + 23] == '-' && PathTemplates.isUuid(b, i)
        && (i + UUID_LENGTH == to || isBoundary(b[i + UUID_LENGTH]));
  }

  private static final int UUID_LENGTH = 36;
  private static final byte[] ZERO_UUID = Ascii.bytes("00000000-0000-0000-0000-000000000000");

  private static boolean isBoundary(byte c) {
    int kind = KIND[c & 0xff];
    return kind == SEPARATOR || kind == ESCAPE;
  }

  /** The group of a pause; what the grouping makes of {@link Grouping#UNNAMED_PAUSE} when the log names none. */
  public V pause(PauseEvent e) {
    if (!e.hasKind()) {
      if (unnamedPause == null) {
        unnamedPause = resolve.apply(grouping.pauseGroup(Grouping.UNNAMED_PAUSE));
      }
      return unnamedPause;
    }
    byte[] b = e.kindBuf();
    int hash = e.kindHash();
    V group = cache.get(b, e.kindFrom(), e.kindTo(), hash);
    if (group == null) {
      group = resolve.apply(grouping.pauseGroup(Ascii.text(b, e.kindFrom(), e.kindTo())));
      cache.put(b, e.kindFrom(), e.kindTo(), hash, group);
    }
    return group;
  }
}
