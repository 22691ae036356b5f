package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** --color and the whole names of the table, through the whole command line. */
class ColorAndNamesCliTest {

  private static final String LOG = "../samples/gc-g1-jdk17.log";
  private static final String LONG_KIND = "Pause Young (Concurrent Start) (G1 Evacuation Pause)";

  @Test
  void aPipeGetsWholeNamesAndNoColourByDefault() {
    Cli.Result r = Cli.run("report", LOG);
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains(LONG_KIND).doesNotContain("\u001b[");
    assertThat(Cli.run("report", LOG, "--color", "never").out()).isEqualTo(r.out());
  }

  @Test
  void alwaysColoursEvenIntoAPipeAndSaysNothingElse() {
    String plain = Cli.run("report", LOG).out();
    Cli.Result r = Cli.run("report", LOG, "--color", "always");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("\u001b[1m");
    assertThat(r.out().replaceAll("\u001b\\[[0-9;]*m", "")).isEqualTo(plain);
  }

  @Test
  void onlyTheTableIsColoured() {
    Cli.Result csv = Cli.run("report", LOG, "--color", "always", "--format", "csv");
    assertThat(csv.code()).isZero();
    assertThat(csv.out()).doesNotContain("\u001b[");
  }

  @Test
  void aNarrowWidthStillCutsTheName() {
    Cli.Result r = Cli.run("report", LOG, "--width", "60");
    assertThat(r.out()).doesNotContain(LONG_KIND).contains("…");
    for (String line : r.out().split("\n")) {
      if (line.startsWith("Pause ")) {
        assertThat(line.length()).as(line).isLessThanOrEqualTo(60);
      }
    }
  }

  @Test
  void anUnknownChoiceIsAUsageError() {
    Cli.Result r = Cli.run("report", LOG, "--color", "sometimes");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--color");
  }
}
