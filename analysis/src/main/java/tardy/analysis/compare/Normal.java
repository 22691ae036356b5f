package tardy.analysis.compare;

/** The standard normal distribution's tail, for p-values. */
final class Normal {

  private Normal() {}

  /** P(|Z| ≥ |z|) for a standard normal Z. */
  static double twoSidedP(double z) {
    return Math.min(1.0, erfc(Math.abs(z) / Math.sqrt(2)));
  }

  /**
   * The complementary error function by its Chebyshev fit (fractional error below 1.2e-7
   * everywhere), enough for p-values compared with levels of 1e-3 and more.
   */
  static double erfc(double x) {
    double z = Math.abs(x);
    double t = 1.0 / (1.0 + 0.5 * z);
    double r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196
        + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398
        + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
    return x >= 0 ? r : 2.0 - r;
  }
}
