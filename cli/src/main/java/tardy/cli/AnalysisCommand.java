package tardy.cli;

import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tardy.classify.Analysis;
import tardy.classify.Plan;
import tardy.classify.timeline.PauseIndex;
import tardy.classify.timeline.PausePlan;
import tardy.parse.io.Input;

/** The part report and check share: read the inputs into one analysis, write it out. */
abstract class AnalysisCommand {

  @Mixin InputOptions in;
  @Mixin OutputOptions out;
  @Mixin StartTimeOption start;
  @Mixin ViewOptions view;
  @Mixin TimeWindowOption window;
  @Mixin IntervalOption interval;
  @Mixin FollowOptions follow;

  @Option(names = "--debug", description = "Show the stack trace of an error.")
  boolean debug;

  @Option(names = {"-q", "--quiet"},
      description = "No progress display (shown only on a terminal, for runs longer than a second).")
  boolean quiet;

  final Streams streams;

  AnalysisCommand(Streams streams) {
    this.streams = streams;
  }

  /** The same with the grouping decided from the planned inputs' samples. */
  Analysis analyze(Function<Plan, SpecRecipe> shapeOf) {
    view.validate();
    if (out.output != null) {
      OutputOptions.checkWritable(out.output, this::readFrom); // before a long read
    }
    Progress progress = Progress.start(streams, in.resolve(streams), quiet);
    try {
      // JVM logs first, whole and small: every request is then put against their pauses
      PauseIndex pauses = PausePlan.read(in.resolve(streams), in.pipelineOptions(null),
          start.epochMillis()).orElse(null);
      return in.read(streams, plan -> shapeOf.apply(plan).withPauses(pauses)
              .withWindow(window.window(plan, start.epochMillis()))
              .withPerInterval(interval.millis()))
          .analyze("tardy " + Tardy.Version.get());
    } finally {
      progress.close();
    }
  }

  /** The files this run reads, which its output must never replace. */
  List<Input> readFrom() {
    return in.resolve(streams);
  }

  void render(Analysis analysis) {
    out.write(streams, target -> out.format().renderer(view.view(streams, out)).render(analysis, target));
  }
}
