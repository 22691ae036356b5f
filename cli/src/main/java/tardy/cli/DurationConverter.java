package tardy.cli;

import picocli.CommandLine;
import tardy.analysis.requirements.DurationText;

/**
 * A duration on the command line, in nanoseconds, written as in the requirements file ({@code 5s},
 * {@code 500ms}, {@code 1.5s}, {@code 1m}): one reader for both, so they cannot drift.
 */
final class DurationConverter implements CommandLine.ITypeConverter<Long> {

  @Override
  public Long convert(String value) {
    try {
      return DurationText.parse(value.strip());
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }
}
