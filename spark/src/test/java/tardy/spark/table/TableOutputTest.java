package tardy.spark.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The job's own options, taken off the command line before the command reads it. */
class TableOutputTest {

  @Test
  void theTablesOptionsAreTakenOffAndTheRestKeptInOrder() {
    TableOutput.Split split = TableOutput.split("report", "--table", "s3a://b/t", "--format",
        "json", "--partition-by=host=/logs/([^/]+)/", "a.log", "--", "--table");
    assertThat(split.problem()).isNull();
    assertThat(split.rest()).containsExactly("report", "--format", "json", "a.log", "--",
        "--table");
    assertThat(split.table()).isEqualTo(new TableOutput("s3a://b/t",
        List.of("host=/logs/([^/]+)/")));
    assertThat(TableOutput.split("report", "--tables", "x").table()).as("another word").isNull();
  }

  @Test
  void wrongOptionsAreSaidInTheUsersWords() {
    assertThat(TableOutput.split("report", "--table").problem()).contains("missing its value");
    assertThat(TableOutput.split("report", "--partition-by", "host=x", "a").problem())
        .contains("only with --table");
    assertThat(TableOutput.split("report", "--table", "t", "--partition-by", "host=(").problem())
        .contains("not a regex");
    assertThat(TableOutput.split("report", "--table", "t", "--partition-by", "Host=x").problem())
        .contains("not a column name");
    assertThat(TableOutput.split("report", "--table", "t", "--table", "u").problem())
        .contains("twice");
  }

  @Test
  void theFleetViewBesideTheJobsTableIsRefusedWithWhereItIsMade() {
    for (String[] args : List.of(new String[] {"report", "--fleet", "host", "--table", "t", "a"},
        new String[] {"report", "--table", "t", "--fleet=host", "a"})) {
      TableOutput.Split split = TableOutput.split(args);
      assertThat(split.problem()).as(List.of(args).toString())
          .contains("--fleet").contains("tardy report t --fleet COLUMN");
      assertThat(split.rest()).as("taken off, for the command to reach the refusal")
          .containsExactly("report", "a");
    }
    assertThat(TableOutput.split("report", "--fleet", "host", "table").problem())
        .as("a table as INPUT: the command's own fleet view").isNull();
    assertThat(TableOutput.split("report", "--table", "t", "--", "--fleet").problem())
        .as("an input named so").isNull();
  }
}
