package tardy.cli;

import java.util.Locale;
import picocli.CommandLine;

/**
 * A duration as the user types it, in nanoseconds: a whole number with a unit ({@code 5s},
 * {@code 500ms}, {@code 100us}, {@code 1m}); a bare number is seconds. Whole numbers only, so no
 * locale can change what a decimal separator means.
 */
final class DurationConverter implements CommandLine.ITypeConverter<Long> {

  @Override
  public Long convert(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    int digits = 0;
    while (digits < v.length() && Character.isDigit(v.charAt(digits)) && v.charAt(digits) < 128) {
      digits++;
    }
    if (digits == 0 || digits > 12) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a duration like 5s, 500ms, 100us or 1m");
    }
    long n = Long.parseLong(v.substring(0, digits));
    long unit = switch (v.substring(digits)) {
      case "ns" -> 1L;
      case "us" -> 1_000L;
      case "ms" -> 1_000_000L;
      case "", "s" -> 1_000_000_000L;
      case "m", "min" -> 60_000_000_000L;
      default -> throw new CommandLine.TypeConversionException(
          "'" + value + "' has an unknown unit (use ns, us, ms, s or m)");
    };
    return Math.multiplyExact(n, unit);
  }
}
