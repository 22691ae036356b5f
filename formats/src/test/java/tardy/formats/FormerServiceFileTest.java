package tardy.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceConfigurationError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.LogFormat;
import tardy.formats.nginx.CombinedFormat;

/** A plug-in still registered under the contract's former service name loads for one release. */
class FormerServiceFileTest {

  @TempDir Path plugin;

  private ClassLoader pluginListing(String lines) throws IOException {
    Path file = plugin.resolve(FormerServiceFile.NAME);
    Files.createDirectories(file.getParent());
    Files.writeString(file, lines);
    return new URLClassLoader(new URL[] {plugin.toUri().toURL()}, getClass().getClassLoader());
  }

  @Test
  void aFormatListedUnderTheFormerNameIsLoaded() throws IOException {
    ClassLoader loader = pluginListing("# a plug-in of 0.1\n" + CombinedFormat.class.getName()
        + "  # its format\n\n");
    List<LogFormat> found = FormerServiceFile.formats(loader, List.of());
    assertThat(found).singleElement().isInstanceOf(CombinedFormat.class);
  }

  @Test
  void aFormatAlsoRegisteredUnderTheNewNameIsLoadedOnce() throws IOException {
    ClassLoader loader = pluginListing(CombinedFormat.class.getName() + "\n"
        + CombinedFormat.class.getName() + "\n");
    assertThat(FormerServiceFile.formats(loader, List.of(new CombinedFormat()))).isEmpty();
    assertThat(FormerServiceFile.formats(loader, List.of())).hasSize(1);
  }

  @Test
  void aClassThatIsNoFormatIsRefusedByName() throws IOException {
    ClassLoader loader = pluginListing("java.lang.String\n");
    assertThatThrownBy(() -> FormerServiceFile.formats(loader, List.of()))
        .isInstanceOf(ServiceConfigurationError.class)
        .hasMessageContaining("java.lang.String is not a tardy.events.LogFormat");
  }

  @Test
  void theRegistryHoldsEveryBuiltInFormatOnce() {
    assertThat(Formats.all()).extracting(LogFormat::name).doesNotHaveDuplicates()
        .contains("combined", "jvm-unified", "jdk8-gc");
  }
}
