package tardy.run;

import tardy.record.Result;
import tardy.record.window.WindowedParser;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import tardy.events.Limits;
import tardy.events.LineParser;
import tardy.events.ParseStats;
import tardy.events.input.BlockReader;
import tardy.events.input.Chunker;
import tardy.events.input.InputException;
import tardy.events.input.LineReader;

/**
 * Parses one input of stand-alone lines on several threads in blocks of whole lines, handed out
 * as the workers are free, so that a slow core delays the run by a block at most. A part that can
 * only be read front to back (standard input, a pipe, a compressed file) is read and decompressed
 * into blocks by the calling thread ({@link BlockReader}); a plain file is cut into ranges
 * ({@link Chunker.Cuts}) that the workers read themselves. Workers parse the blocks as they come,
 * each into one result that lives for the whole input, and after each block cut off what depends
 * on where its lines are ({@link Result#cutLineOrdered}: the account, the pauses' evidence) into a
 * small result of its own. The calling thread adds those in the input's order, then the workers'
 * histograms, which add the same in any order: the result is the one a single pass gives, and no
 * block costs a set of histograms.
 */
final class BlockParse {

  /** The bytes a block holds, about: large enough that handing it over costs nothing. */
  static final int BLOCK_BYTES = 1 << 20;
  /** A file is cut into about this many ranges a thread, */
  static final int RANGES_PER_THREAD = 16;
  /** of at most this many blocks. */
  static final int BLOCKS_A_RANGE = 8;

  private final Part part;
  private final Path file; // a plain file whose ranges the workers read; null: a stream
  private final Chunker.Cuts cuts; // the file's ranges, handed out by the calling thread
  private final Result.Spec spec;
  private final int blockBytes;
  private final int maxLineBytes;
  private final BlockingQueue<Job> queue = new LinkedBlockingQueue<>();
  private final List<Worker> workers = new ArrayList<>();

  /**
   * One block on its way: its bytes, or the range of the file that holds them, and the result of
   * its lines' order once parsed.
   */
  private record Job(BlockReader.Block block, Chunker.Range range, boolean startsInput,
      CompletableFuture<Result> done) {}

  private static final Job STOP = new Job(null, null, false, null);

  private BlockParse(Part part, Path file, long size, Result.Spec spec, int blockBytes,
      int maxLineBytes) throws IOException {
    this.part = part;
    this.file = file;
    this.cuts = file == null ? null : new Chunker.Cuts(file, size);
    this.spec = spec;
    this.blockBytes = blockBytes;
    this.maxLineBytes = maxLineBytes;
  }

  /**
   * Whether an input is read this way: one whose lines stand alone, for a report (interval
   * histograms are recorded in time order), on more than one thread; a whole input that is no
   * plain file, or a plain file worth cutting ({@code parts} more than one).
   */
  static boolean suits(Plan.Entry entry, List<Part> parts, int ways, Result.Spec spec) {
    return ways > 1 && entry.independent() && spec.report() && spec.intervals().isEmpty()
        && (parts.size() > 1 || !entry.input().isPlainFile());
  }

  /**
   * Parses the input of {@code parts} (which {@link #suits}) on {@code threads} workers, adding
   * the blocks' accounts into {@code into} (an empty result for the input) as they are done, so
   * it holds the lines read even when reading fails; returns the whole result.
   *
   * @param blockBytes the least a block holds (tests cut blocks of a line)
   */
  static Result parse(List<Part> parts, Result into, int threads, int blockBytes,
      int maxLineBytes) throws IOException {
    Part part = parts.get(0);
    Path file = parts.size() > 1 ? part.entry().input().path().orElseThrow() : null;
    // the planned parts end where the file did when planned
    long size = parts.get(parts.size() - 1).range().map(Chunker.Range::to).orElse(-1L);
    BlockParse parse = new BlockParse(part, file, size, into.spec(), blockBytes, maxLineBytes);
    try {
      return parse.run(into, threads);
    } finally {
      if (parse.cuts != null) {
        parse.cuts.close();
      }
    }
  }

  private Result run(Result into, int threads) throws IOException {
    for (int i = 0; i < threads; i++) {
      Worker w = new Worker();
      workers.add(w);
      Thread t = new Thread(w, "tardy-parse-" + i);
      t.setDaemon(true); // a failed run never waits for a block still being parsed
      w.thread = t;
      t.start();
    }
    boolean done = false;
    try {
      if (file == null) {
        try (InputStream in = part.open()) {
          read(new BlockReader(in, blockBytes, maxLineBytes), into, 2 * threads + 1);
        }
      } else {
        cut(into, rangeBytes(cuts.size(), threads), 4 * threads + 1);
      }
      done = true;
    } finally {
      for (int i = 0; i < threads; i++) {
        queue.add(STOP);
      }
      if (!done) {
        workers.forEach(w -> w.thread.interrupt());
      }
    }
    Result total = null;
    for (Worker w : workers) {
      join(w.thread);
      total = total == null ? w.mine.addLater(into) : total.addLater(w.mine);
    }
    return total;
  }

