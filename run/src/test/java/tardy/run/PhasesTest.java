package tardy.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The switch's spellings: -Dtardy.phases alone is on, as -Dtardy.phases=true is. */
class PhasesTest {

  @Test
  void theSwitchIsOnWhenGivenAloneOrTrue() {
    assertEquals(true, Phases.switchedOn(""));
    assertEquals(true, Phases.switchedOn("true"));
    assertEquals(true, Phases.switchedOn("TRUE"));
  }

  @Test
  void theSwitchIsOffWhenAbsentOrAnythingElse() {
    assertEquals(false, Phases.switchedOn(null));
    assertEquals(false, Phases.switchedOn("false"));
    assertEquals(false, Phases.switchedOn("1"));
  }

  @Test
  void offItPrintsNothing() {
    java.io.PrintStream before = System.err;
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    // ON is read once, from the test JVM's properties, where the switch is not given
    assertEquals(false, Phases.ON);
    System.setErr(new java.io.PrintStream(err, true));
    try {
      Phases.end("plan");
      Phases.note("part");
    } finally {
      System.setErr(before);
    }
    assertEquals("", err.toString());
  }
}
