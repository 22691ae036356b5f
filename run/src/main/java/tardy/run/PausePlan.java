package tardy.run;

import tardy.record.pause.PauseIndex;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import tardy.record.grouping.Grouping;
import tardy.run.KeptRejects;
import tardy.run.Part;
import tardy.run.Pipeline;
import tardy.run.Plan;
import tardy.record.Result;
import tardy.events.EventSink;
import tardy.formats.Formats;
import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.ParseStats;
import tardy.events.PauseEvent;
import tardy.events.RecordFormat;
import tardy.events.RequestEvent;
import tardy.events.Sample;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.events.input.LineReader;
import tardy.events.input.Sampler;

/**
 * The first step of a run that has access logs and JVM logs: find the JVM logs among the inputs
 * by what their first lines hold, and read them into a {@link PauseIndex}, so that the report's
 * one pass can put every request against the pauses as it records it. JVM logs are small: they
 * are read here by one thread, in time order, each once: the same read records the log's own
 * result ({@link #read(Plan, Result.Spec, Pipeline.Options, OptionalLong)}), which the report's
 * pass then adds in the log's place instead of reading it again.
 */
public final class PausePlan {

  private PausePlan() {}

  /**
   * What one read of the JVM logs gives: their pauses on the wall clock, and each log's own
   * result by its place in the plan ({@link Plan.Entry#index}; none when only the index was read,
   * nor for a log whose malformed lines were too many to keep for {@code --rejects}), with its
   * malformed lines kept to write in its place (none without {@code --rejects}).
   */
  public record Pass(PauseIndex index, Map<Integer, Result> results,
      Map<Integer, KeptRejects> rejects) {}

  /**
   * The pause index of the JVM logs among {@code inputs}, when there are also requests to put
   * against it; empty otherwise. Standard input and other streams can be read once only: they
   * are left to the report's pass (a stream may still hold the requests). The logs are read for
   * the index only: a driver that parses elsewhere reads them again for their own tables.
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
      Optional<LogFormat> format = options.formats().forInput(input.name(), sample)
          .or(() -> Formats.choose(sample).best());
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
    return Optional.of(read(Plan.of(jvmLogs, options.formats()).entries(), null, options,
        jvmStartMillis).index());
  }

  /**
   * The same for the inputs of a plan already made, each JVM log read once into both the index
   * and its own result of shape {@code spec} (null: the index only), as the report's pass would
   * have read it: the window, if any, leaves events out of the result, never out of the index.
   */
  public static Optional<Pass> read(Plan plan, Result.Spec spec, Pipeline.Options options,
      OptionalLong jvmStartMillis) {
    List<Plan.Entry> jvmLogs = new ArrayList<>();
    boolean requests = false;
    for (Plan.Entry entry : plan.entries()) {
      if (entry.input().path().isEmpty()) {
        requests = true;
        continue;
      }
      switch (carries(entry.format(), Sampler.sample(entry.input()))) {
        case PAUSES -> jvmLogs.add(entry);
        case REQUESTS -> requests = true;
        default -> { }
      }
    }
    if (jvmLogs.isEmpty() || !requests) {
      return Optional.empty();
    }
    return Optional.of(read(jvmLogs, spec, options, jvmStartMillis));
  }

  /** Reads the JVM logs in time order, each on this thread, into the index (and their results). */
  private static Pass read(List<Plan.Entry> jvmLogs, Result.Spec spec, Pipeline.Options options,
      OptionalLong jvmStartMillis) {
    PauseIndex.Collector pauses = new PauseIndex.Collector(Grouping.DEFAULT);
    Map<Integer, Result> results = new HashMap<>();
    Map<Integer, KeptRejects> rejects = new HashMap<>();
    for (Plan.Entry entry : jvmLogs) {
      pauses.startInput(entry.input().name());
      if (entry.format() instanceof RecordFormat records) { // on the wall clock: no anchors
        try {
          if (spec == null) {
            RecordFile.read(records, entry.input(), pauses, new ParseStats());
          } else {
            Result result = entry.newResult(spec);
            Part.of(entry, Optional.empty()).readRecordsInto(result, pauses);
            results.put(entry.index(), result);
            rejects.put(entry.index(), new KeptRejects());
          }
        } catch (IOException e) {
          throw Pipeline.damaged(entry.input(), e, null);
        }
        continue;
      }
      // the lines that give both a wall-clock time and the uptime place the log's uptime-only
      // pauses when no --start-time does: the parser hands them on as it reads each line
      LineParser parser = entry.format().newParser();
      parser.emitAnchors();
      try {
        if (spec == null) {
          try (InputStream in = entry.input().open()) {
            new LineReader(options.maxLineBytes()).read(in, parser, pauses, new ParseStats(),
                LineReader.Rejects.NONE, true);
          }
        } else {
          Result result = entry.newResult(spec);
          KeptRejects kept = new KeptRejects();
          Part.of(entry, Optional.empty()).parseInto(result, new AlsoTo(parser, pauses),
              options.rejects() == null ? LineReader.Rejects.NONE : kept, options.maxLineBytes());
          if (kept.fits()) { // else read again in its place, its rejects written as it goes
            results.put(entry.index(), result);
            rejects.put(entry.index(), kept);
          }
        }
      } catch (IOException e) {
        throw new InputException(entry.input().name() + ": read failed (" + e.getMessage() + ")", e);
      }
    }
    return new Pass(pauses.build(jvmStartMillis), results, rejects);
  }

  private enum Carries { REQUESTS, PAUSES, NOTHING }

  /** What the sample's lines yield under this format: requests or pauses. */
  private static Carries carries(LogFormat format, Sample sample) {
    if (format instanceof RecordFormat) {
      return format.hasRequests() ? Carries.REQUESTS : Carries.PAUSES;
    }
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
