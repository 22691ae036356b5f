package tardy.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.SparkException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.run.PartSpec;
import tardy.run.Plan;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.events.input.Inputs;

/**
 * What a task needs to find its input on an executor, whose working directory is not the
 * submitting shell's, and what comes back to the Spark driver when it cannot.
 */
class WhereTasksRunTest {

  @TempDir Path dir;

  @Test
  void aRelativePathTravelsAbsoluteAndKeepsTheNameTheUserGave() {
    Path relative = Path.of("..", "samples", "shop-access.log");
    PartSpec.Location location = ExecutorFiles.locate(Input.file(relative));
    assertThat(location.remote()).isFalse();
    assertThat(Path.of(location.file())).isAbsolute()
        .isEqualTo(relative.toAbsolutePath());
    Input there = ExecutorFiles.open(location, null);
    assertThat(there.name()).isEqualTo(relative.toString());
    assertThat(there.path()).contains(relative.toAbsolutePath());
  }

  @Test
  void aFileTheDriverPlannedButTheExecutorCannotSeeIsTheUsersErrorSayingWhere()
      throws IOException {
    Path log = Files.copy(Path.of("..", "samples", "shop-access.log"), dir.resolve("a.log"));
    Plan plan = Plan.of(Inputs.resolve(List.of(log.toString()), () -> null), Optional.empty());
    PartSpec slice = SparkDriver.slices(plan, 1, 1 << 20, 1 << 20).get(0);
    Files.delete(log);
    Parsed parsed = Parsed.of(() -> slice.parse(null, 1 << 20,
        location -> ExecutorFiles.open(location, null)));
    assertThat(parsed.failed()).isTrue();
    assertThat(parsed.error()).startsWith(log + ": no such file on a Spark executor");
    assertThatThrownBy(() -> parsed.result(null)).isInstanceOf(InputException.class)
        .hasMessage(parsed.error());
  }

  @Test
  void aTaskThatFailedForAnotherReasonIsOneLineWithSparksStackTraceBehindIt() {
    SparkException spark = new SparkException("Job aborted due to stage failure: Task 0 in stage"
        + " 0.0 failed 4 times: java.lang.IllegalStateException: boom\n"
        + "\tat tardy.Some.where(S.java:1)\n\nDriver stacktrace:");
    SparkDriver.TaskFailure failure = new SparkDriver.TaskFailure(spark);
    assertThat(failure).hasMessage("Job aborted due to stage failure: Task 0 in stage 0.0 failed"
        + " 4 times: java.lang.IllegalStateException: boom").hasCause(spark);
  }
}
