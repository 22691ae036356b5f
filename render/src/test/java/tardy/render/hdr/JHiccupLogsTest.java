package tardy.render.hdr;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tardy.events.Corpus;

/** jHiccup's own .hlog files go through the reader tardy's files go through. */
class JHiccupLogsTest {

  @Test
  void everyCorpusHlogIsReadThroughTheSameReader() throws IOException {
    Path dir = Corpus.require("jvm").resolve("hlog");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files = walk.filter(p -> p.toString().endsWith(".hlog")).sorted().toList();
    }
    assertThat(files).isNotEmpty();
    for (Path file : files) {
      HlogReader.Content content = HlogReader.read(file);
      long dataLines;
      try (Stream<String> lines = Files.lines(file)) {
        dataLines = lines.filter(l -> !l.isBlank() && !l.startsWith("#") && !l.startsWith("\""))
            .count();
      }
      assertThat(content.lines()).as(file.toString()).hasSize((int) dataLines);
      assertThat(content.lines().stream().mapToLong(l -> l.histogram().getStartTimeStamp()))
          .as(file + ": start times in order").isSorted();
    }
  }

  @Test
  void theJdk17SafepointHistogramHoldsItsTimeWeightedSamples() throws IOException {
    Path file = Corpus.require("jvm")
        .resolve("hlog/simonis_mmap-pause/results_al2012_c4/java17x4_jh-no-perf_c4_1.hlog");
    HlogReader.Content content = HlogReader.read(file);
    long total = content.lines().stream()
        .mapToLong(l -> ((org.HdrHistogram.Histogram) l.histogram()).getTotalCount()).sum();
    // jHiccup -f -fz -r 1 over a 240-minute run: one sample per millisecond, mostly zeros
    assertThat(total).isEqualTo(14_414_669L);
  }
}
