package tardy.formats.jvm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import tardy.events.Sample;

/** A corpus file's texts as the corpus tests read them, apart from tardy's own reading. */
final class CorpusTexts {

  private CorpusTexts() {}

  /** The file's text keyed by its path under {@code root}: gunzipped, or each member of a zip. */
  static Map<String, byte[]> of(Path root, Path path) throws IOException {
    String name = path.toString();
    String key = root.relativize(path).toString();
    Map<String, byte[]> out = new LinkedHashMap<>();
    if (name.endsWith(".gz")) {
      try (InputStream in = new GZIPInputStream(Files.newInputStream(path))) {
        out.put(key, in.readAllBytes());
      }
    } else if (name.endsWith(".zip")) {
      try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(path))) {
        for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
          if (!e.isDirectory()) {
            out.put(key + "!" + e.getName(), zip.readAllBytes());
          }
        }
      }
    } else {
      out.put(key, Files.readAllBytes(path));
    }
    return out;
  }

  /** The first lines of a text as a detector's sample (a CR before an LF dropped). */
  static Sample sampleOf(byte[] bytes) {
    List<byte[]> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < bytes.length && lines.size() < Sample.MAX_LINES; i++) {
      if (bytes[i] == '\n') {
        int end = i > start && bytes[i - 1] == '\r' ? i - 1 : i;
        lines.add(Arrays.copyOfRange(bytes, start, end));
        start = i + 1;
      }
    }
    return new Sample(lines);
  }
}
