package tardy.events;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import tardy.events.Ascii;

/**
 * The one spelling of a request's bytes in an operation's name, whatever the log's escaping: the
 * one nginx's default escaping gives ({@code combined}), where {@code "}, {@code \}, control bytes
 * and bytes from 0x7F are {@code \xHH}. A log written with {@code escape=json} spells the same
 * request {@code \"}, {@code \\}, {@code \n}, other control bytes as their code points and raw UTF-8; one with {@code
 * escape=none} gives the raw bytes. {@link #canonical} reads all of these alike, so a request is
 * the same operation in every layout. The escapings never overlap: {@code \x} is not a JSON
 * escape, and default escaping never leaves a {@code \} alone. Only bytes logged as sent
 * ({@code escape=none}) must be told apart: there a backslash is the client's.
 */
public final class RequestSpelling {

  private RequestSpelling() {}

  /** The most bytes {@link #canonical} writes for that many logged bytes. */
  public static int maxCanonicalLength(int loggedLength) {
    return 4 * loggedLength;
  }

  /**
   * Whether {@code b[from, to)} is spelled as {@link #canonical} spells it, eight bytes a step.
   *
   * @param asSent the bytes are the client's as they came ({@code escape=none})
   */
  public static boolean isCanonical(byte[] b, int from, int to, boolean asSent) {
    int i = from;
    while (true) {
      for (; i + Long.BYTES <= to; i += Long.BYTES) {
        long hits = escapedBytes(Ascii.longAt(b, i));
        if (hits != 0) {
          i += Long.numberOfTrailingZeros(hits) >>> 3;
          break;
        }
      }
      while (i < to && !mustEscape(b[i])) {
        i++;
      }
      if (i >= to) {
        return true;
      }
      if (!asSent && hexEscapeAt(b, i, to)) {
        i += 4; // already nginx's
      } else {
        return false;
      }
    }
  }

  /**
   * Writes {@code b[from, to)} into {@code out} from {@code at} as nginx's default escaping spells
   * the bytes it stands for, reading nginx's {@code \xHH}, JSON's escapes and raw bytes alike.
   *
   * @param asSent the bytes are the client's as they came ({@code escape=none}): none is an escape
   * @return the end of what was written; at most {@link #maxCanonicalLength} bytes
   */
  public static int canonical(byte[] b, int from, int to, byte[] out, int at, boolean asSent) {
    int w = at;
    int i = from;
    while (i < to) {
      byte c = b[i];
      if (c != '\\' || i + 1 >= to || asSent) {
        w = put(c, out, w);
        i++;
      } else if (hexEscapeAt(b, i, to)) {
        System.arraycopy(b, i, out, w, 4);
        w += 4;
        i += 4;
      } else {
        int code = jsonEscape(b[i + 1]);
        if (code >= 0) {
          w = put((byte) code, out, w);
          i += 2;
        } else if (b[i + 1] == 'u' && hex4(b, i + 2, to) >= 0) {
          int cp = hex4(b, i + 2, to);
          i += 6;
          if (Character.isHighSurrogate((char) cp) && i + 5 < to && b[i] == '\\'
              && b[i + 1] == 'u' && Character.isLowSurrogate((char) hex4(b, i + 2, to))) {
            cp = Character.toCodePoint((char) cp, (char) hex4(b, i + 2, to));
            i += 6;
          } else if (Character.isSurrogate((char) cp)) {
            cp = 0xFFFD; // half a pair stands for no character
          }
          w = putUtf8(cp, out, w);
        } else {
          w = put(c, out, w); // a backslash standing for itself
          i++;
        }
      }
    }
    return w;
  }

