package tardy.record.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A host the logs name fills the host column where the paths give none, and only there. */
class LoggedPartitionsTest {

  @Test
  void aLoggedHostIsAddedAsAColumnWhenNoPathNamesOne() {
    PathPartitions.Columns paths = PathPartitions.hive()
        .columns(List.of("/logs/dt=2026-11-27/gc.log", "/logs/dt=2026-11-28/gc.log"));
    PathPartitions.Columns filled = LoggedPartitions.fill(paths, "host",
        List.of(Optional.of("web-07"), Optional.empty()));
    assertThat(filled.names()).containsExactly("dt", "host");
    assertThat(filled.values()).containsExactly(Arrays.asList("2026-11-27", "web-07"),
        Arrays.asList("2026-11-28", null));
  }

  @Test
  void aPathsOwnHostWins() {
    PathPartitions.Columns paths = PathPartitions.hive()
        .columns(List.of("/logs/host=web-01/gc.log", "/logs/other/gc.log"));
    PathPartitions.Columns filled = LoggedPartitions.fill(paths, "host",
        List.of(Optional.of("web-07"), Optional.of("web-08")));
    assertThat(filled.names()).containsExactly("host");
    assertThat(filled.values()).containsExactly(List.of("web-01"), List.of("web-08"));
  }

  @Test
  void logsThatNameNoHostLeaveTheColumnsAsThePathsGive() {
    PathPartitions.Columns paths = PathPartitions.hive().columns(List.of("/logs/dt=1/gc.log"));
    assertThat(LoggedPartitions.fill(paths, "host", List.of(Optional.empty()))).isSameAs(paths);
  }
}
