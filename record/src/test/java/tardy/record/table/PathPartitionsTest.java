package tardy.record.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PathPartitionsTest {

  @Test
  void hiveDirectoriesNameTheirValuesButNotTheFileItself() {
    assertThat(PathPartitions.hive().of("s3a://logs/nginx/dt=2026-11-27/host=web-07/a=b.log"))
        .containsExactly(Map.entry("dt", "2026-11-27"), Map.entry("host", "web-07"));
    assertThat(PathPartitions.hive().of("/var/log/nginx/access.log")).isEmpty();
  }

  @Test
  void aRuleTakesItsFirstGroupOrItsMatchAndWinsOverADirectory() {
    PathPartitions p = PathPartitions.withRules(List.of("host=/hosts/([^/]+)/",
        "day=\\d{4}-\\d\\d-\\d\\d"));
    assertThat(p.of("/data/hosts/web-07/host=ignored/2026-11-27/access.log"))
        .containsExactly(Map.entry("host", "web-07"), Map.entry("day", "2026-11-27"));
  }

  @Test
  void columnsAreEveryNameMetAndAPathWithoutOneHasNull() {
    PathPartitions.Columns c = PathPartitions.hive().columns(List.of(
        "x/dt=1/host=a/access.log", "x/host=b/access.log", "x/dt=2/zone=eu/access.log"));
    assertThat(c.names()).containsExactly("dt", "host", "zone");
    assertThat(c.values()).containsExactly(Arrays.asList("1", "a", null),
        Arrays.asList(null, "b", null), Arrays.asList("2", null, "eu"));
  }
}
