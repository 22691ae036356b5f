package tardy.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tardy.record.InputSummary;

/**
 * Malformed lines from some line to the end, after lines that were read, are named as a format
 * that changed there; malformed lines anywhere else, or too few, are not.
 */
class FormatChangeNoteTest {

  private static InputSummary input(long lines, long parsed, long malformed, Long... first) {
    return new InputSummary("access.log", "combined", lines, parsed, lines - parsed - malformed,
        malformed, malformed == 0 ? List.of() : List.of(new InputSummary.Reason("malformed",
            "request time is not seconds with a decimal point", malformed, List.of(first))));
  }

  @Test
  void everyLineFromOneOnMalformedIsAFormatChange() {
    assertThat(InputHealth.formatChanges(List.of(input(4000, 2000, 2000, 2001L, 2002L))))
        .containsExactly("access.log: every line from line 2001 to the end is malformed (2,000"
            + " lines, where the lines before were read as combined): did the log's format change"
            + " there? Read the lines before and after it apart, each with its own --log-format.");
    // the lines before may have ignored ones among them
    assertThat(InputHealth.formatChanges(List.of(input(4000, 1990, 10, 3991L)))).hasSize(1);
  }

  @Test
  void otherwiseNoNote() {
    assertThat(InputHealth.formatChanges(List.of(
        input(4000, 3991, 9, 3992L),             // a few at the end: a cut or a stray tail
        input(4000, 2000, 2000, 1L, 3L),         // from the first line: the wrong format at all
        input(4000, 2001, 1999, 2001L),          // one line after it was read
        input(4000, 4000, 0),                    // nothing malformed
        input(0, 0, 0)))).isEmpty();
  }
}
