package tardy.cli;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import tardy.classify.Analysis;
import tardy.classify.InputHealth;
import tardy.classify.Plan;
import tardy.classify.Result;
import tardy.classify.budget.Judge;
import tardy.classify.budget.Requirements;
import tardy.classify.budget.Verdict;
import tardy.classify.live.FileTail;
import tardy.classify.live.Follow;
import tardy.classify.live.StreamTail;
import tardy.classify.live.Tail;
import tardy.classify.live.Ticker;
import tardy.classify.live.VerdictChanges;
import tardy.parse.io.InputException;
import tardy.report.CheckWords;
import tardy.report.json.LiveJson;

/**
 * {@code --follow} on the command line: the live driver fed by the one input, each refresh
 * analysed (and judged, for check) and written as a line of JSON; stopped by the input's end,
 * SIGINT or SIGTERM, after which the last window decides check's exit code.
 */
final class LiveRun {

  /** How often the input is looked at when it has nothing new. */
  static final long POLL_NANOS = 100_000_000L;

  private final AnalysisCommand command;
  private final FollowOptions follow;
  private final Requirements requirements; // null: report
  private final VerdictChanges changes = new VerdictChanges();
  private Analysis lastWindow;
  private Analysis lastSinceStart;

  LiveRun(AnalysisCommand command, FollowOptions follow, Requirements requirements) {
    this.command = command;
    this.follow = follow;
    this.requirements = requirements;
  }

  /** Follows until stopped; the exit code. */
  int run(Function<Plan, Result.Spec> specOf, Ticker ticker, AtomicBoolean stop) {
    follow.validate(command.in, command.out);
    if (command.window.given()) {
      throw new UserError("--from/--to cannot be used with --follow: --window keeps the last"
          + " stretch of a live log");
    }
    command.view.validate();
    Streams streams = command.streams;
    Follow.Settings settings = new Follow.Settings(follow.refreshNanos, follow.windowNanos,
        POLL_NANOS, command.in.maxLineBytes, command.in.format());
    try (Tail tail = open(command.in.inputs.get(0), streams)) {
      new Follow(tail, settings, specOf, ticker, stop::get, this::show).run();
    } catch (IOException e) {
      throw new UserError(command.in.inputs.get(0) + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return exitCode();
  }

  /** Follows with the machine's clock, stopped by SIGINT or SIGTERM as by the input's end. */
  int run(Function<Plan, Result.Spec> specOf) {
    AtomicBoolean stop = new AtomicBoolean();
    List<Object> previous = new ArrayList<>();
    for (String signal : List.of("INT", "TERM")) {
      previous.add(org.jline.utils.Signals.register(signal, () -> stop.set(true)));
    }
    try {
      return run(specOf, Ticker.SYSTEM, stop);
    } finally {
      int i = 0;
      for (String signal : List.of("INT", "TERM")) {
        org.jline.utils.Signals.unregister(signal, previous.get(i++));
      }
    }
  }

  private static Tail open(String arg, Streams streams) {
    if (arg.equals("-")) {
      return StreamTail.start("-", streams.in());
    }
    Path path = Path.of(arg);
    if (Files.exists(path) && !Files.isRegularFile(path) && !Files.isDirectory(path)) {
      try { // a FIFO: a stream
        return StreamTail.start(arg, new FileInputStream(path.toFile()));
      } catch (IOException e) {
        throw new InputException(arg + ": cannot be read: " + e.getMessage(), e);
      }
    }
    return FileTail.open(path);
  }

  private void show(Follow.Snapshot s) throws IOException {
    String tool = "tardy " + Tardy.Version.get();
    Analysis window = s.window().analyze(tool);
    Analysis since = s.sinceStart().analyze(tool);
    List<VerdictChanges.Change> changed = List.of();
    if (requirements != null) {
      window = Judge.judge(window, requirements);
      changed = changes.next(window);
      for (VerdictChanges.Change c : changed) {
        command.streams.err().println(words(c));
      }
    }
    lastWindow = window;
    lastSinceStart = since;
    LiveJson.write(new LiveJson.Frame(s.elapsedNanos(), s.windowNanos(), follow.windowNanos,
        follow.refreshNanos, s.restarts(), s.last(), window, since, changed),
        command.streams.stdout());
  }

  /** {@code FAIL: GET /api/{id} p99 ≤ 250ms: 312ms, 62ms over; … (was pass)}. */
  static String words(VerdictChanges.Change c) {
    String what = c.budgetResult() == null ? c.key() : c.key() + " "
        + CheckWords.budget(c.budgetResult(), c.count());
    return c.to().word() + ": " + what + (c.from() == null ? "" : " (was " + c.from().label() + ")");
  }

  private int exitCode() {
    if (requirements == null) {
      return ExitCodes.OK;
    }
    if (lastWindow == null) {
      throw new UserError(command.in.inputs.get(0) + ": stopped before its first lines: nothing was judged");
    }
    List<String> unread = InputHealth.problems(lastSinceStart.inputs());
    if (!unread.isEmpty()) { // a gate must not pass, nor fail, on lines it could not read
      throw new UserError(String.join("\n", unread));
    }
    boolean measured = lastWindow.totals().stream().anyMatch(t -> t.count() > 0);
    if (!measured) {
      command.streams.err().println("FAIL: the last window holds no request or pause: nothing"
          + " passed");
      return ExitCodes.BUDGET_FAILED;
    }
    command.streams.err().println(CheckWords.verdict(lastWindow, tardy.report.Escape::terminal));
    return lastWindow.verdict().orElse(Verdict.PASS) == Verdict.FAIL
        ? ExitCodes.BUDGET_FAILED : ExitCodes.OK;
  }
}
