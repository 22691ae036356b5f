package tardy.events;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The sample logs every format keeps under {@code src/test/resources/samples/<format name>/}, one
 * file per variant. The contract test checks each format against its own and everyone else's.
 */
public final class FormatSamples {

  private FormatSamples() {}

  public static Path root() {
    URL url = FormatSamples.class.getResource("/samples");
    if (url == null) {
      throw new IllegalStateException("no samples directory on the test class path");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The sample files of one format, sorted by name; empty when it has none. */
  public static List<Path> of(String formatName) {
    Path dir = root().resolve(formatName);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(Files::isRegularFile).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The first lines of a sample file, as detection would see them. */
  public static Sample sampleOf(Path file) {
    try {
      List<String> lines = new ArrayList<>(Files.readAllLines(file, java.nio.charset.StandardCharsets.ISO_8859_1));
      List<byte[]> bytes = new ArrayList<>();
      for (String line : lines.subList(0, Math.min(lines.size(), Sample.MAX_LINES))) {
        bytes.add(line.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
      }
      return new Sample(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
