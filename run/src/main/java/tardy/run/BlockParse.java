package tardy.run;

import tardy.record.Result;
import tardy.record.window.WindowedParser;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import tardy.events.Limits;
import tardy.events.ParseStats;
import tardy.events.input.BlockReader;
import tardy.events.input.InputException;
import tardy.events.input.LineReader;

/**
 * Parses one part that can only be read front to back (standard input, a pipe, a compressed
 * file) on several threads. The calling thread reads and decompresses it into blocks of whole
 * lines ({@link BlockReader}); workers parse the blocks as they come, each into one result that
 * lives for the whole part, and after each block cut off what depends on where its lines are
 * ({@link Result#cutLineOrdered}: the account, the pauses' evidence) into a small result of its
 * own. The calling thread adds those in the stream's order, then the workers' histograms, which
 * add the same in any order: the result is the one a single pass gives, and no block costs a set
 * of histograms.
 */
final class BlockParse {

  /** The bytes a block holds, about: large enough that handing it over costs nothing. */
  static final int BLOCK_BYTES = 1 << 20;

  private final Part part;
  private final Result.Spec spec;
  private final int blockBytes;
  private final int maxLineBytes;
  private final BlockingQueue<Job> queue = new LinkedBlockingQueue<>();
  private final List<Worker> workers = new ArrayList<>();

  /** One block on its way: its bytes, and the result of its lines' order once parsed. */
  private record Job(BlockReader.Block block, boolean startsInput, CompletableFuture<Result> done) {}

  private static final Job STOP = new Job(null, false, null);

  private BlockParse(Part part, Result.Spec spec, int blockBytes, int maxLineBytes) {
    this.part = part;
    this.spec = spec;
    this.blockBytes = blockBytes;
    this.maxLineBytes = maxLineBytes;
  }

  /**
   * Whether a part is read this way: a whole input that is no plain file, of a format whose lines
   * stand alone, for a report (interval histograms are recorded in time order).
   */
  static boolean suits(Plan.Entry entry, List<Part> parts, int ways, Result.Spec spec) {
    return ways > 1 && parts.size() == 1 && entry.independent() && spec.report()
        && spec.intervals().isEmpty() && !entry.input().isPlainFile();
  }

  /**
   * Parses {@code part} on {@code threads} workers, adding the blocks' accounts into {@code
   * into} (an empty result for the part's input) as they are done, so it holds the lines read
   * even when reading fails; returns the whole result.
   *
   * @param blockBytes the least a block holds (tests cut blocks of a line)
   */
  static Result parse(Part part, Result into, int threads, int blockBytes, int maxLineBytes)
      throws IOException {
    return new BlockParse(part, into.spec(), blockBytes, maxLineBytes).run(into, threads);
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
    try (InputStream in = part.open()) {
      read(new BlockReader(in, blockBytes, maxLineBytes), into, 2 * threads + 1);
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
      Job job = new Job(block, first, new CompletableFuture<>());
      first = false;
      inFlight.add(job);
      queue.add(job);
      if (!more) {
        break;
      }
    }
    drain(inFlight, into);
  }

  private void drain(ArrayDeque<Job> inFlight, Result into) throws IOException {
    while (!inFlight.isEmpty()) {
      addNext(inFlight.poll(), into);
    }
  }

  /** Adds the next block's result once parsed; returns its buffer for reuse. */
  private BlockReader.Block addNext(Job job, Result into) throws IOException {
    into.addLater(Pipeline.done(job.done(), part.entry()));
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
    private final Result mine = Result.empty(spec);
    private final LineReader lines = new LineReader(maxLineBytes);
    private Thread thread;

    @Override
    public void run() {
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
        try {
          ParseStats stats = new ParseStats();
          lines.read(job.block().buf(), 0, job.block().length(),
              WindowedParser.of(entry.format().newParser(), mine.spec().window(),
                  mine.spec().exclusions(), stats),
              mine.sink(), stats, job.startsInput());
          job.done().complete(mine.cutLineOrdered(entry.index(), entry.input().name(),
              entry.format().name(), stats));
        } catch (Throwable t) { // handed to the reading thread, which reports it
          job.done().completeExceptionally(t);
        }
      }
    }
  }
}
