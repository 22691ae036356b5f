package tardy.formats.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tardy.events.EventSink;
import tardy.events.LogFormat;
import tardy.events.Match;
import tardy.events.ParseStats;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Sample;
import tardy.events.Times;
import tardy.events.input.Input;
import tardy.events.input.Sampler;
import tardy.formats.Formats;

/**
 * A recording is known by its first bytes, never a text log for it nor it for a text log; read, it
 * gives pauses on the wall clock from the time its header says it began, each from its event.
 */
class JfrDetectionTest {

  private static final Path RECORDING =
      Path.of("..", "samples", "timeline", "g1-jfr", "recording.jfr.gz");
  private static final Path SAMPLES = Path.of("..", "samples");

  private static Sample sampleOf(Path file) {
    return Sampler.sample(Input.file(file));
  }

  @Test
  void aRecordingIsDetectedAsJfrAndAsNothingElse() {
    Sample sample = sampleOf(RECORDING);
    assertThat(sample.binary()).isTrue();
    assertThat(sample.lines()).isEmpty();
    assertThat(Formats.choose(sample).best()).map(LogFormat::name).contains("jfr");
    for (LogFormat format : Formats.all()) {
      if (!format.name().equals("jfr")) {
        assertThat(format.detect(sample)).as(format.name()).isEqualTo(Match.NONE);
      }
    }
  }

  @Test
  void noTextLogOfTheRepositoryIsTakenForARecording() throws IOException {
    List<Path> logs;
    try (Stream<Path> files = Files.walk(SAMPLES)) {
      logs = files.filter(Files::isRegularFile)
          .filter(p -> p.toString().endsWith(".log") || p.toString().endsWith(".gz"))
          .filter(p -> !p.equals(RECORDING)).sorted().toList();
    }
    assertThat(logs).hasSizeGreaterThan(10);
    JfrFormat jfr = new JfrFormat();
    for (Path log : logs) {
      Sample sample = sampleOf(log);
      assertThat(sample.binary()).as(log.toString()).isFalse();
      assertThat(jfr.detect(sample)).as(log.toString()).isEqualTo(Match.NONE);
    }
  }

  @Test
  void itsPausesAreOnTheWallClockFromWhenItsHeaderSaysItBegan() throws IOException {
    Path plain = Files.createTempFile("recording", ".jfr");
    try {
      try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(RECORDING))) {
        Files.copy(in, plain, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      long began = new JfrFormat().firstMillis(sampleOf(plain));
      List<long[]> pauses = new ArrayList<>(); // wall ms, record
      ParseStats stats = new ParseStats();
      new JfrFormat().read(plain, new EventSink() {
        @Override
        public void request(RequestEvent event) {
          throw new AssertionError("a recording holds no request");
        }

        @Override
        public void pause(PauseEvent e) {
          pauses.add(new long[] {e.wallMillis(), e.line()});
        }
      }, stats);
      assertThat(pauses).isNotEmpty().hasSize((int) stats.parsed());
      assertThat(stats.lines()).isEqualTo(stats.parsed() + stats.ignored() + stats.malformed());
      for (long[] p : pauses) {
        assertThat(p[0]).isGreaterThanOrEqualTo(began);
        assertThat(p[1]).isBetween(1L, stats.lines());
      }
      // the header's start is the recording's, minutes at most before its first pause
      assertThat(pauses.stream().mapToLong(p -> p[0]).min().getAsLong() - began)
          .isBetween(0L, 60_000L);
      assertThat(Times.isSet(began)).isTrue();
    } finally {
      Files.deleteIfExists(plain);
    }
  }
}
