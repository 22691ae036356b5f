package tardy.analysis.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Findings of the same weight are listed by subject as a reader counts: run 2 before run 10. */
class SubjectOrderTest {

  @Test
  void runNumbersSortAsNumbers() {
    Random random = new Random(36);
    List<Integer> runs = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      runs.add(random.nextInt(i < 1_000 ? 30 : 100_000) + 1);
    }
    List<String> bySubject = runs.stream().map(n -> "run " + n)
        .sorted(Findings::compareSubjects).toList();
    List<String> byNumber = runs.stream().sorted().map(n -> "run " + n).toList();
    assertThat(bySubject).isEqualTo(byNumber);
  }

  @Test
  void textAndDigitsTogether() {
    List<String> subjects = new ArrayList<>(List.of("run 10", "run 9", "Pause Full (System.gc())",
        "run 2", "", "Pause Full (Allocation Failure)", "run 010", "sys 30%", "sys 5%"));
    subjects.sort(Comparator.comparing((String s) -> s, Findings::compareSubjects)
        .thenComparing(Comparator.naturalOrder()));
    assertThat(subjects).containsExactly("", "Pause Full (Allocation Failure)",
        "Pause Full (System.gc())", "run 2", "run 9", "run 010", "run 10", "sys 5%", "sys 30%");
  }
}
