package tardy.run;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import tardy.events.PartStarts;
import tardy.events.input.Chunker;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.events.input.LineReader;
import tardy.events.input.ReadStop;
import tardy.formats.Formats;
import tardy.record.Result;

/**
 * A {@link Part} of the plan as plain data, for an engine that parses parts on other machines:
 * where it is in the plan, which input (by its {@link Location}) in which format, and which byte
 * range (or the input whole). Parsing it there gives the result the batch engine gives for the
 * same part; results are added in {@link #position} order.
 *
 * @param position the part's place in the plan: results are added in this order
 * @param input the input's place in the plan: parts of one input join their accounting
 * @param format what {@link Formats#resolve} turns into the planned format
 * @param independent whether the input's lines stand alone (any line may start a part)
 * @param from the range's first byte; -1 for the input whole
 * @param to the range's end (exclusive); -1 for the input whole
 */
public record PartSpec(int position, int input, Location location, String format,
    boolean independent, long from, long to) implements Serializable {

  private static final long serialVersionUID = 1L;

  /**
   * Where an input is, as a machine other than the one that planned it opens it again: the name
   * it is known by in reports, and the file (an absolute local path, or the URI of the engine's
   * own file system): another machine's working directory is not the planning shell's, so a
   * relative path would name another file there, or none.
   *
   * @param remote whether {@code file} is on the engine's file system, not a local path
   */
  public record Location(String name, String file, boolean remote) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** A file of this machine's file system, by its absolute path. */
    public static Location local(Input input) {
      Path file = input.path().orElseThrow(() -> new IllegalArgumentException(
          input.name() + ": not a file"));
      return new Location(input.name(), file.toAbsolutePath().toString(), false);
    }
  }

  /**
   * @param locate where the part's input is, for the machines that parse it ({@link
   *     Location#local} for files of this machine)
   */
  public static PartSpec of(int position, Part part, Function<Input, Location> locate) {
    Plan.Entry entry = part.entry();
    return new PartSpec(position, entry.index(), locate.apply(entry.input()),
        entry.format().definition(), entry.independent(),
        part.range().map(Chunker.Range::from).orElse(-1L),
        part.range().map(Chunker.Range::to).orElse(-1L));
  }

  /** The part made again here, its input opened by {@code open}. */
  public Part part(Function<Location, Input> open) {
    // the part is cut already: only whether its lines stand alone is left to know
    Plan.Entry entry = new Plan.Entry(input, open.apply(location), Formats.resolve(format), null,
        independent ? PartStarts.ANY_LINE : null, null);
    return Part.of(entry, from < 0 ? Optional.empty() : Optional.of(new Chunker.Range(from, to)));
  }

  /**
   * Parses the part into a result of that shape; damage in the input is the user's error, in the
   * batch engine's words when the part is the input whole (a gzipped file, above all).
   */
  public Result parse(Result.Spec spec, int maxLineBytes, Function<Location, Input> open) {
    Part part = part(open);
    Result result = part.entry().newResult(spec);
    try {
      part.parseInto(result, LineReader.Rejects.NONE, maxLineBytes);
      return result;
    } catch (IOException e) {
      if (from < 0) {
        throw Pipeline.damaged(part.entry().input(), e, result);
      }
      throw new InputException(location.name() + ": " + ReadStop.describe(e)
          + (from > 0 ? " in the part from byte " + from : ""), e);
    }
  }
}
