package tardy.spark;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.GlobPattern;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.spark.hadoop.HadoopFiles;
import tardy.spark.hadoop.HadoopPath;

/** Arguments that name Hadoop's files, and the inputs they name. */
final class HadoopInputs {

  private HadoopInputs() {}

  /**
   * Whether Hadoop reads this argument: it has a scheme, or it has none and Hadoop's default
   * file system is not the local one (a cluster whose paths mean HDFS).
   */
  static boolean isHadoop(String arg, Configuration conf) {
    return scheme(arg) != null || !"file".equals(FileSystem.getDefaultUri(conf).getScheme());
  }

  private static String scheme(String arg) {
    int colon = arg.indexOf(':');
    if (colon < 2) { // none, or a Windows drive letter
      return null;
    }
    for (int i = 0; i < colon; i++) {
      char c = arg.charAt(i);
      boolean ok = Character.isLetter(c) || i > 0 && (Character.isDigit(c) || "+-.".indexOf(c) >= 0);
      if (!ok || c > 127) {
        return null;
      }
    }
    return arg.substring(0, colon);
  }

  /** The files an argument names, in path order; a user's error when there are none. */
  static List<Input> resolve(String arg, HadoopFiles files) {
    List<HadoopPath> matches;
    try {
      matches = files.glob(arg);
    } catch (java.nio.file.AccessDeniedException e) {
      throw new InputException(arg + ": permission denied", e);
    } catch (IOException | IllegalArgumentException e) {
      throw new InputException(arg + ": cannot be listed: " + e.getMessage(), e);
    }
    if (matches.isEmpty()) {
      throw new InputException(arg + (new GlobPattern(arg).hasWildcard()
          ? ": no file matches this pattern" : ": no such file (a directory? give a glob: "
              + arg + "/*)"));
    }
    return matches.stream().map(Input::file).toList();
  }
}
