package tardy.events;

/**
 * Counts in words, the one place that writes them: digits grouped by thousands, and a noun that
 * agrees with the number ({@code 1 line}, {@code 0 lines}, {@code 1,234 lines}).
 */
public final class Counts {

  private Counts() {}

  /** {@code 1 line}, {@code 2 lines}: the noun, or the noun and its verb, with an s for all but one. */
  public static String of(long n, String noun) {
    return grouped(n) + " " + word(n, noun, noun + "s");
  }

  /** {@code 1 pause lies}, {@code 2 pauses lie}: the words for one and for any other count. */
  public static String of(long n, String one, String many) {
    return grouped(n) + " " + word(n, one, many);
  }

  /** The word that agrees with {@code n} when it stands elsewhere in the sentence: was, were. */
  public static String word(long n, String one, String many) {
    return n == 1 ? one : many;
  }

  /**
   * {@code 1,234,567}: what {@code String.format(Locale.ROOT, "%,d", n)} gives, without the
   * formatter's locale data, whose loading is a tenth of a short run's start-up.
   */
  public static String grouped(long n) {
    String digits = Long.toString(n);
    int sign = n < 0 ? 1 : 0;
    int length = digits.length() - sign;
    if (length <= 3) {
      return digits;
    }
    StringBuilder s = new StringBuilder(digits.length() + length / 3);
    int head = sign + (length % 3 == 0 ? 3 : length % 3);
    s.append(digits, 0, head);
    for (int i = head; i < digits.length(); i += 3) {
      s.append(',').append(digits, i, i + 3);
    }
    return s.toString();
  }
}
