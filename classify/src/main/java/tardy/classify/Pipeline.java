package tardy.classify;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import tardy.classify.infer.TrafficSample;
import tardy.parse.EventSink;
import tardy.parse.Formats;
import tardy.parse.LogFormat;
import tardy.parse.Outcome;
import tardy.parse.ParseStats;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;
import tardy.parse.Sample;
import tardy.parse.Times;
import tardy.parse.io.Chunker;
import tardy.parse.io.Input;
import tardy.parse.io.InputException;
import tardy.parse.io.LineReader;
import tardy.parse.io.Sampler;

/**
 * Reads inputs into sinks: detects each input's format, orders the inputs by their content,
 * parses plain files of line-independent formats in parallel chunks (one sink per chunk) and
 * everything else in one pass, and adds the sinks together in input order.
 *
 * @param <S> the sink: a {@link Recorder} for reports, an interval recorder for .hlog
 */
public final class Pipeline<S extends EventSink> {

  /** Files smaller than twice this are parsed by one thread: splitting costs more than it gains. */
  public static final long MIN_CHUNK_BYTES = 4L << 20;

  /** Makes sinks and adds a later one into an earlier one. */
  public interface Sinks<S> {
    S create();

    void addLater(S into, S later);

    /**
     * Called once before any input is read, with a sample of every input's lines taken
     * independently of threads and chunking ({@link tardy.classify.infer.TrafficSample}); only
     * when {@link #wantsSamples()}.
     */
    default void sampled(List<Sampled> samples) {}

    default boolean wantsSamples() {
      return false;
    }

    static <S> Sinks<S> of(java.util.function.Supplier<S> create,
        java.util.function.BiConsumer<S, S> addLater) {
      return new Sinks<>() {
        @Override
        public S create() {
          return create.get();
        }

        @Override
        public void addLater(S into, S later) {
          addLater.accept(into, later);
        }
      };
    }
  }

  /** The sampled lines of one input and the format that reads them. */
  public record Sampled(LogFormat format, List<byte[]> lines) {}

  /** Receives the malformed lines of every input, in line order, for {@code --rejects}. */
  @FunctionalInterface
  public interface Rejects {
    void reject(String input, long lineNumber, Outcome outcome, byte[] buf, int from, int to);
  }

  /**
   * What the user asked for: a forced format (else detection), threads, the line limit, and
   * where malformed lines go (null: nowhere); and the smallest chunk worth a thread of its own.
   */
  public record Options(Optional<LogFormat> format, int threads, int maxLineBytes,
      Rejects rejects, long minChunkBytes) {

    public Options(Optional<LogFormat> format, int threads, int maxLineBytes, Rejects rejects) {
      this(format, threads, maxLineBytes, rejects, MIN_CHUNK_BYTES);
    }

    public static Options defaults() {
      return new Options(Optional.empty(), Runtime.getRuntime().availableProcessors(),
          LineReader.DEFAULT_MAX_LINE_BYTES, null);
    }

    /** The same with chunks from {@code bytes} up: small ones let tests cut small logs. */
    public Options withMinChunkBytes(long bytes) {
      return new Options(format, threads, maxLineBytes, rejects, bytes);
    }

    LineReader.Rejects rejectsOf(Input input) {
      return rejects == null
          ? LineReader.Rejects.NONE
          : (line, outcome, buf, from, to) ->
              rejects.reject(input.name(), line, outcome, buf, from, to);
    }
  }

  /** The merged sink and the accounting of every input, in the order they were read. */
  public record Result<S>(S sink, List<InputSummary> inputs) {}

  private final Sinks<S> sinks;
  private final Options options;

  public Pipeline(Sinks<S> sinks, Options options) {
    this.sinks = sinks;
    this.options = options;
  }

  public Result<S> run(List<Input> inputs) {
    List<Opened> opened = new ArrayList<>();
    for (Input input : inputs) {
      opened.add(open(input));
    }
    opened = withBlankInputsRead(opened);
    opened.sort(Comparator.comparingLong(Opened::firstTime)); // stable: ties keep the given order
    if (sinks.wantsSamples()) {
      sinks.sampled(opened.stream().map(Pipeline::trafficSample).toList());
    }
    S total = null;
    List<InputSummary> summaries = new ArrayList<>();
    for (Opened o : opened) {
      ParseStats stats = new ParseStats();
      S sink = read(o, stats);
      total = addLater(total, sink);
      summaries.add(InputSummary.of(o.input.name(), o.format.name(), stats));
    }
    return new Result<>(total != null ? total : sinks.create(), summaries);
  }

  /**
   * An input with its format decided (null while its first lines are blank) and, for a stream,
   * its sampled head kept for replay.
   */
  private record Opened(Input input, LogFormat format, InputStream replay, long firstTime,
      boolean independent, TrafficSample.Head head) {}

