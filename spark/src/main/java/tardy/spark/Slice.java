package tardy.spark;

import java.io.IOException;
import java.io.Serializable;
import java.util.Optional;
import tardy.run.Part;
import tardy.run.Pipeline;
import tardy.run.Plan;
import tardy.record.Result;
import tardy.formats.Formats;
import tardy.events.PartStarts;
import tardy.events.input.Chunker;
import tardy.events.input.InputException;
import tardy.events.input.LineReader;
import tardy.events.input.ReadStop;
import tardy.spark.hadoop.HadoopFiles;

/**
 * A {@link Part} of the plan as plain data, shipped to the machine that parses it: where it is
 * in the plan, which input (by its location) in which format, and which byte range (or the
 * input whole). Parsing it there gives the result the batch run gives for the same part.
 *
 * @param position the part's place in the plan: results are added in this order
 * @param input the input's place in the plan: parts of one input join their accounting
 * @param format what {@link Formats#resolve} turns into the planned format
 * @param from the range's first byte; -1 for the input whole
 */
record Slice(int position, int input, Location location, String format, boolean independent,
    long from, long to) implements Serializable {

  private static final long serialVersionUID = 1L;

  static Slice of(int position, Part part) {
    Plan.Entry entry = part.entry();
    return new Slice(position, entry.index(), Location.of(entry.input()),
        entry.format().definition(), entry.independent(),
        part.range().map(Chunker.Range::from).orElse(-1L),
        part.range().map(Chunker.Range::to).orElse(-1L));
  }

  /** The part made again here, its input opened anew (Hadoop's files through {@code files}). */
  Part part(HadoopFiles files) {
    // the part is cut already: only whether its lines stand alone is left to know
    Plan.Entry entry = new Plan.Entry(input, location.input(files), Formats.resolve(format), null,
        independent ? PartStarts.ANY_LINE : null, null);
    return Part.of(entry, from < 0 ? Optional.empty() : Optional.of(new Chunker.Range(from, to)));
  }

  /**
   * Parses the part into a result of that shape; damage in the input is the user's error, in the
   * batch run's words when the part is the input whole (a gzipped file, above all).
   */
  Result parse(Result.Spec spec, int maxLineBytes, HadoopFiles files) {
    Part part = part(files);
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
