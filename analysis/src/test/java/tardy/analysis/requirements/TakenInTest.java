package tardy.analysis.requirements;


import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tardy.record.grouping.GroupingMode;
import tardy.record.grouping.SampledGrouping;

/** A requirement and the report's rows must not silently cover different requests. */
class TakenInTest {

  @Test
  void aRequirementThatTakesInSeveralReportOperationsSaysWhichWithTheirRequests() throws Exception {
    Requirements r = RequirementsLoader.parse("sla.yaml", """
        operations:
          - name: User pages
            request: GET /u/**
            category: instant
          - name: Product page
            request: GET /product/{id}
            category: instant
          - name: Never seen
            request: GET /nothing
            category: instant
        """);
    Map<String, Long> sample = new LinkedHashMap<>();
    for (int i = 0; i < 30; i++) {
      sample.put("GET /u/anna" + Integer.toString(i * 31, 36) + "Z", 3L);
      sample.put("GET /u/anna" + Integer.toString(i * 31, 36) + "Z/followers", 1L);
      sample.put("GET /product/" + i, 2L);
    }
    SampledGrouping report = SampledGrouping.of(GroupingMode.INFER, sample, 100);
    List<String> notes = r.takenIn(sample, report);
    assertThat(notes).hasSize(2);
    assertThat(notes.get(0)).startsWith("Requirement 'User pages' takes in 2 operations the"
        + " report shows apart: GET /u/{*} (90), GET /u/{*}/followers (30)");
    assertThat(notes.get(1)).startsWith("Requirement 'Product page' takes in the report's"
        + " operation GET /product/{id} (60)");
    // requests no requirement matches keep the report's key
    assertThat(r.grouping(report).requestGroup("GET", "/other/zzQ1")).isEqualTo("GET /other/zzQ1");
    assertThat(r.grouping(report).requestGroup("GET", "/u/x/followers")).isEqualTo("User pages");
    // what check judges keeps its intervals first when not every group's fit (ReportIntervals)
    assertThat(r.grouping(report).sampleRank("User pages")).isZero();
    assertThat(r.grouping(report).sampleRank("GET /other/zzQ1")).isEqualTo(Integer.MAX_VALUE);
    assertThat(r.grouping(report).sampleRank("GET /u/{*}")).isEqualTo(report.sampleRank("GET /u/{*}"))
        .isLessThan(Integer.MAX_VALUE);
  }
}
