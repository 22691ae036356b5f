package tardy.render.csv;

/** Opens the cell defusing of {@link CsvRenderer} to tests in other packages. */
public final class CsvRendererAccess {
  private CsvRendererAccess() {}

  public static String text(String s) {
    return CsvRenderer.text(s);
  }
}
