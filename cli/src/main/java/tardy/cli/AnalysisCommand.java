package tardy.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tardy.classify.Analysis;
import tardy.classify.Analyzer;
import tardy.classify.Grouping;
import tardy.classify.Pipeline;
import tardy.classify.Recorder;

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
    return analyze(
        Pipeline.Sinks.of(() -> new Recorder(grouping, in.maxOperations), Recorder::add));
  }

  /** The same with recorders that may decide their grouping from a sample of the inputs. */
  Analysis analyze(Pipeline.Sinks<Recorder> recorders) {
    if (out.output != null) {
      OutputOptions.checkWritable(out.output); // before a long read, not after it
    }
    Pipeline.Result<Recorder> result = in.read(streams, recorders);
    return Analyzer.analyze("tardy " + Tardy.Version.get(), result.sink(), result.inputs());
  }

  void render(Analysis analysis) {
    out.write(streams, target -> out.format.renderer(out.style(streams)).render(analysis, target));
  }
}
