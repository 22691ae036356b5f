package tardy.render;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;

/**
 * A replaced file's permissions, owner and group, given to the file that replaces it: a report
 * a user made private (0600) stays private, and one that root rewrites keeps its owner. What the
 * system does not let this user change (another owner, a group the user is not in) is left as
 * the new file has it.
 */
final class Ownership {

  private Ownership() {}

  /** Gives {@code fresh} the mode, owner and group of {@code replaced}, when that file exists. */
  static void copy(Path replaced, Path fresh) throws IOException {
    PosixFileAttributes old;
    try {
      old = Files.readAttributes(replaced, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return; // a new file: the defaults (umask) apply
    } catch (UnsupportedOperationException e) {
      return; // no POSIX attributes on this file system: nothing to keep
    }
    PosixFileAttributeView view = Files.getFileAttributeView(fresh, PosixFileAttributeView.class,
        LinkOption.NOFOLLOW_LINKS);
    PosixFileAttributes now = view.readAttributes();
    try {
      if (!now.owner().equals(old.owner())) {
        view.setOwner(old.owner()); // root only
      }
    } catch (FileSystemException e) {
      // not permitted: the file is this user's, as any file the user writes
    }
    try {
      if (!now.group().equals(old.group())) {
        view.setGroup(old.group()); // a group the user is in
      }
    } catch (FileSystemException e) {
      // not permitted: the user's group
    }
    // last: a change of owner clears the set-id bits, and the mode must be the old one exactly
    view.setPermissions(old.permissions());
  }
}
