package tardy.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import tardy.events.EventSink;
import tardy.events.ParseStats;
import tardy.events.RecordFormat;
import tardy.events.input.Decompression;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.events.input.LineEnds;

/**
 * Reads an input of a {@link RecordFormat} (a recording) whole with its format's reader, which
 * wants a file: a regular file stored as it is, directly; a compressed one first decompressed to
 * a temporary file, deleted once read. A stream is refused: its bytes were read as text to sample
 * it, and a recording is read from a file.
 */
final class RecordFile {

  private RecordFile() {}

  static void read(RecordFormat format, Input input, EventSink sink, ParseStats stats)
      throws IOException {
    Path file = input.path().orElseThrow(() -> new InputException(input.name() + ": is a "
        + format.name() + " recording on a stream: save it to a file and give the file"));
    if (storedAsIs(file)) {
      readChecked(format, input, file, sink, stats);
      return;
    }
    Path copy = Files.createTempFile("tardy-", "." + format.name());
    try {
      try (InputStream in = Decompression.open(input.openRaw(), input.name())) {
        Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
      }
      readChecked(format, input, copy, sink, stats);
    } finally {
      Files.deleteIfExists(copy);
    }
  }

  /** The reader's failure as the user's error: what is wrong, and what was read before it. */
  private static void readChecked(RecordFormat format, Input input, Path file, EventSink sink,
      ParseStats stats) {
    try {
      format.read(file, sink, stats);
    } catch (IOException e) {
      throw new InputException(input.name() + ": not a readable " + format.name()
          + " recording, damaged or cut short (" + e.getMessage() + "); " + stats.lines()
          + " events read before", e);
    }
  }

  /** Whether the file is stored uncompressed. */
  private static boolean storedAsIs(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      byte[] head = in.readNBytes(LineEnds.HEAD_BYTES);
      return Decompression.of(head, head.length) == Decompression.NONE;
    }
  }
}
