package tardy.formats.jfr;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How much of a recording is whole chunks. A recording is chunks one after the other, each
 * starting with its header ({@code FLR\0}, its version, then its size in bytes); a JVM killed while
 * it records leaves its last chunk cut short, which the JDK's reader refuses as a whole. Walking
 * the headers finds where the last whole chunk ends, so what is before it can still be read.
 *
 * @param bytes the bytes of the whole chunks, from the file's start
 * @param chunks how many whole chunks
 * @param fileBytes the file's size: more than {@code bytes} when the recording was cut short
 */
record WholeChunks(long bytes, int chunks, long fileBytes) {

  /** Where a chunk header holds the chunk's size (big-endian), and how long a header is at least. */
  private static final int SIZE_AT = 8;
  private static final int HEADER_BYTES = SIZE_AT + Long.BYTES;

  static WholeChunks of(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      long at = 0;
      int chunks = 0;
      ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
      while (size - at >= HEADER_BYTES) {
        header.clear();
        while (header.hasRemaining()) {
          if (channel.read(header, at + header.position()) < 0) {
            break;
          }
        }
        byte[] head = header.array();
        long chunkSize = header.getLong(SIZE_AT);
        if (!JfrFormat.isRecording(head) || chunkSize < HEADER_BYTES || chunkSize > size - at) {
          break; // not a whole chunk from here: cut short (or damaged)
        }
        at += chunkSize;
        chunks++;
      }
      return new WholeChunks(at, chunks, size);
    }
  }

  boolean cutShort() {
    return bytes < fileBytes;
  }

  long lostBytes() {
    return fileBytes - bytes;
  }
}
