package tardy.run;

import tardy.record.grouping.GroupingMode;

import tardy.record.grouping.SampleKeys;

import tardy.record.grouping.SampledGrouping;

import tardy.record.Result;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import tardy.record.grouping.TrafficSample;
import tardy.events.EventSink;
import tardy.formats.FormatChoice;
import tardy.formats.Formats;
import tardy.events.LogFormat;
import tardy.events.PartStarts;
import tardy.events.RecordFormat;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.events.Sample;
import tardy.events.Times;
import tardy.events.input.Chunker;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.events.input.Sampler;

/**
 * The first step of every run: each input opened once for a sample, its format decided, the
 * inputs put in the order their content has (a rotated set in time order), and each input cut
 * into the {@link Part parts} that can be parsed apart: byte ranges at line ends for a large
 * plain file of a format whose lines stand alone (or that names the lines where a part may
 * start: a GC log at a GC's first line), else the whole input. Any driver (the batch
 * run, a cluster job) parses the parts and adds their results in this order.
 */
public final class Plan {

  /** Files smaller than twice this are parsed by one thread: splitting costs more than it gains. */
  public static final long MIN_CHUNK_BYTES = 4L << 20;

  /**
   * One input, its format decided, at its place in the order.
   *
   * @param partStarts where it may be cut into parts parsed apart; null: it is parsed whole
   * @param named whether its format is one the user named ({@code --log-format}) and not the
   *     one its first lines are detected as: when no line of it parses, the name was wrong (a
   *     JVM log of header lines only, detected as its format, is no such input)
   */
  public record Entry(int index, Input input, LogFormat format, InputStream replay,
      PartStarts partStarts, TrafficSample.Head head, boolean named, SampleAhead ahead) {

    /** An input whose format was detected. */
    public Entry(int index, Input input, LogFormat format, InputStream replay,
        PartStarts partStarts, TrafficSample.Head head) {
      this(index, input, format, replay, partStarts, head, false, null);
    }

    /** An empty result for a part of this input. */
    public Result newResult(Result.Spec spec) {
      return Result.of(spec, index, input.name(), format.name());
    }

    /** Whether its lines stand alone: any line may start a part, or a block of a stream. */
    public boolean independent() {
      return partStarts == PartStarts.ANY_LINE;
    }

    /**
     * The lines grouping is decided from ({@link TrafficSample}): a stream's head kept while
     * planning, a regular file read again (by a thread of its own while planning, {@link
     * SampleAhead}, the first time); none when it cannot be read (the full read reports why).
     */
    public List<byte[]> trafficSample() {
      if (head != null) {
        return head.lines();
      }
      if (ahead != null) {
        Optional<List<byte[]>> read = ahead.take();
        if (read.isPresent()) {
          return read.get();
        }
      }
      return readTrafficSample(input);
    }

    /** The traffic sample of an input that is not a stream, read from its file. */
    static List<byte[]> readTrafficSample(Input input) {
      try {
        Optional<Path> file = input.path();
        if (file.isEmpty() || !TrafficSample.reopenable(file.get())) {
          return List.of();
        }
        if (input.isPlainFile()) {
          return TrafficSample.ofPlainFile(file.get());
        }
        try (InputStream in = input.open()) {
          return TrafficSample.Head.read(in).lines();
        }
      } catch (IOException | RuntimeException e) {
        return List.of();
      }
    }

    /**
     * The parts of this input, in order: ranges of a plain file when it is worth cutting into
     * {@code ways}, else the input whole.
     */
    public List<Part> parts(int ways, long minChunkBytes) throws IOException {
      input.checkNotTruncated(); // parts cut now would end where a truncation left the file
      Optional<Path> file = input.path();
      if (file.isPresent() && partStarts != null && ways > 1 && input.isPlainFile()
          && Files.size(file.get()) >= 2 * minChunkBytes) {
        List<Part> parts = new ArrayList<>();
        List<Chunker.Range> ranges = Chunker.split(file.get(), ways, minChunkBytes, partStarts);
        for (Chunker.Range range : ranges) {
          parts.add(Part.range(this, range));
        }
        return parts;
      }
      return List.of(Part.whole(this));
    }
  }

  private final List<Entry> entries;

