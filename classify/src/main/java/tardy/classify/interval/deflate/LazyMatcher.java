package tardy.classify.interval.deflate;

import static tardy.classify.interval.deflate.Rfc1951.MAX_MATCH;
import static tardy.classify.interval.deflate.Rfc1951.MIN_MATCH;

import java.util.Arrays;

/**
 * Turns an input into deflate's literals and matches the way zlib's level 9 does (lazy matching
 * with zlib's hash chains and its rules), for an input that fits one block without the window
 * sliding. zlib's choices depend on which earlier positions share a hash and on their order, so
 * the hash, the chain order and every cut-off are zlib's; only the bookkeeping is different: the
 * hash heads hold positions offset by a base that grows with each input, so an earlier input's
 * entries read as empty and the table is never cleared.
 */
final class LazyMatcher {

  private static final int HASH_BITS = 15;
  private static final int HASH_MASK = (1 << HASH_BITS) - 1;
  /** Shorter chain once the previous match is this long. */
  private static final int GOOD_LENGTH = 32;
  /** No lazy search past a previous match this long. */
  private static final int LAZY_LENGTH = 258;
  /** Stop searching at a match this long. */
  private static final int NICE_LENGTH = 258;
  private static final int MAX_CHAIN = 4096;
  /** A match of 3 this far back costs more than its three literals. */
  private static final int TOO_FAR = 4096;

  /** Per hash: base + the latest position with it; at or below base, none. */
  private final int[] head = new int[1 << HASH_BITS];
  /** Per position: the previous position with the same hash, 0 for none (as in zlib, position 0 is never a candidate). */
  private final int[] previous;
  private int base;
  private int nextBase;

  private byte[] in;
  private int lookahead;
  private int matchStart;

  LazyMatcher(int maxInput) {
    previous = new int[maxInput];
  }

  /** Tallies the symbols of {@code input[0, length)} into {@code block}. */
  void parse(byte[] input, int length, Block block) {
    if (nextBase > Integer.MAX_VALUE - length - 1) {
      Arrays.fill(head, 0);
      nextBase = 0;
    }
    base = nextBase;
    nextBase = base + length + 1;
    in = input;
    int start = 0;
    lookahead = length;
    int matchLength = MIN_MATCH - 1;
    int prevLength;
    int prevMatch;
    boolean literalPending = false;
    while (lookahead > 0) {
      int candidate = lookahead >= MIN_MATCH ? insert(start) : 0;
      prevLength = matchLength;
      prevMatch = matchStart;
      matchLength = MIN_MATCH - 1;
      if (candidate != 0 && prevLength < LAZY_LENGTH) {
        matchLength = longestMatch(start, candidate, prevLength);
        if (matchLength == MIN_MATCH && start - matchStart > TOO_FAR) {
          matchLength = MIN_MATCH - 1;
        }
      }
      if (prevLength >= MIN_MATCH && matchLength <= prevLength) {
        // the match found one position back is at least as long: take it
        int lastInsert = start + lookahead - MIN_MATCH;
        block.match(start - 1 - prevMatch, prevLength);
        lookahead -= prevLength - 1;
        for (int i = prevLength - 2; i > 0; i--) {
          if (++start <= lastInsert) {
            insert(start);
          }
        }
        literalPending = false;
        matchLength = MIN_MATCH - 1;
        start++;
      } else {
        if (literalPending) {
          block.literal(in[start - 1]);
        }
        literalPending = true;
        start++;
        lookahead--;
      }
    }
    if (literalPending) {
      block.literal(in[start - 1]);
    }
    in = null;
  }

  /** Enters {@code position} into its hash chain; the chain's previous head, or 0. */
  private int insert(int position) {
    byte[] b = in;
    int hash = (((b[position] & 0xFF) << 10) ^ ((b[position + 1] & 0xFF) << 5)
        ^ (b[position + 2] & 0xFF)) & HASH_MASK;
    int latest = head[hash] - base;
    head[hash] = base + position;
    int before = latest > 0 ? latest : 0;
    previous[position] = before;
    return before;
  }

  /**
   * zlib's longest match: candidates newest first, only those beating the best so far, the chain
   * cut to a quarter after a good previous match, stopping at a nice length. Lengths are counted
   * over the input only; zlib may count past its end, which changes nothing it emits.
   */
  private int longestMatch(int start, int candidate, int prevLength) {
    byte[] b = in;
    int chain = prevLength >= GOOD_LENGTH ? MAX_CHAIN >> 2 : MAX_CHAIN;
    int best = prevLength;
    int most = Math.min(MAX_MATCH, lookahead);
    if (best >= most) {
      return most; // nothing can beat the previous match: it will be taken
    }
    int nice = Math.min(NICE_LENGTH, lookahead);
    int cur = candidate;
    do {
      if (b[cur + best] == b[start + best] && b[cur + best - 1] == b[start + best - 1]
          && b[cur] == b[start] && b[cur + 1] == b[start + 1]) {
        int length = 2;
        while (length < most && b[cur + length] == b[start + length]) {
          length++;
        }
        if (length > best) {
          matchStart = cur;
          best = length;
          if (length >= nice) {
            break;
          }
        }
      }
      cur = previous[cur];
    } while (cur > 0 && --chain != 0);
    return best;
  }
}
