package tardy.formats.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

class DateStampTest {

  @Test
  void readsOffsetsAndZuluLikeJavaTime() {
    DateStamp stamp = new DateStamp();
    for (String s : new String[] {"2023-03-08T15:10:02.498+0000", "2017-02-27T02:56:13.203+0300", "2016-12-21T14:28:11.041-0500", "2024-02-29T23:59:59.999+0530", "2024-01-01T00:00:00.000Z"}) {
      byte[] b = s.getBytes(StandardCharsets.US_ASCII);
      assertThat(stamp.read(b, 0, b.length)).as(s).isTrue();
      assertThat(stamp.end).isEqualTo(b.length);
      String iso = s.endsWith("Z") ? s : s.substring(0, 26) + ":" + s.substring(26);
      assertThat(stamp.epochMillis).as(s).isEqualTo(OffsetDateTime.parse(iso).toInstant().toEpochMilli());
    }
  }

  @Test
  void rejectsWhatIsNotADatestamp() {
    DateStamp stamp = new DateStamp();
    for (String s : new String[] {"2023-13-08T15:10:02.498+0000", "2023-03-08 15:10:02.498+0000", "2023-03-08T15:10:02.498", "2023-03-08T15:10:02.498+01", "652.538: "}) {
      byte[] b = s.getBytes(StandardCharsets.US_ASCII);
      assertThat(stamp.read(b, 0, b.length)).as(s).isFalse();
    }
  }

  /** The last stamp's value is reused for the same bytes: repeats, near misses and rejects between. */
  @Test
  void aRepeatedStampReadsAsTheFirstAndANearMissDoesNot() {
    DateStamp stamp = new DateStamp();
    String[] seq = {"2023-03-08T15:10:02.498+0000", "2023-03-08T15:10:02.498+0000", "2023-03-08T15:10:02.498+0100",
        "2023-03-08T15:10:02.498Z", "2023-03-08T15:10:02.498+01", "2023-03-08T15:10:02.498Z",
        "2023-03-08T15:10:02.499Z", "2023-03-08T15:10:02.498+0000", "2023-13-08T15:10:02.498+0000"};
    for (String s : seq) {
      byte[] b = ("[" + s + "] tail").getBytes(StandardCharsets.US_ASCII);
      int to = s.length() + 1; // as the decorators reader gives it: up to the closing bracket
      boolean valid = !s.endsWith("+01") && !s.startsWith("2023-13");
      assertThat(stamp.read(b, 1, to)).as(s).isEqualTo(valid);
      if (valid) {
        assertThat(stamp.end).as(s).isEqualTo(to);
        String iso = s.endsWith("Z") ? s : s.substring(0, 26) + ":" + s.substring(26);
        assertThat(stamp.epochMillis).as(s).isEqualTo(OffsetDateTime.parse(iso).toInstant().toEpochMilli());
      }
    }
  }

  /**
   * One instance reads a run of stamps as fresh instances read each alone: stamps of one minute
   * (read by their seconds alone), of other minutes, days and offsets, with ',' marks, leap and
   * impossible seconds, and rejects between.
   */
  @Test
  void aRunOfStampsReadsAsEachAlone() {
    java.util.Random random = new java.util.Random(17);
    String[] offsets = {"+0000", "Z", "+0100", "-0530", "+01"};
    DateStamp one = new DateStamp();
    int sameMinute = 0;
    String before = "";
    String[] recent = {"", ""};
    for (int i = 0; i < 20_000; i++) {
      String s = String.format("2023-03-%02dT%02d:%02d:%02d%s%03d%s", 8 + random.nextInt(2),
          15 + random.nextInt(2), 10 + random.nextInt(2), random.nextInt(63),
          random.nextInt(8) == 0 ? "," : ".", random.nextInt(1000),
          offsets[random.nextInt(8) == 0 ? random.nextInt(offsets.length) : 0]);
      if (random.nextInt(20) == 0) {
        s = s.substring(0, 17) + "6x" + s.substring(19); // seconds that are no number
      } else if (random.nextInt(4) == 0 && !recent[0].isEmpty()) {
        s = recent[0]; // the stamp before the last: the last is no longer its bytes
      }
      recent[0] = recent[1];
      recent[1] = s;
      byte[] b = ("[" + s + "] tail").getBytes(StandardCharsets.US_ASCII);
      int to = s.length() + 1;
      DateStamp alone = new DateStamp();
      boolean valid = alone.read(b, 1, to);
      assertThat(one.read(b, 1, to)).as(s).isEqualTo(valid);
      if (valid) {
        assertThat(one.epochMillis).as(s).isEqualTo(alone.epochMillis);
        assertThat(one.end).as(s).isEqualTo(alone.end);
        assertThat(one.offsetSeconds).as(s).isEqualTo(alone.offsetSeconds);
        sameMinute += s.regionMatches(0, before, 0, 17) && !s.equals(before) ? 1 : 0;
        before = s;
      }
    }
    assertThat(sameMinute).as("stamps read by their seconds alone").isGreaterThan(1000);
  }
}
