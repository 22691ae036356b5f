package tardy.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.input.Input;
import tardy.formats.FormatChoice;
import tardy.record.grouping.TrafficSample;

/**
 * The traffic sample read beside the plan is the one the grouping read after it: the same lines
 * of a small file, of a file sampled in windows and of a compressed one, handed over once.
 */
class SampleAheadTest {

  @TempDir Path dir;

  @Test
  void aSmallFilesSampleIsItsLinesAndIsHandedOverOnce() throws IOException {
    List<String> lines = requests(500);
    Path log = Files.write(dir.resolve("access.log"), lines);
    SampleAhead ahead = SampleAhead.start(Input.file(log));
    assertEquals(lines, strings(ahead.take().orElseThrow()));
    assertEquals(Optional.empty(), ahead.take(), "the lines are not kept once handed over");
  }

  @Test
  void aLargeFilesWindowsAreThoseTheFileGives() throws IOException {
    Path log = dir.resolve("large.log");
    try (OutputStream out = Files.newOutputStream(log)) {
      for (String line : requests(120_000)) { // about 11 MiB: sampled in windows
        out.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
      }
    }
    assertTrue(Files.size(log) > TrafficSample.BYTES);
    List<byte[]> ahead = SampleAhead.start(Input.file(log)).take().orElseThrow();
    assertSame(TrafficSample.ofPlainFile(log), ahead);
  }

  @Test
  void aCompressedFilesHeadIsItsLines() throws IOException {
    List<String> lines = requests(2_000);
    Path log = dir.resolve("access.log.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(log))) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.US_ASCII));
    }
    assertEquals(lines, strings(SampleAhead.start(Input.file(log)).take().orElseThrow()));
  }

  @Test
  void aPlanOfOneFileGroupsFromTheSameLinesTwice() throws IOException {
    List<String> lines = requests(3_000);
    Path log = Files.write(dir.resolve("access.log"), lines);
    Plan.Entry entry = Plan.forGrouping(List.of(Input.file(log)), FormatChoice.DETECT)
        .entries().get(0);
    assertTrue(entry.ahead() != null, "one file's sample is read beside its plan");
    assertEquals(lines, strings(entry.trafficSample()));
    assertEquals(lines, strings(entry.trafficSample()), "read again once handed over");
  }

  @Test
  void aPlanNotForGroupingOrOfSeveralInputsReadsNoSampleAhead() throws IOException {
    Path one = Files.write(dir.resolve("one.log"), requests(10));
    Path two = Files.write(dir.resolve("two.log"), requests(10));
    assertNull(Plan.of(List.of(Input.file(one)), FormatChoice.DETECT).entries().get(0).ahead());
    for (Plan.Entry entry : Plan.forGrouping(List.of(Input.file(one), Input.file(two)),
        FormatChoice.DETECT).entries()) {
      assertNull(entry.ahead(), "a set's samples are read one at a time by the grouping");
      assertEquals(requests(10), strings(entry.trafficSample()));
    }
  }

  @Test
  void aMissingFileHasNoSample() {
    assertEquals(List.of(),
        SampleAhead.start(Input.file(dir.resolve("gone.log"))).take().orElseThrow());
  }

  private static void assertSame(List<byte[]> expected, List<byte[]> actual) {
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < expected.size(); i++) {
      assertArrayEquals(expected.get(i), actual.get(i), "line " + i);
    }
  }

  private static List<String> strings(List<byte[]> lines) {
    List<String> out = new ArrayList<>();
    for (byte[] line : lines) {
      out.add(new String(line, StandardCharsets.US_ASCII));
    }
    return out;
  }

  private static List<String> requests(int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add("10.0.0." + (i % 250) + " - - [29/Nov/2026:10:00:" + String.format(java.util.Locale.ROOT, "%02d", i % 60)
          + " +0000] \"GET /api/items/" + i + "?page=" + (i % 7) + " HTTP/1.1\" 200 " + (100 + i % 900)
          + " \"-\" \"curl/8.0\" 0." + String.format(java.util.Locale.ROOT, "%03d", i % 1000));
    }
    return out;
  }
}