  /** Reads blocks and hands them out, at most {@code window} in flight; adds them in order. */
  private void read(BlockReader reader, Result into, int window) throws IOException {
    ArrayDeque<Job> inFlight = new ArrayDeque<>();
    ArrayDeque<BlockReader.Block> free = new ArrayDeque<>();
    boolean first = true;
    while (true) {
      if (inFlight.size() >= window) {
        free.add(addNext(inFlight.poll(), into));
      }
      BlockReader.Block block = free.isEmpty() ? new BlockReader.Block(blockBytes) : free.poll();
      boolean more;
      try {
        more = reader.next(block);
      } catch (BlockReader.EndlessLine e) {
        drain(inFlight, into);
        throw LineReader.endlessLine(into.lastAccount().stats().lines());
      } catch (IOException e) {
        drain(inFlight, into);
        throw e;
      }
      if (!more && !first) {
        break;
      }
      // an empty input is still read once, so it counts as an input read
      Job job = new Job(block, null, first, new CompletableFuture<>());
      first = false;
      inFlight.add(job);
      queue.add(job);
      if (!more) {
        break;
      }
    }
    drain(inFlight, into);
  }

  /**
   * How much a file's range holds: {@value #RANGES_PER_THREAD} ranges a thread, so a slow core
   * holds the others up for a small share of the file, between a block and {@value #BLOCKS_A_RANGE}
   * blocks. Each range costs a cut and its addition (the slowest requests of every group, kept
   * afresh), which ranges of a block cost in 10 % more CPU on a gigabyte.
   */
  private long rangeBytes(long size, int threads) {
    return Math.min((long) BLOCKS_A_RANGE * blockBytes,
        Math.max(blockBytes, size / ((long) RANGES_PER_THREAD * threads)));
  }

  /**
   * Cuts the file into ranges and hands them out, at most {@code window} in flight (what a worker
   * reads is its own: the window holds only the ranges' small results); adds them in order.
   */
  private void cut(Result into, long rangeBytes, int window) throws IOException {
    ArrayDeque<Job> inFlight = new ArrayDeque<>();
    boolean first = true;
    while (first || !cuts.done()) {
      if (inFlight.size() >= window) {
        addNext(inFlight.poll(), into);
      }
      Job job = new Job(null, cuts.next(rangeBytes), first, new CompletableFuture<>());
      first = false;
      inFlight.add(job);
      queue.add(job);
    }
    drain(inFlight, into);
  }

  private void drain(ArrayDeque<Job> inFlight, Result into) throws IOException {
    while (!inFlight.isEmpty()) {
      addNext(inFlight.poll(), into);
    }
  }

  /**
   * Adds the next block's result once parsed; returns its buffer for reuse. A range whose reading
   * failed adds the lines read before the damage, then its error ends the read.
   */
  private BlockReader.Block addNext(Job job, Result into) throws IOException {
    try {
      into.addLater(Pipeline.done(job.done(), part.entry()));
    } catch (Pipeline.DamagedPart damaged) {
      into.addLater(damaged.read);
      throw damaged.failure;
    }
    ParseStats stats = into.lastAccount().stats();
    if (stats.parsed() == 0 && stats.malformed() >= Limits.MALFORMED_BEFORE_ANY_PARSED) {
      throw LineReader.notThisFormat(Limits.MALFORMED_BEFORE_ANY_PARSED);
    }
    return job.block();
  }

  private void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InputException(part.entry().input().name() + ": interrupted");
    }
  }

  /** Parses blocks into a result of its own, for the whole part; cuts each block's order off. */
  private final class Worker implements Runnable {
    // made by the worker's own thread, so that the two workers' counters and histograms are not
    // neighbours in memory: one core's writes would take the other's cache lines away
    private Result mine;
    private LineReader lines;
    private Thread thread;
    private FileChannel channel; // the file's, opened by its first range

    @Override
    public void run() {
      mine = Result.empty(spec);
      lines = new LineReader(maxLineBytes);
      try {
        work();
      } finally {
        closeChannel();
      }
    }

    private void work() {
      Plan.Entry entry = part.entry();
      while (true) {
        Job job;
        try {
          job = queue.take();
        } catch (InterruptedException e) {
          return;
        }
        if (job == STOP) {
          return;
        }
        ParseStats stats = new ParseStats();
        try {
          LineParser parser = WindowedParser.of(entry.format().newParser(), mine.spec().window(),
              mine.spec().exclusions(), stats);
          if (job.range() == null) {
            lines.read(job.block().buf(), 0, job.block().length(), parser, mine.sink(), stats,
                job.startsInput());
          } else {
            readRange(job, parser, stats);
          }
          job.done().complete(cutLineOrdered(stats));
        } catch (IOException e) { // the lines before the damage count: they go with the error
          job.done().completeExceptionally(
              new Pipeline.DamagedPart(e, cutLineOrdered(stats)));
        } catch (Throwable t) { // handed to the reading thread, which reports it
          job.done().completeExceptionally(t);
        }
      }
    }

    private Result cutLineOrdered(ParseStats stats) {
      Plan.Entry entry = part.entry();
      return mine.cutLineOrdered(entry.index(), entry.input().name(), entry.format().name(),
          stats);
    }

    /**
     * Reads a range as a stream, in the line reader's own buffer: reused range after range, and
     * small enough to stay in the core's cache until its lines are parsed (a range read whole, a
     * megabyte at a time, cost 10 % more CPU: the parse then read it from memory).
     */
    private void readRange(Job job, LineParser parser, ParseStats stats) throws IOException {
      if (channel == null) {
        channel = FileChannel.open(file, StandardOpenOption.READ);
      }
      Chunker.Range r = job.range();
      try (InputStream in = Chunker.open(channel, r, cuts.size(), false)) {
        lines.readPiece(in, parser, mine.sink(), stats, job.startsInput(), r.to() >= cuts.size());
      }
    }

    private void closeChannel() {
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException e) { // read only: nothing is lost
          channel = null;
        }
      }
    }
  }
}
