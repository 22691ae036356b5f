package tardy.spark.hadoop;

import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import org.apache.hadoop.fs.FileStatus;

/**
 * A file of a Hadoop file system (HDFS, S3A, any other) as a {@link Path}, so the core reads it
 * as it reads a local file: sampled by windows, cut at line ends into ranges, each range read
 * with positional reads. Read-only; only what reading a file needs is supported.
 */
public final class HadoopPath implements Path {

  private final HadoopFiles files;
  private final String name;
  private final org.apache.hadoop.fs.Path path;

  HadoopPath(HadoopFiles files, String name, org.apache.hadoop.fs.Path path) {
    this.files = files;
    this.name = name;
    this.path = path;
  }

  /** The Hadoop path. */
  public org.apache.hadoop.fs.Path hadoop() {
    return path;
  }

  FileStatus status() throws java.io.IOException {
    return files.status(this);
  }

  @Override
  public FileSystem getFileSystem() {
    return files;
  }

  @Override
  public boolean isAbsolute() {
    return true;
  }

  @Override
  public Path getRoot() {
    return null;
  }

  @Override
  public Path getFileName() {
    return new HadoopPath(files, path.getName(), path);
  }

  @Override
  public Path getParent() {
    org.apache.hadoop.fs.Path parent = path.getParent();
    return parent == null ? null : new HadoopPath(files, parent.toString(), parent);
  }

  @Override
  public int getNameCount() {
    return path.depth();
  }

  @Override
  public Path getName(int index) {
    throw new UnsupportedOperationException("a Hadoop path's names");
  }

  @Override
  public Path subpath(int beginIndex, int endIndex) {
    throw new UnsupportedOperationException("a Hadoop path's names");
  }

  @Override
  public boolean startsWith(Path other) {
    return other instanceof HadoopPath h && path.toUri().toString().startsWith(h.path.toUri().toString());
  }

  @Override
  public boolean endsWith(Path other) {
    return other instanceof HadoopPath h && path.toUri().toString().endsWith(h.path.toUri().toString());
  }

  @Override
  public Path normalize() {
    return this;
  }

  @Override
  public Path resolve(Path other) {
    throw new UnsupportedOperationException("resolving against a Hadoop path");
  }

  @Override
  public Path relativize(Path other) {
    throw new UnsupportedOperationException("relativizing a Hadoop path");
  }

  @Override
  public URI toUri() {
    return path.toUri();
  }

  @Override
  public Path toAbsolutePath() {
    return this;
  }

  @Override
  public Path toRealPath(LinkOption... options) {
    return this;
  }

  @Override
  public WatchKey register(WatchService watcher, WatchEvent.Kind<?>[] events,
      WatchEvent.Modifier... modifiers) {
    throw new UnsupportedOperationException("watching a Hadoop path");
  }

  @Override
  public int compareTo(Path other) {
    return toUri().compareTo(other.toUri());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HadoopPath h && h.path.equals(path);
  }

  @Override
  public int hashCode() {
    return path.hashCode();
  }

  /** The name the input is known by in reports: as the user wrote it, or as a glob listed it. */
  @Override
  public String toString() {
    return name;
  }
}
