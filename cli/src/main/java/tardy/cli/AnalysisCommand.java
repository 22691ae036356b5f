package tardy.cli;

import tardy.analysis.Analyzer;

import tardy.run.Driver;
import tardy.run.SpecRecipe;

import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import tardy.analysis.Analysis;
import tardy.run.Plan;

/** The part report and check share: read the inputs into one analysis, write it out. */
abstract class AnalysisCommand implements Specs.Fields {

  final InputOptions in = new InputOptions();
  final OutputOptions out = new OutputOptions();
  final StartTimeOption start = new StartTimeOption();
  final ViewOptions view = new ViewOptions();
  final TimeWindowOption window = new TimeWindowOption();
  final ExcludeOptions exclude = new ExcludeOptions();
  final IntervalOption interval = new IntervalOption();
  final FollowOptions follow = new FollowOptions();
  boolean debug;
  boolean quiet;

  final Streams streams;

  AnalysisCommand(Streams streams, Driver driver) {
    this.streams = streams;
    in.driver = driver;
  }

  @Override
  public Object get(String field) {
    return switch (field) {
      case "debug" -> debug;
      case "quiet" -> quiet;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "debug" -> debug = (boolean) value;
      case "quiet" -> quiet = (boolean) value;
      default -> throw Specs.noField(this, field);
    }
  }

  /** The command with the options report and check share, in the order the manual lists them. */
  CommandSpec spec(String name, String description) {
    CommandSpec spec = Specs.command(this, name, description);
    in.addTo(spec);
    out.addTo(spec);
    start.addTo(spec);
    view.addTo(spec);
    window.addTo(spec);
    exclude.addTo(spec);
    interval.addTo(spec);
    follow.addTo(spec);
    spec.addOption(Specs.option(this, "debug", "--debug")
        .description("Show the stack trace of an error.").build());
    spec.addOption(Specs.option(this, "quiet", "-q", "--quiet")
        .description("No progress display (shown only on a terminal, for runs longer than a"
            + " second).").build());
    return spec;
  }

  /** The same with the grouping decided from the planned inputs' samples. */
  Analysis analyze(Function<Plan, SpecRecipe> shapeOf) {
    view.validate();
    window.validate();
    tardy.record.window.Exclusions exclusions = exclude.exclusions();
    start.epochMillis();
    in.checkOutputs(streams, out.output); // before a long read
    Progress progress = Progress.start(streams, in.resolve(streams), quiet);
    try {
      // JVM logs first, whole and small: every request is then put against their pauses
      return Analyzer.analyze("tardy " + Tardy.Version.get(), in.readWithPauses(streams, plan -> shapeOf.apply(plan)
              .withWindow(window.window(plan, start.epochMillis()))
              .withExclusions(exclusions)
              .withPerInterval(interval.millis())
              .withJvmStart(start.epochMillis()), start.epochMillis()));
    } finally {
      progress.close();
    }
  }

  void render(Analysis analysis) {
    out.write(streams, target -> out.format().renderer(view.view(streams, out)).render(analysis, target));
  }
}
