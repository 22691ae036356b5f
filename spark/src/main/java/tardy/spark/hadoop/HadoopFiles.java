package tardy.spark.hadoop;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.spi.FileSystemProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.security.AccessControlException;

/**
 * Every Hadoop file system, read-only, as a {@link FileSystem} of {@link HadoopPath}s: what
 * {@code java.nio.file.Files} asks of a file to read it (attributes, a stream, a positional
 * channel) answered by Hadoop's {@code FileSystem} for the path's scheme.
 */
public final class HadoopFiles extends FileSystem {

  private final Configuration conf;
  private final Provider provider = new Provider();

  public HadoopFiles(Configuration conf) {
    this.conf = conf;
  }

  /** A file by its URI ({@code hdfs://…}, {@code s3a://…}), named {@code name} in reports. */
  public HadoopPath path(String name, String uri) {
    return new HadoopPath(this, name, new org.apache.hadoop.fs.Path(uri));
  }

  /**
   * The files a pattern matches (Hadoop's glob syntax), sorted by path, each named by its
   * qualified path; the file itself when it is not a pattern. Directories are left out.
   *
   * @throws NoSuchFileException when nothing matches
   */
  public List<HadoopPath> glob(String pattern) throws IOException {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(pattern);
    FileStatus[] matches;
    try {
      matches = p.getFileSystem(conf).globStatus(p);
    } catch (AccessControlException e) {
      throw new AccessDeniedException(pattern);
    }
    List<HadoopPath> out = new ArrayList<>();
    if (matches != null) {
      for (FileStatus status : matches) {
        if (!status.isDirectory()) {
          String qualified = status.getPath().toString();
          out.add(new HadoopPath(this, status.getPath().equals(p) ? pattern : qualified,
              status.getPath()));
        }
      }
    }
    out.sort(null);
    return out;
  }

  FileStatus status(HadoopPath path) throws IOException {
    try {
      return path.hadoop().getFileSystem(conf).getFileStatus(path.hadoop());
    } catch (FileNotFoundException e) {
      throw new NoSuchFileException(path.toString());
    } catch (AccessControlException e) {
      throw new AccessDeniedException(path.toString());
    }
  }

  private static HadoopPath hadoop(Path path) {
    if (path instanceof HadoopPath h) {
      return h;
    }
    throw new java.nio.file.ProviderMismatchException(path.toString());
  }

  @Override
  public FileSystemProvider provider() {
    return provider;
  }

  @Override
  public void close() {
    // Hadoop caches its file systems for the JVM; they close at its end
  }

  @Override
  public boolean isOpen() {
    return true;
  }

  @Override
  public boolean isReadOnly() {
    return true;
  }

  @Override
  public String getSeparator() {
    return "/";
  }

  @Override
  public Iterable<Path> getRootDirectories() {
    return List.of();
  }

  @Override
  public Iterable<FileStore> getFileStores() {
    return List.of();
  }

  @Override
  public Set<String> supportedFileAttributeViews() {
    return Set.of("basic");
  }

  @Override
  public Path getPath(String first, String... more) {
    String joined = more.length == 0 ? first : first + "/" + String.join("/", more);
    return path(joined, joined);
  }

  @Override
  public PathMatcher getPathMatcher(String syntaxAndPattern) {
    throw new UnsupportedOperationException("path matchers on Hadoop paths");
  }

  @Override
  public UserPrincipalLookupService getUserPrincipalLookupService() {
    throw new UnsupportedOperationException("users of Hadoop paths");
  }

  @Override
  public WatchService newWatchService() {
    throw new UnsupportedOperationException("watching Hadoop paths");
  }

  /** The operations {@code Files} dispatches to: reading only. */
  private final class Provider extends FileSystemProvider {

    @Override
    public String getScheme() {
      return "hadoop";
    }

    @Override
    public FileSystem newFileSystem(URI uri, Map<String, ?> env) {
      throw new UnsupportedOperationException("made with new HadoopFiles(conf)");
    }

    @Override
    public FileSystem getFileSystem(URI uri) {
      return HadoopFiles.this;
    }

