package tardy.run.live;

import tardy.analysis.Analyzer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tardy.run.Pipeline;
import tardy.record.Result;
import tardy.record.ResultCodec;
import tardy.record.grouping.GroupingMode;
import tardy.events.input.Input;

/**
 * The window adds each step again at every refresh, so adding a result into another must leave
 * it as it was, also once the sum goes on changing: nothing of it may be shared with the sum.
 */
class WindowTest {

  private static Result read(String sample) {
    Path file = Path.of(System.getProperty("user.dir")).getParent().resolve("samples").resolve(sample);
    return new Pipeline(Pipeline.Options.defaults()).run(List.of(Input.file(file)),
        plan -> Result.Spec.report(plan.grouping(GroupingMode.INFER, 2000), 1000));
  }

  @ParameterizedTest
  @ValueSource(strings = {"access-nginx.log", "gc-g1-jdk17.log", "gc-cms-jdk8.log",
      "safepoint-jdk17.log"})
  void aResultAddedIntoAnotherStaysAsItWas(String sample) {
    Result step = read(sample);
    byte[] before = ResultCodec.encode(step);
    Result sum = read(sample).addLater(step);
    sum.addLater(read(sample)).addLater(read(sample));
    Analyzer.analyze("t", sum);
    assertThat(ResultCodec.encode(step)).isEqualTo(before);
    assertThat(step.recorder().orElseThrow().requests() + step.recorder().orElseThrow().pauses())
        .isPositive();
  }
}
