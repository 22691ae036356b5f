package tardy.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class CivilDateTest {

  @Test
  void agreesWithJavaTimeOnEveryDayOfFourCenturies() {
    for (LocalDate d = LocalDate.of(1800, 1, 1); d.getYear() < 2200; d = d.plusDays(1)) {
      assertThat(CivilDate.epochDay(d.getYear(), d.getMonthValue(), d.getDayOfMonth()))
          .as(d.toString()).isEqualTo(d.toEpochDay());
    }
  }
}
