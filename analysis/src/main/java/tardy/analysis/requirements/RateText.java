package tardy.analysis.requirements;

import java.math.BigDecimal;

/**
 * A rate of bytes as a requirements file writes it: {@code 1GB/s}, {@code 512 MiB/s}, {@code
 * 300MB/s}. SI units are powers of 1000 (KB, MB, GB, TB), binary ones of 1024 (KiB, MiB, GiB,
 * TiB), as the JVM's own {@code K}/{@code M}/{@code G} are.
 */
final class RateText {

  private static final String[] UNITS = {"TiB", "GiB", "MiB", "KiB", "TB", "GB", "MB", "KB", "B"};
  private static final double[] SCALES = {
    0x1p40, 0x1p30, 0x1p20, 0x1p10, 1e12, 1e9, 1e6, 1e3, 1
  };

  private RateText() {}

  /** Bytes per second, more than 0. */
  static double bytesPerSecond(String text) {
    String t = text.endsWith("/s") ? text.substring(0, text.length() - 2).trim() : null;
    if (t != null) {
      for (int i = 0; i < UNITS.length; i++) {
        if (t.endsWith(UNITS[i])) {
          String number = t.substring(0, t.length() - UNITS[i].length()).trim();
          try {
            BigDecimal v = new BigDecimal(number);
            if (v.signum() > 0) {
              return v.doubleValue() * SCALES[i];
            }
          } catch (NumberFormatException e) {
            break; // reported below
          }
          break;
        }
      }
    }
    throw new IllegalArgumentException("'" + text + "' is not a rate of bytes above 0: write e.g."
        + " 1GB/s or 512MiB/s (B, KB, MB, GB, TB: powers of 1000; KiB, MiB, GiB, TiB: of 1024)");
  }
}
