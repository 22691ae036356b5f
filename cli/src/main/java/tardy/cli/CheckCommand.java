package tardy.cli;

import tardy.run.Driver;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import tardy.record.grouping.GroupingMode;

/** {@code tardy check}: the report judged against a requirements file; exit 1 when a budget fails. */
final class CheckCommand extends AnalysisCommand implements Callable<Integer> {

  Path requirements;
  final ExemplarsOption exemplars = new ExemplarsOption();

  CheckCommand(Streams streams, Driver driver) {
    super(streams, driver);
  }

  @Override
  public Object get(String field) {
    return switch (field) {
      case "requirements" -> requirements;
      default -> super.get(field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "requirements" -> requirements = (Path) value;
      default -> super.set(field, value);
    }
  }

  CommandSpec spec() {
    CommandSpec spec = spec("check",
        "The report judged against a requirements file: exit 1 when a budget fails.");
    spec.addOption(Specs.option(this, "requirements", "--requirements").required(true)
        .paramLabel("FILE")
        .description("The requirements file (YAML): categories, operations and their budgets.")
        .build());
    exemplars.addTo(spec, "each row shown, in the check's order,");
    return Specs.help(spec);
  }

  @Override
  public Integer call() {
    tardy.render.PrintedZone.Scope zone = zoneScope();
    try {
      exemplars.validate(this, null);
      return JudgedRun.run(this, requirements, GroupingMode.INFER, true);
    } finally {
      zone.close();
    }
  }

  @Override
  tardy.render.View laidOut(tardy.render.View view) {
    return exemplars.laidOut(view);
  }

  @Override
  void render(tardy.analysis.Analysis analysis) {
    exemplars.refuseNone(analysis); // known once read: JVM logs only
    super.render(analysis);
  }
}