    @Override
    public Path getPath(URI uri) {
      return path(uri.toString(), uri.toString());
    }

    @Override
    public InputStream newInputStream(Path path, OpenOption... options) throws IOException {
      readOnly(options);
      HadoopPath file = hadoop(path);
      try {
        return file.hadoop().getFileSystem(conf).open(file.hadoop()); // sequential: read ahead
      } catch (FileNotFoundException e) {
        throw new NoSuchFileException(file.toString());
      } catch (AccessControlException e) {
        throw new AccessDeniedException(file.toString());
      }
    }

    @Override
    public FileChannel newFileChannel(Path path, Set<? extends OpenOption> options,
        FileAttribute<?>... attrs) throws IOException {
      readOnly(options.toArray(OpenOption[]::new));
      HadoopPath file = hadoop(path);
      long size = status(file).getLen();
      return new HadoopChannel(newInputStream(file), size);
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options,
        FileAttribute<?>... attrs) throws IOException {
      return newFileChannel(path, options, attrs);
    }

    private void readOnly(OpenOption... options) {
      for (OpenOption option : options) {
        if (option != StandardOpenOption.READ) {
          throw new ReadOnlyFileSystemException();
        }
      }
    }

    @Override
    public DirectoryStream<Path> newDirectoryStream(Path dir,
        DirectoryStream.Filter<? super Path> filter) {
      throw new UnsupportedOperationException("listing a Hadoop directory: give a glob");
    }

    @Override
    public void createDirectory(Path dir, FileAttribute<?>... attrs) {
      throw new ReadOnlyFileSystemException();
    }

    @Override
    public void delete(Path path) {
      throw new ReadOnlyFileSystemException();
    }

    @Override
    public void copy(Path source, Path target, CopyOption... options) {
      throw new ReadOnlyFileSystemException();
    }

    @Override
    public void move(Path source, Path target, CopyOption... options) {
      throw new ReadOnlyFileSystemException();
    }

    @Override
    public boolean isSameFile(Path path, Path path2) {
      return path.equals(path2);
    }

    @Override
    public boolean isHidden(Path path) {
      return false;
    }

    @Override
    public FileStore getFileStore(Path path) {
      throw new UnsupportedOperationException("file stores of Hadoop paths");
    }

    @Override
    public void checkAccess(Path path, AccessMode... modes) throws IOException {
      for (AccessMode mode : modes) {
        if (mode != AccessMode.READ) {
          throw new AccessDeniedException(path.toString(), null, "read-only");
        }
      }
      status(hadoop(path));
    }

    @Override
    public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type,
        LinkOption... options) {
      return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type,
        LinkOption... options) throws IOException {
      if (!type.isAssignableFrom(BasicFileAttributes.class)) {
        throw new UnsupportedOperationException(type.getName() + " of a Hadoop path");
      }
      return (A) new Attributes(status(hadoop(path)));
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes,
        LinkOption... options) {
      throw new UnsupportedOperationException("attributes by name of a Hadoop path");
    }

    @Override
    public void setAttribute(Path path, String attribute, Object value, LinkOption... options) {
      throw new ReadOnlyFileSystemException();
    }
  }

  /** What a Hadoop file status says, as java.nio asks for it. */
  private record Attributes(FileStatus status) implements BasicFileAttributes {

    @Override
    public FileTime lastModifiedTime() {
      return FileTime.fromMillis(status.getModificationTime());
    }

    @Override
    public FileTime lastAccessTime() {
      return FileTime.fromMillis(status.getAccessTime());
    }

    @Override
    public FileTime creationTime() {
      return lastModifiedTime();
    }

    @Override
    public boolean isRegularFile() {
      return status.isFile();
    }

    @Override
    public boolean isDirectory() {
      return status.isDirectory();
    }

    @Override
    public boolean isSymbolicLink() {
      return false;
    }

    @Override
    public boolean isOther() {
      return false;
    }

    @Override
    public long size() {
      return status.getLen();
    }

    @Override
    public Object fileKey() {
      return null;
    }
  }
}
