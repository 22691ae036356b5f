package tardy.cli;

import tardy.run.Driver;
import tardy.run.SpecRecipe;

import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import tardy.analysis.Analysis;
import tardy.analysis.InputHealth;
import tardy.record.Result;
import tardy.record.grouping.GroupingMode;
import tardy.render.registry.OutputFormat;
import tardy.render.json.TemplateReview;

/** {@code tardy report}: percentiles per operation or per pause kind. */
final class ReportCommand extends AnalysisCommand implements Callable<Integer> {

  String grouping = GroupingMode.INFER.option();
  boolean templates;
  final ExemplarsOption exemplars = new ExemplarsOption();
  String groupBy = "operation";
  java.nio.file.Path requirements;

  ReportCommand(Streams streams, Driver driver) {
    super(streams, driver);
  }

  @Override
  public Object get(String field) {
    return switch (field) {
      case "grouping" -> grouping;
      case "templates" -> templates;
      case "groupBy" -> groupBy;
      case "requirements" -> requirements;
      default -> super.get(field);
    };
  }

  @Override
  public void set(String field, Object value) {
    switch (field) {
      case "grouping" -> grouping = (String) value;
      case "templates" -> templates = (boolean) value;
      case "groupBy" -> groupBy = (String) value;
      case "requirements" -> requirements = (java.nio.file.Path) value;
      default -> super.set(field, value);
    }
  }

  CommandSpec spec() {
    CommandSpec spec = spec("report",
        "Percentiles per operation (access logs) or per pause kind (JVM logs).");
    spec.addOption(Specs.option(this, "grouping", "--grouping").paramLabel("infer|ids|raw")
        .completionCandidates(java.util.List.of("infer", "ids", "raw"))
        .description("How paths become operations: infer (default) templates from the traffic"
            + " ({id}, {uuid}, {hex}, {hash}, {slug}, {*}), ids folds only digit runs, UUIDs and"
            + " long hex strings, raw keeps paths as logged (query dropped).").build());
    spec.addOption(Specs.option(this, "groupBy", "--group-by").paramLabel("operation|backend")
        .completionCandidates(java.util.List.of("operation", "backend"))
        .description("backend: each operation once per backend of the proxy, named [backend]"
            + " METHOD path (HAProxy's backend, Envoy's upstream cluster); requests whose log"
            + " names none keep their operation's name. operation (default): whatever the"
            + " backend.")
        .build());
    spec.addOption(Specs.option(this, "templates", "--templates")
        .description("List the operations that hold a placeholder, with their requests, distinct"
            + " paths and examples, instead of the percentiles (table or --format json).").build());
    exemplars.addTo(spec, "each operation shown");
    spec.addOption(Specs.option(this, "requirements", "--requirements").paramLabel("FILE")
        .description("Judge the report against a requirements file, as check does (its"
            + " requirements, error budgets and verdict shown), but exit 0 whatever the verdict:"
            + " a report, not a gate.").build());
    fleet.addTo(spec);
    return Specs.help(spec);
  }

  @Override
  public Integer call() {
    tardy.render.PrintedZone.Scope zone = zoneScope();
    try {
      return report();
    } finally {
      zone.close();
    }
  }

  private Integer report() {
    GroupingMode mode = mode();
    boolean perBackend = perBackend();
    exemplars.validate(this, templates ? "--templates" : fleet.column != null ? "--fleet" : null);
    if (fleet.column != null && (templates || follow.follow)) {
      throw new UserError("--fleet shows a histogram table's report by partition: not with "
          + (templates ? "--templates" : "--follow"));
    }
    if (requirements != null) {
      if (templates) {
        throw new UserError("--templates cannot be used with --requirements");
      }
      if (perBackend) {
        throw new UserError("--group-by backend cannot be used with --requirements: a"
            + " requirement names an operation, not a backend's");
      }
      return JudgedRun.run(this, requirements, mode, false);
    }
    if (templates && perBackend) {
      throw new UserError("--templates lists the operations' templates, whatever the backend:"
          + " not with --group-by backend");
    }
    if (follow.follow) {
      checkFollowable();
      if (templates) {
        throw new UserError("--templates cannot be used with --follow");
      }
      return new LiveRun(this, follow, null).run(plan -> Result.Spec.report(
          perBackend ? plan.grouping(mode, 2 * in.maxOperations).perBackend()
              : plan.grouping(mode, 2 * in.maxOperations), in.maxOperations));
    }
    if (save != null && templates) {
      throw new UserError("--save saves a report's result: not with --templates");
    }
    Analysis analysis = analyze(plan -> {
      decided = plan.grouping(mode, SpecRecipe.expectedGroups(in.maxOperations));
      decided = perBackend ? decided.perBackend() : decided;
      return SpecRecipe.report(decided, in.maxOperations);
    });
    if (!templates) {
      render(analysis);
      warnUnread(analysis);
      return ExitCodes.OK;
    }
    TemplateReview review = TemplateReview.of(analysis,
        saved != null ? saved.grouping() : decided);
    out.write(streams, target -> {
      if (out.format == OutputFormat.JSON) {
        review.json(target);
      } else {
        review.table(target);
      }
    });
    return ExitCodes.OK;
  }

  @Override
  tardy.render.View laidOut(tardy.render.View view) {
    return exemplars.laidOut(view);
  }

  @Override
  void render(Analysis analysis) {
    exemplars.refuseNone(analysis); // known once read: JVM logs only
    super.render(analysis);
  }

  @Override
  java.util.List<String> recordingOptionsGiven() {
    java.util.List<String> given = new java.util.ArrayList<>();
    if (mode() != GroupingMode.INFER) {
      given.add("--grouping");
    }
    if (perBackend()) {
      given.add("--group-by");
    }
    return given;
  }

  private boolean perBackend() {
    return switch (groupBy.toLowerCase(Locale.ROOT)) {
      case "operation" -> false;
      case "backend" -> true;
      default -> throw new UserError("--group-by must be operation or backend, not " + groupBy);
    };
  }

  /**
   * An input read to nothing (no line parsed: a wrong format, or GC events none of which became a
   * pause) is said on stderr too when the notes go where a person may not read them: into JSON,
   * CSV, HTML or a file. A table on standard output shows the same words as its notes.
   */
  private void warnUnread(Analysis analysis) {
    if (out.format() == OutputFormat.TABLE && out.output == null) {
      return;
    }
    for (String problem : InputHealth.problems(analysis.inputs())) {
      streams.err().println("tardy: " + problem);
    }
  }

  private GroupingMode mode() {
    for (GroupingMode m : GroupingMode.values()) {
      if (m.option().equals(grouping.toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw new UserError("--grouping must be infer, ids or raw, not " + grouping);
  }
}
