package tardy.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tardy.classify.Analysis;
import tardy.classify.Analyzer;
import tardy.classify.Grouping;
import tardy.classify.Pipeline;
import tardy.classify.Recorder;
import tardy.parse.io.Input;
import tardy.report.AtomicOutput;

/** The part report and check share: read the inputs into one analysis, write it out. */
abstract class AnalysisCommand {

  @Mixin InputOptions in;
  @Mixin OutputOptions out;

  @Option(names = "--debug", description = "Show the stack trace of an error.")
  boolean debug;

  final Streams streams;

  AnalysisCommand(Streams streams) {
    this.streams = streams;
  }

  /** Reads every input into one analysis, writing malformed lines to --rejects if asked. */
  Analysis analyze(Grouping grouping) {
    List<Input> inputs = in.resolve(streams);
    Pipeline.Sinks<Recorder> sinks =
        Pipeline.Sinks.of(() -> new Recorder(grouping, in.maxOperations), Recorder::add);
    if (in.rejects == null) {
      Pipeline.Result<Recorder> result =
          new Pipeline<>(sinks, in.pipelineOptions(null)).run(inputs);
      return Analyzer.analyze("tardy " + Tardy.Version.get(), result.sink(), result.inputs());
    }
    OutputOptions.checkWritable(in.rejects);
    Analysis[] analysis = new Analysis[1];
    try {
      AtomicOutput.write(in.rejects, rejectsOut -> {
        Pipeline.Result<Recorder> result =
            new Pipeline<>(sinks, in.pipelineOptions(rejectWriter(rejectsOut))).run(inputs);
        analysis[0] =
            Analyzer.analyze("tardy " + Tardy.Version.get(), result.sink(), result.inputs());
      });
    } catch (IOException e) {
      throw new UserError(in.rejects + ": cannot be written: " + e.getMessage(), e);
    }
    return analysis[0];
  }

  /** "input:line: reason: the line", the line's bytes as they were. */
  private static Pipeline.Rejects rejectWriter(OutputStream target) {
    return (input, line, outcome, buf, from, to) -> {
      try {
        target.write((input + ":" + line + ": " + outcome.reason() + ": ")
            .getBytes(StandardCharsets.UTF_8));
        target.write(buf, from, to - from);
        target.write('\n');
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    };
  }

  void render(Analysis analysis) {
    out.write(streams, target -> out.format.renderer(out.style(streams)).render(analysis, target));
  }
}
