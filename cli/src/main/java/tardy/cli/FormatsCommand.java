package tardy.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import tardy.events.Counts;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.Sample;
import tardy.events.input.Input;
import tardy.events.input.Inputs;
import tardy.events.input.Sampler;

/** {@code tardy formats}: the formats there are, and what each input is detected as. */
final class FormatsCommand implements Callable<Integer>, Specs.Fields {

  List<String> inputs = List.of();

  private final Streams streams;

  FormatsCommand(Streams streams) {
    this.streams = streams;
  }

  @Override
  public Object get(String field) {
    return switch (field) {
      case "inputs" -> inputs;
      default -> throw Specs.noField(this, field);
    };
  }

  @Override
  @SuppressWarnings("unchecked")
  public void set(String field, Object value) {
    switch (field) {
      case "inputs" -> inputs = (List<String>) value;
      default -> throw Specs.noField(this, field);
    }
  }

  CommandSpec spec() {
    CommandSpec spec = Specs.command(this, "formats",
        "List the log formats; with inputs, show how each input is detected.");
    spec.addPositional(Specs.positional(this, "inputs").arity("0..*").paramLabel("INPUT")
        .description("Log files to detect.").build());
    return Specs.help(spec);
  }

  @Override
  public Integer call() {
    PrintStream out = new PrintStream(streams.stdout(), true, StandardCharsets.UTF_8);
    if (inputs.isEmpty()) {
      for (LogFormat f : Formats.all()) {
        out.printf(Locale.ROOT, "%-20s %s%n", f.name(), f.description());
      }
      out.printf(Locale.ROOT, "%nAround any of them (found from the lines, or named as WRAPPER+FORMAT):%n");
      for (tardy.formats.wrap.Wrapper w : tardy.formats.wrap.Wrappers.all()) {
        out.printf(Locale.ROOT, "%-20s %s%n", w.name() + "+", w.description());
      }
      return ExitCodes.OK;
    }
    StandardInput.refuseNamedWhenClosed(inputs);
    for (Input input : Inputs.resolve(inputs, streams::in)) {
      Sample sample = Sampler.sample(input);
      Formats.Detection detection = Formats.detect(sample);
      // lines passed over as longer than a line may be are named, so 0 lines is no empty file
      String passedOver = sample.linesTooLong() == 0 ? "" : "; passed over: "
          + Counts.of(sample.linesTooLong(), "line") + " longer than "
          + (tardy.events.Limits.LINE_BYTES >> 20) + " MiB";
      out.printf(Locale.ROOT, "%s: %s (%s%s)%n", tardy.render.Escape.terminal(input.name()),
          detection.best().map(f -> "detected as " + f.name()).orElse("no format matches"),
          Counts.of(sample.lines().size(), "sample line"), passedOver);
      if (detection.best().isEmpty() && detection.isUtf16()) {
        out.printf(Locale.ROOT, "  it %s%n", Sample.UTF16_ADVICE);
      }
      for (Formats.Detection.Score s : detection.scores()) {
        out.printf(Locale.ROOT, "  %-20s %s%n", s.format().name(),
            s.match().name().toLowerCase(Locale.ROOT));
      }
    }
    return ExitCodes.OK;
  }
}
