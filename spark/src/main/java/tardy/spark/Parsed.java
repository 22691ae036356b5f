package tardy.spark;

import java.io.Serializable;
import java.util.function.Supplier;
import tardy.record.Result;
import tardy.record.ResultCodec;
import tardy.events.input.InputException;

/**
 * What a task sends back for a part, or for a run of neighbouring parts added together: their
 * encoded {@link Result}, or the user's error that stopped the first of them that failed. An
 * error travels as data, not as a failed task: Spark would retry a task that cannot succeed, and
 * a failure reaches the Spark driver as text (the remote stack trace in its message), no longer
 * an {@link InputException} that the command turns into its message and exit code.
 *
 * @param encoded the result's {@link ResultCodec} bytes; null when {@code error} is set
 * @param error the {@link InputException}'s message, as the batch run prints it
 */
record Parsed(byte[] encoded, String error) implements Serializable {

  private static final long serialVersionUID = 1L;

  /** The result {@code parse} gives, or the error about the input it throws. */
  static Parsed of(Supplier<Result> parse) {
    try {
      return of(parse.get());
    } catch (InputException e) {
      return new Parsed(null, e.getMessage());
    }
  }

  static Parsed of(Result result) {
    return new Parsed(ResultCodec.encode(result), null);
  }

  boolean failed() {
    return error != null;
  }

  /** The result; the user's error again, on the Spark driver, when a part failed. */
  Result result(Result.Spec spec) {
    if (failed()) {
      throw new InputException(error);
    }
    return ResultCodec.decode(encoded, spec);
  }
}