  /** What grouping is decided from: see {@link TrafficSample}; nothing when it cannot be read. */
  private static Sampled trafficSample(Opened o) {
    List<byte[]> lines = List.of();
    try {
      if (o.head != null) {
        lines = o.head.lines();
      } else if (o.input.path().isPresent() && TrafficSample.reopenable(o.input.path().get())) {
        Path file = o.input.path().get();
        if (o.input.isPlainFile()) {
          lines = TrafficSample.ofPlainFile(file);
        } else {
          try (InputStream in = o.input.open()) {
            lines = TrafficSample.Head.read(in).lines();
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      lines = List.of(); // the full read reports what is wrong with the input
    }
    return new Sampled(o.format, lines);
  }

  /**
   * A blank input (an access.log just rotated) is read with the format of the others, so its
   * lines are still counted; only when every input is blank is there nothing to analyse.
   */
  private static List<Opened> withBlankInputsRead(List<Opened> opened) {
    LogFormat fallback = opened.stream().map(Opened::format).filter(f -> f != null)
        .findFirst().orElseThrow(() -> new InputException(opened.size() == 1
            ? opened.get(0).input.name() + ": is empty: no lines to read"
            : "every input is empty: no lines to read"));
    List<Opened> out = new ArrayList<>();
    for (Opened o : opened) {
      out.add(o.format != null ? o
          : new Opened(o.input, fallback, o.replay, Long.MAX_VALUE, false, o.head));
    }
    return out;
  }

  private Opened open(Input input) {
    Sample sample;
    InputStream replay = null;
    TrafficSample.Head head = null;
    if (input.path().isPresent()) {
      sample = Sampler.sample(input);
    } else {
      InputStream in = input.open();
      if (sinks.wantsSamples()) { // the traffic sample is longer than detection's
        head = TrafficSample.Head.read(in);
        in = head.replay(in);
      }
      Sampler.Sampled sampled = Sampler.sample(in);
      sample = sampled.sample();
      replay = sampled.stream();
    }
    if (options.format().isEmpty() && sample.nonBlankLines().isEmpty()) {
      return new Opened(input, null, replay, Long.MAX_VALUE, false, head);
    }
    LogFormat format = options.format().orElseGet(() -> detect(input, sample));
    return new Opened(input, format, replay, firstTime(format, sample),
        format.linesIndependent(sample), head);
  }

  private static LogFormat detect(Input input, Sample sample) {
    Formats.Detection detection = Formats.choose(sample);
    return detection.best().orElseThrow(() -> new InputException(input.name()
        + ": no known log format matches its first lines (tried " + detection.describe()
        + "); name one with --log-format"));
  }

  /** The first time the sample's events carry, to order rotated sets; MAX_VALUE when none. */
  private static long firstTime(LogFormat format, Sample sample) {
    long[] first = {Long.MAX_VALUE};
    EventSink probe = new EventSink() {
      @Override
      public void request(RequestEvent e) {
        see(e.wallMillis());
      }

      @Override
      public void pause(PauseEvent e) {
        see(Times.isSet(e.wallMillis()) ? e.wallMillis() : e.uptimeMillis());
      }

      private void see(long t) {
        if (first[0] == Long.MAX_VALUE && Times.isSet(t)) {
          first[0] = t;
        }
      }
    };
    var parser = format.newParser();
    for (byte[] line : sample.lines()) {
      parser.parse(line, 0, line.length, probe);
      if (first[0] != Long.MAX_VALUE) {
        break;
      }
    }
    return first[0];
  }

  private S read(Opened o, ParseStats stats) {
    try {
      Optional<Path> file = o.input.path();
      // rejects are written in line order, so a run that keeps them reads in one pass
      if (file.isPresent() && o.independent && options.threads() > 1
          && options.rejects() == null
          && Files.size(file.get()) >= 2 * options.minChunkBytes() && o.input.isPlainFile()) {
        return readChunks(o, file.get(), stats);
      }
      S sink = sinks.create();
      try (InputStream in = o.replay != null ? o.replay : o.input.open()) {
        new LineReader(options.maxLineBytes())
            .read(in, o.format.newParser(), sink, stats, options.rejectsOf(o.input), true);
      }
      return sink;
    } catch (IOException e) {
      throw new InputException(o.input.name() + ": " + describe(e) + " after line "
          + stats.lines() + " (" + stats.lines() + " lines were read before the damage)", e);
    }
  }

  private S readChunks(Opened o, Path file, ParseStats stats) throws IOException {
    List<Chunker.Range> ranges = Chunker.split(file, options.threads(), options.minChunkBytes());
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(options.threads(), ranges.size()));
    try {
      List<Future<Part<S>>> parts = new ArrayList<>();
      for (int i = 0; i < ranges.size(); i++) {
        Chunker.Range range = ranges.get(i);
        boolean first = i == 0;
        parts.add(pool.submit(() -> {
          try (InputStream in = Chunker.open(file, range)) {
            return parse(o, in, first);
          }
        }));
      }
      S total = null;
      for (Future<Part<S>> part : parts) {
        total = addPart(total, part, stats, o);
      }
      return total;
    } finally {
      pool.shutdownNow();
    }
  }

  /** One part of an input into a sink of its own; line numbers count from the part's start. */
  private Part<S> parse(Opened o, InputStream in, boolean startOfInput) throws IOException {
    Part<S> part = new Part<>(sinks.create(), new ParseStats());
    new LineReader(options.maxLineBytes()).read(in, o.format.newParser(), part.sink,
        part.stats, LineReader.Rejects.NONE, startOfInput);
    return part;
  }

  /** Waits for a part and adds it after the ones before it. */
  private S addPart(S total, Future<Part<S>> future, ParseStats stats, Opened o)
      throws IOException {
    Part<S> part;
    try {
      part = future.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      if (e.getCause() instanceof Error error) { // out of memory, above all: not a bug of ours
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InputException(o.input.name() + ": interrupted");
    }
    stats.add(part.stats, stats.lines());
    return addLater(total, part.sink);
  }

  private record Part<S>(S sink, ParseStats stats) {}

  /**
   * {@code later} added into {@code total}; the first sink becomes the total itself, because
   * adding a full sink into an empty one is a copy of every histogram for nothing.
   */
  private S addLater(S total, S later) {
    if (total == null) {
      return later;
    }
    sinks.addLater(total, later);
    return total;
  }

  private static String describe(IOException e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (e instanceof java.io.EOFException || message.contains("ZLIB") || message.contains("GZIP")) {
      return "compressed data is truncated or corrupt (" + message + ")";
    }
    return "read failed (" + message + ")";
  }
}
