package tardy.events;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** A log's text for a test's own reading of it: gunzipped when its name ends in .gz, a byte a char. */
public final class LogText {

  private LogText() {}

  public static String of(Path log) throws IOException {
    try (InputStream in = log.toString().endsWith(".gz")
        ? new GZIPInputStream(Files.newInputStream(log)) : Files.newInputStream(log)) {
      return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }
  }
}
