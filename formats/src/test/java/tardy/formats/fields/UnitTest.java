package tardy.formats.fields;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tardy.events.Ascii;

/** Each unit reads its own shape as exact nanoseconds and refuses the others'. */
class UnitTest {

  private static long nanos(Unit unit, String text) {
    byte[] b = ("[" + text + "]").getBytes(StandardCharsets.US_ASCII);
    return unit.nanos(b, 1, b.length - 1);
  }

  @Test
  void wholeUnitsReadIntegersOnly() {
    assertThat(nanos(Unit.WHOLE_MICROSECONDS, "31532")).isEqualTo(31_532_000L);
    assertThat(nanos(Unit.WHOLE_MILLISECONDS, "173")).isEqualTo(173_000_000L);
    assertThat(nanos(Unit.WHOLE_SECONDS, "2")).isEqualTo(2_000_000_000L);
    assertThat(nanos(Unit.WHOLE_NANOSECONDS, "17")).isEqualTo(17L);
    for (String notWhole : new String[] {"0.062", "-1", "+5", "", "1e3", "12 "}) {
      assertThat(nanos(Unit.WHOLE_MICROSECONDS, notWhole)).as(notWhole).isEqualTo(Ascii.INVALID);
    }
    assertThat(nanos(Unit.WHOLE_SECONDS, "99999999999")).as("overflow").isEqualTo(Ascii.INVALID);
  }

  /** Fields tells a none from a bad time only once a unit has refused it: none may read as a time. */
  @Test
  void noUnitReadsANoneAsATime() {
    for (Unit unit : Unit.values()) {
      for (String none : new String[] {"-", "", "-1"}) {
        assertThat(nanos(unit, none)).as(unit + " " + none).isEqualTo(Ascii.INVALID);
      }
    }
  }

  @Test
  void decimalUnitsTakeBothAndNginxsNeedsItsPoint() {
    assertThat(nanos(Unit.SECONDS, "0.062")).isEqualTo(62_000_000L);
    assertThat(nanos(Unit.SECONDS, "3")).isEqualTo(3_000_000_000L);
    assertThat(nanos(Unit.MILLISECONDS, "1.5")).isEqualTo(1_500_000L);
    assertThat(nanos(Unit.SECONDS_WITH_POINT, "0.062")).isEqualTo(62_000_000L);
    assertThat(nanos(Unit.SECONDS_WITH_POINT, "62")).isEqualTo(Ascii.INVALID);
  }

  private static String refusal(Unit unit, String text) {
    byte[] b = ("[" + text + "]").getBytes(StandardCharsets.US_ASCII);
    assertThat(unit.nanos(b, 1, b.length - 1)).as(text).isEqualTo(Ascii.INVALID);
    return unit.refusal(b, 1, b.length - 1).reason();
  }

  /** A number in the unit's shape that no request takes says why; any other text is not the unit. */
  @Test
  void aRefusedTimeSaysWhetherItIsTooLargeNegativeOrNotInTheUnit() {
    String tooLarge = "request time is too large: years, not a request's time";
    assertThat(refusal(Unit.SECONDS_WITH_POINT, "184467440737.09551616")).isEqualTo(tooLarge);
    assertThat(refusal(Unit.SECONDS_WITH_POINT, "1000000000.000")).isEqualTo(tooLarge);
    assertThat(refusal(Unit.SECONDS, "99999999999")).isEqualTo(tooLarge);
    assertThat(refusal(Unit.WHOLE_MICROSECONDS, "99999999999999999999")).isEqualTo(tooLarge);
    assertThat(refusal(Unit.WHOLE_SECONDS, "99999999999")).isEqualTo(tooLarge);
    assertThat(refusal(Unit.SECONDS_WITH_POINT, "-0.500")).isEqualTo("request time is negative");
    assertThat(refusal(Unit.WHOLE_MILLISECONDS, "-12")).isEqualTo("request time is negative");
    String notSeconds = "request time is not seconds with a decimal point";
    for (String other : new String[] {"99999999999", "1e3", "1,5", ".", "1.2.3", "inf", "-x", "NaN"}) {
      assertThat(refusal(Unit.SECONDS_WITH_POINT, other)).as(other).isEqualTo(notSeconds);
    }
    assertThat(refusal(Unit.WHOLE_MICROSECONDS, "0.062")).isEqualTo("request time is not whole"
        + " microseconds");
  }

  @Test
  void nginxsDialectSaysWhatNginxAlwaysSaid() {
    assertThat(Dialect.NGINX.noMatch()).isEqualTo(Fields.NO_MATCH);
    assertThat(Dialect.NGINX.absentRequestTime()).isEqualTo(Fields.DASH_REQUEST_TIME);
    assertThat(Unit.SECONDS_WITH_POINT.malformed().reason()).isEqualTo("request time is not seconds with a decimal point");
  }
}
