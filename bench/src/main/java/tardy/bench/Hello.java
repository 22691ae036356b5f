package tardy.bench;

/** The start-up yardstick of the end-to-end harness: a bare JVM that prints one line. */
public final class Hello {
  private Hello() {}

  public static void main(String[] args) {
    System.out.println("Hello");
  }
}
