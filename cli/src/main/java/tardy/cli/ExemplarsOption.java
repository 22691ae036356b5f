package tardy.cli;

import picocli.CommandLine.Model.CommandSpec;
import tardy.analysis.Analysis;
import tardy.render.View;
import tardy.render.registry.OutputFormat;

/**
 * {@code --exemplars} of {@code report} and {@code check}: the slowest requests of each request
 * row shown, and of all, as a section of the table or of the HTML page. Refused, before anything
 * is read, where there is none to show: CSV and hgrm have no place for them, JSON lists them
 * always, the live screen and a histogram table keep no requests.
 */
final class ExemplarsOption implements Specs.Fields {

  boolean given;

  @Override
  public Object get(String field) {
    if (field.equals("given")) {
      return given;
    }
    throw Specs.noField(this, field);
  }

  @Override
  public void set(String field, Object value) {
    if (!field.equals("given")) {
      throw Specs.noField(this, field);
    }
    given = (boolean) value;
  }

  /** @param rows the rows whose requests are listed, as the command's reader calls them */
  void addTo(CommandSpec command, String rows) {
    command.addOption(Specs.option(this, "given", "--exemplars")
        .description("Also list the 5 slowest requests of " + rows + " and of all, under the"
            + " tables or in the --format html page: latency, end time, status, where (source"
            + " and line) and the id the line logged (nginx $request_id, Envoy's"
            + " x-request-id...). Not with csv or hgrm; JSON always lists them (slowest).")
        .build());
  }

  /**
   * Refuses what cannot list them, before anything is read.
   *
   * @param other another option given that keeps no requests to list, or null
   */
  void validate(AnalysisCommand c, String other) {
    if (!given) {
      return;
    }
    OutputFormat format = c.out.format();
    if (format != OutputFormat.TABLE && format != OutputFormat.HTML) {
      throw new UserError("--exemplars lists the slowest requests in the table or the HTML page:"
          + " not with --format " + format.label() + (format == OutputFormat.JSON
          ? ", which lists them always (slowest)" : "; --format json lists them (slowest)"));
    }
    if (other != null || c.follow.follow) {
      throw new UserError("--exemplars cannot be used with "
          + (other != null ? other : "--follow"));
    }
    if (c.tables.tableInput(c.in.inputs) != null || !c.tables.filters().isEmpty()) {
      throw new UserError("--exemplars lists requests as their logs gave them: a histogram table"
          + " keeps their histograms, not the requests (read the logs, or a result saved with"
          + " --save)");
    }
  }

  /** Refuses, once read, inputs that hold no requests (JVM logs only). */
  void refuseNone(Analysis analysis) {
    if (given && analysis.slowestRequests().isEmpty()) {
      throw new UserError("--exemplars lists the slowest requests of access logs: these inputs"
          + " hold none");
    }
  }

  View laidOut(View view) {
    return given ? view.withSlowest() : view;
  }
}
