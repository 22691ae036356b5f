package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Limits;

/**
 * tardy holds histograms, never lines: a flood of unique paths and a giant line without a newline
 * run in the launcher's default heap, in a JVM of their own.
 */
class BoundedMemoryTest {

  static final int UNIQUE_PATHS = 1_000_000;

  /** The limits as measured: the largest cap, with more threads than fit, on a million paths. */
  @Test
  void aMillionUniquePathsAtTheLargestCapAndA32MiBLineRunIn256MiB(@TempDir Path dir)
      throws Exception {
    Path log = dir.resolve("flood.log");
    Random random = new Random(1);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(log), 1 << 16)) {
      for (int i = 0; i < UNIQUE_PATHS; i++) {
        String path = "/u/" + word(random) + "/" + word(random);
        out.write(("10.0.0.1 - - [22/Nov/2026:10:00:00 +0000] \"GET " + path
            + " HTTP/1.1\" 200 12 \"-\" \"bench\" 0.0" + (10 + random.nextInt(89)) + "\n")
            .getBytes(StandardCharsets.US_ASCII));
      }
      byte[] giant = new byte[32 << 20];
      java.util.Arrays.fill(giant, (byte) 'a');
      out.write(giant); // the last line: 32 MiB and no newline at all
    }
    Cli.Result r = Cli.fork("256m", "report", "--format", "json", "--threads", "7",
        "--max-operations", Integer.toString(Limits.OPERATIONS_MAX), log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("\"key\" : \"(other)\"", "\"reason\" : \"line too long, skipped\"",
        "\"lines\" : " + (UNIQUE_PATHS + 1), "\"folded_groups\" : ");
    Files.delete(log);
  }

  @Test
  void threadsAreFewerWhenTheirGroupsWouldNotFit() {
    assertThat(InputOptions.threadsWithin(7, Limits.OPERATIONS_MAX)).isEqualTo(1);
    assertThat(InputOptions.threadsWithin(7, Limits.OPERATIONS_MAX / 2)).isEqualTo(2);
    assertThat(InputOptions.threadsWithin(7, 1_000)).isEqualTo(7);
    assertThat(InputOptions.threadsWithin(1, Limits.OPERATIONS_MAX)).isEqualTo(1);
  }

  /** The most requirements a file may hold, none matching, against a log: within the heap. */
  @Test
  void theLargestRequirementsFileRunsIn256MiB(@TempDir Path dir) throws Exception {
    StringBuilder yaml = new StringBuilder("operations:\n");
    for (int i = 0; i < Limits.REQUIREMENTS_OPERATIONS; i++) {
      yaml.append("  - { name: op ").append(i).append(", request: 'GET /op").append(i)
          .append("/{id}', category: instant, optional: true }\n");
    }
    yaml.append("unmatched: { category: attention }\n");
    Path sla = Files.writeString(dir.resolve("sla.yaml"), yaml);
    Path log = Files.writeString(dir.resolve("a.log"), CheckCommandTest.LOG.repeat(200));
    Cli.Result r = Cli.fork("256m", "check", "--requirements", sla.toString(), "--format", "json",
        log.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("\"key\" : \"op 999\"", "\"verdict\" : \"no_data\"");
  }

  private static String word(Random random) {
    char[] c = new char[8];
    for (int i = 0; i < c.length; i++) {
      c[i] = (char) ('a' + random.nextInt(26));
    }
    return new String(c);
  }

}
