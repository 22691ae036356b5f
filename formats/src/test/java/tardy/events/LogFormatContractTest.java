package tardy.events;

import tardy.formats.Formats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tardy.events.input.LineReader;

/**
 * The rules every registered format obeys, run against each one the ServiceLoader finds. The fuzz
 * rounds are short in the default build; {@code -Dtardy.fuzz.rounds=N} runs them long.
 */
class LogFormatContractTest {

  static final int ROUNDS = Integer.getInteger("tardy.fuzz.rounds", 200);

  /** Every registered format, bare and inside every wrapper. */
  static Stream<LogFormat> formats() {
    return Stream.concat(Formats.all().stream(), tardy.formats.wrap.Wrappers.all().stream()
        .flatMap(w -> Formats.all().stream().map(f -> new tardy.formats.wrap.WrappedFormat(w, f))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("formats")
  void randomBytesNeverThrowAndEveryLineIsCounted(LogFormat format) throws IOException {
    Random random = new Random(format.name().hashCode());
    for (int round = 0; round < ROUNDS; round++) {
      byte[] bytes = new byte[random.nextInt(4096)];
      random.nextBytes(bytes);
      long newlines = 0;
      for (byte b : bytes) {
        if (b == '\n') {
          newlines++;
        }
      }
      long expected = newlines + (bytes.length > 0 && bytes[bytes.length - 1] != '\n' ? 1 : 0);
      ParseStats stats = new ParseStats();
      new LineReader().read(new ByteArrayInputStream(bytes), format.newParser(), new CountingSink(), stats, LineReader.Rejects.NONE, true);
      assertThat(stats.lines()).isEqualTo(expected);
      assertThat(stats.count(LineReader.PARSER_FAILED)).as("parser threw").isZero();
      assertThat(format.detect(new Sample(List.of(bytes)))).isNotNull();
    }
  }

  /** Real lines with bytes flipped, cut, repeated or dropped: near misses find the edge cases. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("formats")
  void mangledRealLinesNeverThrowNorHang(LogFormat format) throws IOException {
    List<byte[]> lines = new ArrayList<>();
    for (Path sample : FormatSamples.of(format.name())) {
      lines.addAll(FormatSamples.sampleOf(sample).lines());
    }
    Assumptions.assumeFalse(lines.isEmpty(), format.name() + " has no samples");
    Random random = new Random(31L * format.name().hashCode());
    byte[] specials = {'"', ' ', '[', ']', ',', '.', ':', '-', '\\', '\r', 0, (byte) 0xff, '0', '9'};
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofMinutes(5), () -> {
      for (int round = 0; round < 50 * ROUNDS; round++) {
        byte[] line = lines.get(random.nextInt(lines.size())).clone();
        for (int edits = 1 + random.nextInt(4); edits > 0 && line.length > 0; edits--) {
          int at = random.nextInt(line.length);
          switch (random.nextInt(3)) {
            case 0 -> line[at] = specials[random.nextInt(specials.length)];
            case 1 -> line = java.util.Arrays.copyOf(line, at);
            default -> line[at] = (byte) random.nextInt(256);
          }
        }
        Outcome outcome = format.newParser().parse(line, 0, line.length, new CountingSink());
        assertThat(outcome).isNotNull();
      }
    });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("formats")
  void detectsItsOwnSamplesAtLeastSolidly(LogFormat format) {
    List<Path> samples = FormatSamples.of(format.name());
    Assumptions.assumeFalse(samples.isEmpty(), format.name() + " has no samples under samples/" + format.name());
    for (Path sample : samples) {
      assertThat(format.detect(FormatSamples.sampleOf(sample)))
          .as("%s detecting its own sample %s", format.name(), sample.getFileName())
          .isGreaterThanOrEqualTo(Match.SOLID);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("formats")
  void staysBelowSolidOnOtherFormatsSamples(LogFormat format) throws IOException {
    List<Path> foreign = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(FormatSamples.root())) {
      for (Path dir : dirs.filter(Files::isDirectory).toList()) {
        if (!dir.getFileName().toString().equals(format.name())
            && !format.name().startsWith(dir.getFileName().toString())
            && !dir.getFileName().toString().startsWith(format.name())) {
          foreign.addAll(FormatSamples.of(dir.getFileName().toString()));
        }
      }
    }
    for (Path sample : foreign) {
      assertThat(format.detect(FormatSamples.sampleOf(sample)))
          .as("%s detecting foreign sample %s", format.name(), sample)
          .isLessThan(Match.SOLID);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("formats")
  void parsingIsRepeatable(LogFormat format) throws IOException {
    for (Path sample : FormatSamples.of(format.name())) {
      byte[] bytes = Files.readAllBytes(sample);
      CountingSink first = new CountingSink();
      CountingSink second = new CountingSink();
      ParseStats a = new ParseStats();
      ParseStats b = new ParseStats();
      new LineReader().read(new ByteArrayInputStream(bytes), format.newParser(), first, a, LineReader.Rejects.NONE, true);
      new LineReader().read(new ByteArrayInputStream(bytes), format.newParser(), second, b, LineReader.Rejects.NONE, true);
      assertThat(second.checksum).isEqualTo(first.checksum);
      assertThat(b.parsed()).isEqualTo(a.parsed());
      assertThat(a.parsed()).as("%s parses something of %s", format.name(), sample).isPositive();
    }
  }

  /** A format that says it has no requests (its traffic sample is not read) gives none. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("formats")
  void saysWhetherItsLinesCanBeRequests(LogFormat format) throws IOException {
    long requests = 0;
    for (Path sample : FormatSamples.of(format.name())) {
      CountingSink sink = new CountingSink();
      new LineReader().read(new ByteArrayInputStream(Files.readAllBytes(sample)), format.newParser(),
          sink, new ParseStats(), LineReader.Rejects.NONE, true);
      requests += sink.requests;
    }
    Assumptions.assumeFalse(FormatSamples.of(format.name()).isEmpty(), "no samples");
    assertThat(requests > 0).as("%s gave requests", format.name()).isEqualTo(format.hasRequests());
  }

  /** A sink that folds every event into a checksum, so two runs can be compared. */
  static final class CountingSink implements EventSink {
    long checksum;
    long requests;

    @Override
    public void request(RequestEvent e) {
      requests++;
      checksum = checksum * 31 + e.latencyNanos() + e.status() + (e.targetTo() - e.targetFrom());
    }

    @Override
    public void pause(PauseEvent e) {
      checksum = checksum * 31 + e.totalNanos() + (e.kindTo() - e.kindFrom());
    }
  }
}
