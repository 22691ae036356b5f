package tardy.formats.fields;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tardy.events.LoggedOffsets;

/** A timestamp field a mangled line cut short carries no offset, and reading it never leaves the field. */
class TimestampOffsetTest {

  @Test
  void wholeTimestampsGiveTheirOffset() {
    assertThat(offset(Role.TIME_LOCAL, "27/Nov/2026:10:00:00 +0130")).isEqualTo(5400);
    assertThat(offset(Role.TIME_LOCAL, "27/Nov/2026:10:00:00 -0200")).isEqualTo(-7200);
    assertThat(offset(Role.TIME_ISO8601, "2026-11-27T10:00:00+01:30")).isEqualTo(5400);
    assertThat(offset(Role.TIME_ISO8601, "2023-04-26T12:23:14.948827Z")).isZero();
    assertThat(offset(Role.TIME_ISO8601, "2026-11-27T10:00:00Z")).isZero();
  }

  /**
   * Every cut of a whole timestamp, alone in its array so that a read before the field's start or
   * past its end throws (Application Load Balancer lines fuzzed with a field emptied did).
   */
  @Test
  void everyCutTimestampHasNoOffsetAndIsReadInsideItsField() {
    for (String whole : new String[] {"27/Nov/2026:10:00:00 +0130", "2026-11-27T10:00:00+01:30"}) {
      Role role = whole.charAt(2) == '/' ? Role.TIME_LOCAL : Role.TIME_ISO8601;
      for (int length = 0; length < whole.length(); length++) {
        String cut = whole.substring(0, length);
        int offset = offset(role, cut);
        boolean isoWithOwnZone = role == Role.TIME_ISO8601 && length >= 20 && cut.endsWith("Z");
        if (!isoWithOwnZone) {
          assertThat(offset).as("%s cut to %d bytes", whole, length).isEqualTo(LoggedOffsets.NONE);
        }
      }
    }
  }

  private static int offset(Role role, String field) {
    byte[] b = field.getBytes(StandardCharsets.US_ASCII);
    return Timestamps.offsetSeconds(role, b, 0, b.length);
  }
}
