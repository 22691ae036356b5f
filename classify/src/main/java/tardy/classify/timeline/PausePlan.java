package tardy.classify.timeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import tardy.classify.Grouping;
import tardy.classify.Pipeline;
import tardy.parse.EventSink;
import tardy.parse.Formats;
import tardy.parse.LineParser;
import tardy.parse.LogFormat;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;
import tardy.parse.Sample;
import tardy.parse.io.Input;
import tardy.parse.io.Sampler;

/**
 * The first step of a run that has access logs and JVM logs: find the JVM logs among the inputs
 * by what their first lines hold, and read them into a {@link PauseIndex}, so that the report's
 * one pass can put every request against the pauses as it records it. JVM logs are small; they
 * are read again by that pass for their own tables.
 */
public final class PausePlan {

  private PausePlan() {}

  /**
   * The pause index of the JVM logs among {@code inputs}, when there are also requests to put
   * against it; empty otherwise. Standard input and other streams can be read once only: they
   * are left to the report's pass (a stream may still hold the requests).
   */
  public static Optional<PauseIndex> read(List<Input> inputs, Pipeline.Options options,
      OptionalLong jvmStartMillis) {
    List<Input> jvmLogs = new ArrayList<>();
    boolean requests = false;
    for (Input input : inputs) {
      if (input.path().isEmpty()) {
        requests = true;
        continue;
      }
      Sample sample = Sampler.sample(input);
      Optional<LogFormat> format = options.format().or(() -> Formats.choose(sample).best());
      if (format.isEmpty()) {
        continue; // the report's pass says what is wrong with it
      }
      switch (carries(format.get(), sample)) {
        case PAUSES -> jvmLogs.add(input);
        case REQUESTS -> requests = true;
        default -> { }
      }
    }
    if (jvmLogs.isEmpty() || !requests) {
      return Optional.empty();
    }
    Pipeline.Options quiet = new Pipeline.Options(options.format(), options.threads(),
        options.maxLineBytes(), null, options.minChunkBytes());
    PauseIndex.Collector pauses = new Pipeline<>(
        Pipeline.Sinks.of(() -> new PauseIndex.Collector(Grouping.DEFAULT),
            PauseIndex.Collector::addLater), quiet).run(jvmLogs).sink();
    return Optional.of(pauses.build(jvmStartMillis));
  }

  private enum Carries { REQUESTS, PAUSES, NOTHING }

  /** What the sample's lines yield under this format: requests or pauses. */
  private static Carries carries(LogFormat format, Sample sample) {
    Carries[] seen = {Carries.NOTHING};
    EventSink probe = new EventSink() {
      @Override
      public void request(RequestEvent e) {
        seen[0] = Carries.REQUESTS;
      }

      @Override
      public void pause(PauseEvent e) {
        seen[0] = Carries.PAUSES;
      }
    };
    LineParser parser = format.newParser();
    for (byte[] line : sample.lines()) {
      parser.parse(line, 0, line.length, probe);
      if (seen[0] != Carries.NOTHING) {
        break;
      }
    }
    return seen[0];
  }
}
