package tardy.formats;

import tardy.events.Corpus;
import tardy.events.FormatSamples;
import tardy.events.Match;
import tardy.events.Sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Choosing a format stops at the first that reads every line, and picks what grading all picks. */
class FormatsTest {

  @Test
  void choosingPicksWhatGradingEveryFormatPicks() throws IOException {
    List<Path> logs = new ArrayList<>();
    try (Stream<Path> files = Files.walk(FormatSamples.root())) {
      logs.addAll(files.filter(Files::isRegularFile).sorted().toList());
    }
    assertThat(logs).as("format samples").hasSizeGreaterThan(10);
    if (Corpus.find().isPresent()) { // and every corpus file, where the corpus is at hand
      try (Stream<Path> files = Files.walk(Corpus.find().get())) {
        logs.addAll(files.filter(Files::isRegularFile)
            .filter(f -> !f.getFileName().toString().equals("INDEX.tsv")).sorted().toList());
      }
    }
    for (Path log : logs) {
      Sample sample = FormatSamples.sampleOf(log);
      assertThat(Formats.choose(sample).best()).as(log.toString()).isEqualTo(Formats.detect(sample).best());
    }
  }

  @Test
  void theFormatsFormerNamesStillResolveToTheFormatsThatReplacedThem() {
    assertThat(Formats.resolve("jvm-safepoint").name()).isEqualTo("jvm-unified");
    assertThat(Formats.resolve("jdk8-stopped").name()).isEqualTo("jdk8-gc");
    assertThat(Formats.resolve("cri+jvm-safepoint").name()).isEqualTo("cri+jvm-unified");
  }

  @Test
  void aLogOfTheFirstFormatIsGradedOnce() {
    Sample combined = Sample.ofText(List.of(
        "10.0.0.1 - - [08/Mar/2023:00:00:00 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"curl\" 0.004"));
    assertThat(Formats.choose(combined).scores()).hasSize(1)
        .first().satisfies(s -> assertThat(s.match()).isEqualTo(Match.FULL));
    assertThat(Formats.detect(combined).scores()).hasSize(Formats.names().split(", ").length);
  }
}
