package tardy.render.json;

import tardy.render.Escape;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.CharacterEscapes;
import tools.jackson.core.io.SerializedString;

/**
 * JSON's escapes, and also {@code \\u} escapes for what JSON may carry raw but a terminal or a
 * line-based reader must not meet raw: DEL, C1 controls, the line separators and bidi controls
 * ({@link Escape#isControl}). A JSON document or a JSON line piped to a terminal then holds no
 * byte that drives it, and reads back to the same strings.
 */
final class JsonEscapes extends CharacterEscapes {

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private final int[] ascii;

  JsonEscapes() {
    ascii = standardAsciiEscapesForJSON();
    ascii[0x7f] = ESCAPE_STANDARD;
  }

  @Override
  public int[] getEscapeCodesForAscii() {
    return ascii;
  }

  @Override
  public SerializableString getEscapeSequence(int ch) {
    if (ch > 0xffff || !Escape.isControl((char) ch)) {
      return null;
    }
    return new SerializedString(new String(new char[] {'\\', 'u', HEX[ch >> 12], HEX[(ch >> 8) & 0xf],
        HEX[(ch >> 4) & 0xf], HEX[ch & 0xf]}));
  }
}
