package tardy.run.live;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import tardy.events.input.FileNames;
import tardy.events.input.InputException;

/**
 * A regular file followed by its name, as {@code tail -F} does. The bytes it held when following
 * began are the backlog. When the name comes to mean another file (renamed and recreated), the
 * old one is read to its end first, then the new one from its start; when the file shrinks
 * (copied and truncated in place), reading starts over at its start. Lines the writer appends to
 * the old file after the new one is opened, and lines written and truncated away between two
 * reads, cannot be seen by anyone following a name. A name that means no file yet is waited for,
 * as {@code tail -F} waits: all of the file's lines, when it appears, arrive while following.
 */
public final class FileTail implements Tail {

  private final Path path;
  private FileChannel channel; // null while the name means no file yet
  private Object key; // the open file's identity (device and inode on Linux); null where unknown
  private long position;
  private long backlogEnd;
  private boolean backlog;
  private int restarts;

  private FileTail(Path path, FileChannel channel, Object key, long size) {
    this.path = path;
    this.channel = channel;
    this.key = key;
    this.backlogEnd = size;
  }

  /**
   * Follows the file at {@code path}, or waits for it when nothing is there yet ({@link
   * #waiting}); a link to no file, or a name Java cannot pass to the system, is refused.
   */
  public static FileTail open(Path path) {
    try {
      if (Files.isDirectory(path)) {
        throw new InputException(path + ": is a directory, not a log file");
      }
      FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      return new FileTail(path, channel, attributes.fileKey(), channel.size());
    } catch (NoSuchFileException e) {
      if (FileNames.undecodable(path.toString()) || Files.isSymbolicLink(path)) {
        // a name Java cannot pass on, or a link to no file: nothing to wait for, said as it is
        throw new InputException(FileNames.missing(path.toString(), path), e);
      }
      return new FileTail(path, null, null, 0);
    } catch (AccessDeniedException e) {
      throw new InputException(path + ": permission denied", e);
    } catch (IOException e) {
      throw new InputException(FileNames.cannotRead(path.toString(), e), e);
    }
  }

  @Override
  public String name() {
    return path.toString();
  }

  /** Whether the name means no file yet: following waits for one to appear. */
  public boolean waiting() {
    return channel == null;
  }

  @Override
  public int read(byte[] buf, int off, int len) throws IOException {
    if (channel == null && !openCurrent()) {
      return NOTHING_YET;
    }
    int max = position < backlogEnd ? (int) Math.min(len, backlogEnd - position) : len;
    int n = channel.read(ByteBuffer.wrap(buf, off, max), position);
    if (n > 0) {
      backlog = position < backlogEnd;
      position += n;
      return n;
    }
    BasicFileAttributes now = attributes();
    if (now == null) {
      return NOTHING_YET; // renamed away, not recreated yet
    }
    if (key != null && !Objects.equals(now.fileKey(), key)) {
      reopen(); // the old file is read to its end: go on with the new one
    } else if (now.size() < position) {
      startOver(); // truncated in place
    }
    return NOTHING_YET;
  }

  private BasicFileAttributes attributes() throws IOException {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /**
   * Opens the file the name means now, in place of the one open, and keeps its identity; false,
   * the open one kept, when the name means none (the next read tries again).
   */
  private boolean openCurrent() throws IOException {
    FileChannel next;
    try {
      next = FileChannel.open(path, StandardOpenOption.READ);
    } catch (NoSuchFileException e) {
      return false;
    }
    Object nextKey;
    try {
      nextKey = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    } catch (NoSuchFileException e) { // gone again between the two looks
      next.close();
      return false;
    }
    if (channel != null) {
      channel.close();
    }
    channel = next;
    key = nextKey;
    return true;
  }

  private void reopen() throws IOException {
    if (openCurrent()) {
      startOver();
    }
  }

  private void startOver() {
    position = 0;
    backlogEnd = 0;
    restarts++;
  }

  @Override
  public boolean backlog() {
    return backlog;
  }

  @Override
  public int restarts() {
    return restarts;
  }

  @Override
  public void close() throws IOException {
    if (channel != null) {
      channel.close();
    }
  }
}