  /**
   * The text the client sent, from the canonical spelling: {@code /caf\xC3\xA9} is {@code /café}
   * on the wire. Requirements match what the client sent, not how the log spelled it.
   */
  public static String decode(String canonical) {
    if (canonical.indexOf("\\x") < 0) {
      return canonical;
    }
    byte[] in = canonical.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream(in.length);
    for (int i = 0; i < in.length; i++) {
      if (hexEscapeAt(in, i, in.length)) {
        out.write(hex(in[i + 2]) << 4 | hex(in[i + 3]));
        i += 3;
      } else {
        out.write(in[i]);
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static final byte[] HEX = Ascii.bytes("0123456789ABCDEF");

  /** What nginx's default escaping writes as {@code \xHH}. */
  private static boolean mustEscape(byte c) {
    return c < 0x20 || c == '"' || c == '\\' || c == 0x7f; // bytes from 0x80 are negative
  }

  private static int put(byte c, byte[] out, int w) {
    if (!mustEscape(c)) {
      out[w] = c;
      return w + 1;
    }
    out[w] = '\\';
    out[w + 1] = 'x';
    out[w + 2] = HEX[(c >> 4) & 0xf];
    out[w + 3] = HEX[c & 0xf];
    return w + 4;
  }

  private static int putUtf8(int cp, byte[] out, int w) {
    if (cp < 0x80) {
      return put((byte) cp, out, w);
    }
    if (cp < 0x800) {
      w = put((byte) (0xC0 | cp >> 6), out, w);
    } else {
      if (cp < 0x10000) {
        w = put((byte) (0xE0 | cp >> 12), out, w);
      } else {
        w = put((byte) (0xF0 | cp >> 18), out, w);
        w = put((byte) (0x80 | (cp >> 12 & 0x3f)), out, w);
      }
      w = put((byte) (0x80 | (cp >> 6 & 0x3f)), out, w);
    }
    return put((byte) (0x80 | (cp & 0x3f)), out, w);
  }

  /** The byte a two-character JSON escape stands for, or -1 (also for {@code \\u}). */
  private static int jsonEscape(byte c) {
    return switch (c) {
      case '"', '\\', '/' -> c;
      case 'b' -> '\b';
      case 'f' -> '\f';
      case 'n' -> '\n';
      case 'r' -> '\r';
      case 't' -> '\t';
      default -> -1;
    };
  }

  /** Whether nginx's {@code \xHH} starts at {@code b[i]} before {@code to}. */
  public static boolean hexEscapeAt(byte[] b, int i, int to) {
    return b[i] == '\\' && i + 3 < to && b[i + 1] == 'x' && hex(b[i + 2]) >= 0
        && hex(b[i + 3]) >= 0;
  }

  /** The four hex digits from {@code i} as a number, or -1. */
  private static int hex4(byte[] b, int i, int to) {
    if (i + 4 > to) {
      return -1;
    }
    int v = 0;
    for (int k = i; k < i + 4; k++) {
      int h = hex(b[k]);
      if (h < 0) {
        return -1;
      }
      v = v << 4 | h;
    }
    return v;
  }

  private static int hex(byte b) {
    if (b >= '0' && b <= '9') {
      return b - '0';
    }
    if (b >= 'a' && b <= 'f') {
      return b - 'a' + 10;
    }
    return b >= 'A' && b <= 'F' ? b - 'A' + 10 : -1;
  }

  private static final long HIGHS = 0x8080808080808080L;
  private static final long LOW7 = 0x7f7f7f7f7f7f7f7fL;

  /**
   * The high bit of each of the eight bytes that {@link #mustEscape} (a backslash too), exact up
   * to the first such byte (a borrow may flag bytes after it).
   */
  private static long escapedBytes(long word) {
    long controls = ~((word & LOW7) + 0x6060606060606060L) & HIGHS; // below 0x20 (or from 0x80)
    return word & HIGHS | controls | Ascii.zeroBytes(word ^ 0x2222222222222222L)
        | Ascii.zeroBytes(word ^ 0x5c5c5c5c5c5c5c5cL) | Ascii.zeroBytes(word ^ LOW7);
  }
}