  private Plan(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  /** The inputs in reading order. */
  /** Whether a planned input's format can name the host each line was served by. */
  public boolean namesHosts() {
    return entries.stream().anyMatch(e -> e.format().namesHosts());
  }

  public List<Entry> entries() {
    return entries;
  }

  /**
   * The grouping decided from the traffic samples of every planned input, in plan order.
   *
   * @param maxExpected how many of the sample's heaviest groups to track whatever the cap
   */
  public SampledGrouping grouping(GroupingMode mode, int maxExpected) {
    SampleKeys keys = new SampleKeys(mode); // each key's raw key made by the thread reading it
    for (Entry entry : entries) {
      if (entry.format().hasRequests()) { // a JVM log's sample holds no request
        // a second core, when there is one, reads half the sample (same keys, same order)
        keys.add(entry.format()::newParser, entry.trafficSample(),
            Runtime.getRuntime().availableProcessors() > 1);
      }
    }
    return SampledGrouping.of(mode, keys, maxExpected);
  }

  /**
   * Opens every input for its sample (a stream keeps its head for replay), decides formats
   * ({@code forced}, else detection) and orders the inputs by their first event's time.
   */
  public static Plan of(List<Input> inputs, Optional<LogFormat> forced) {
    return of(inputs, FormatChoice.of(forced));
  }

  /** The same with the formats the user named, each for the inputs it applies to. */
  public static Plan of(List<Input> inputs, FormatChoice formats) {
    return of(inputs, formats, false);
  }

  /**
   * The same for a run that decides its grouping right after planning: one file's traffic
   * sample is read beside the planning ({@link SampleAhead}); a set's samples are read in turn
   * by the grouping, so that no more than one is held at a time.
   */
  public static Plan forGrouping(List<Input> inputs, FormatChoice formats) {
    return of(inputs, formats, true);
  }

  private static Plan of(List<Input> inputs, FormatChoice formats, boolean sampleAhead) {
    SampleAhead ahead = sampleAhead && inputs.size() == 1 && inputs.get(0).path().isPresent()
        ? SampleAhead.start(inputs.get(0)) : null;
    List<Opened> opened = new ArrayList<>();
    for (Input input : inputs) {
      opened.add(open(input, formats));
    }
    opened = withBlankInputsRead(opened);
    opened.sort(Comparator.comparingLong(Opened::firstTime)); // stable: ties keep the given order
    List<Entry> entries = new ArrayList<>();
    for (Opened o : opened) {
      entries.add(new Entry(entries.size(), o.input, o.format, o.replay, o.partStarts,
          o.head, o.named, ahead));
    }
    return new Plan(entries);
  }

  /**
   * An input with its format decided (null while its first lines are blank) and, for a stream,
   * its sampled head kept for replay.
   */
  private record Opened(Input input, LogFormat format, InputStream replay, long firstTime,
      PartStarts partStarts, TrafficSample.Head head, boolean named, long linesTooLong) {

    Opened(Input input, LogFormat format, InputStream replay, long firstTime,
        PartStarts partStarts, TrafficSample.Head head, boolean named) {
      this(input, format, replay, firstTime, partStarts, head, named, 0);
    }
  }

  /**
   * A blank input (an access.log just rotated) is read with the format of the others, so its
   * lines are still counted; only when every input is blank is there nothing to analyse.
   */
  private static List<Opened> withBlankInputsRead(List<Opened> opened) {
    LogFormat fallback = opened.stream().map(Opened::format).filter(f -> f != null)
        .findFirst().orElseThrow(() -> new InputException(nothingToRead(opened)));
    List<Opened> out = new ArrayList<>();
    for (Opened o : opened) {
      out.add(o.format != null ? o
          : new Opened(o.input, fallback, o.replay, Long.MAX_VALUE, null, o.head, false));
    }
    return out;
  }

  /**
   * Why no input has a line to read: each is empty (or blank), or holds only lines longer than a
   * line may be ({@link tardy.events.Limits#LINE_BYTES}, which the read skips): no empty file.
   */
  private static String nothingToRead(List<Opened> opened) {
    long tooLong = opened.stream().mapToLong(Opened::linesTooLong).sum();
    String longest = "longer than " + (tardy.events.Limits.LINE_BYTES >> 20)
        + " MiB, the longest line read";
    if (opened.size() == 1) {
      return opened.get(0).input.name() + (tooLong == 0 ? ": is empty: no lines to read"
          : ": no line to read: " + (tooLong == 1 ? "its one line is " : "its "
              + tardy.events.Counts.of(tooLong, "line") + " are each ") + longest
              + " (is it a text log?)");
    }
    return tooLong == 0 ? "every input is empty: no lines to read"
        : "no input has a line to read: each is empty or holds only lines " + longest;
  }

  private static Opened open(Input input, FormatChoice formats) {
    Sample sample;
    InputStream replay = null;
    TrafficSample.Head head = null;
    if (input.path().isPresent()) {
      sample = Sampler.sample(input);
    } else {
      // a stream is read once: keep the head grouping is decided from (longer than detection's)
      InputStream in = input.open();
      head = TrafficSample.Head.read(in);
      Sampler.Sampled sampled = Sampler.sample(head.replay(in), input.name());
      sample = sampled.sample();
      replay = sampled.stream();
    }
    Optional<LogFormat> forced = formats.forInput(input.name(), sample);
    if (forced.isEmpty() && sample.nonBlankLines().isEmpty() && !sample.binary()) {
      return new Opened(input, null, replay, Long.MAX_VALUE, null, head, false,
          sample.linesTooLong());
    }
    LogFormat format = forced.map(f -> Formats.fit(f, sample))
        .orElseGet(() -> detect(input, sample));
    boolean named = forced.isPresent() && !Formats.choose(sample).best()
        .map(detected -> detected.name().equals(format.name())).orElse(false);
    return new Opened(input, format, replay, firstTime(format, sample),
        format.partStarts(sample).orElse(null), head, named);
  }

  private static LogFormat detect(Input input, Sample sample) {
    Formats.Detection detection = Formats.choose(sample);
    return detection.best().orElseThrow(() -> new InputException(input.name() + ": "
        + detection.failure()));
  }

  /** The first time the sample's events carry, to order rotated sets; MAX_VALUE when none. */
  private static long firstTime(LogFormat format, Sample sample) {
    if (format instanceof RecordFormat records) {
      long first = records.firstMillis(sample);
      return Times.isSet(first) ? first : Long.MAX_VALUE;
    }
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
}
