package tardy.formats;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.ServiceConfigurationError;
import tardy.events.LogFormat;

/**
 * Formats registered under the contract's name before 0.2 ({@code
 * META-INF/services/tardy.parse.LogFormat}), read for one more release so that a plug-in whose
 * classes moved to {@code tardy.events.LogFormat} but whose service file did not still loads.
 * Read the way {@link java.util.ServiceLoader} reads its files: one class name a line, {@code #}
 * starts a comment.
 */
final class FormerServiceFile {

  static final String NAME = "META-INF/services/tardy.parse.LogFormat";

  private FormerServiceFile() {}

  /** The formats the former file names, in the order listed, leaving out those in {@code known}. */
  static List<LogFormat> formats(ClassLoader loader, List<LogFormat> known) {
    List<LogFormat> found = new ArrayList<>();
    try {
      Enumeration<URL> files = loader.getResources(NAME);
      while (files.hasMoreElements()) {
        for (String name : classNames(files.nextElement())) {
          if (known.stream().noneMatch(f -> f.getClass().getName().equals(name))
              && found.stream().noneMatch(f -> f.getClass().getName().equals(name))) {
            found.add(instance(loader, name));
          }
        }
      }
    } catch (IOException e) {
      throw new ServiceConfigurationError(NAME + ": cannot be read: " + e.getMessage(), e);
    }
    return found;
  }

  private static List<String> classNames(URL file) throws IOException {
    List<String> names = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(
        new InputStreamReader(file.openStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        int comment = line.indexOf('#');
        String name = (comment < 0 ? line : line.substring(0, comment)).strip();
        if (!name.isEmpty()) {
          names.add(name);
        }
      }
    }
    return names;
  }

  private static LogFormat instance(ClassLoader loader, String name) {
    try {
      Class<?> type = Class.forName(name, true, loader);
      if (!LogFormat.class.isAssignableFrom(type)) {
        throw new ServiceConfigurationError(NAME + ": " + name + " is not a "
            + LogFormat.class.getName());
      }
      return (LogFormat) type.getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new ServiceConfigurationError(NAME + ": " + name + " cannot be made: " + e, e);
    }
  }
}
