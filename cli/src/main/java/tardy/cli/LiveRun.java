package tardy.cli;

import tardy.analysis.Analyzer;

import tardy.run.Driver;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import tardy.analysis.Analysis;
import tardy.analysis.InputHealth;
import tardy.run.Plan;
import tardy.record.Result;
import tardy.analysis.Judge;
import tardy.analysis.requirements.Requirements;
import tardy.analysis.Verdict;
import tardy.run.live.FileTail;
import tardy.run.live.Follow;
import tardy.run.live.StreamTail;
import tardy.run.live.Tail;
import tardy.run.live.Ticker;
import tardy.analysis.VerdictChanges;
import tardy.events.input.InputException;
import tardy.render.CheckWords;
import tardy.render.LiveFrame;
import tardy.render.SloWords;
import tardy.analysis.slo.AlertWatch;
import tardy.events.Family;
import tardy.record.clock.Span;
import tardy.render.registry.OutputFormat;
import tardy.render.json.LiveJson;

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
  private final AlertWatch alerts = new AlertWatch();
  private final boolean gate;
  private static final List<String> SIGNALS = List.of("INT", "TERM");

  private Consumer<LiveFrame> view;
  private boolean verdictsOnStderr = true;
  /** The changes of verdict a full-screen view showed, said on standard error after it. */
  private final List<String> deferred = new ArrayList<>();
  private static final int MAX_DEFERRED = 1000;
  private Analysis lastWindow;
  private Analysis lastSinceStart;

  LiveRun(AnalysisCommand command, FollowOptions follow, Requirements requirements) {
    this(command, follow, requirements, requirements != null);
  }

  /** @param gate check: the last window decides the exit code; report --requirements: 0 */
  LiveRun(AnalysisCommand command, FollowOptions follow, Requirements requirements, boolean gate) {
    if (command.in.driver != Driver.LOCAL) { // a cluster job would follow on its driver's machine
      throw new UserError("--follow reads a growing log where tardy runs: run tardy itself, not"
          + " a cluster job");
    }
    this.command = command;
    this.follow = follow;
    this.requirements = requirements;
    this.gate = gate;
  }

  /** Follows until stopped, showing each refresh through {@code view}; the exit code. */
  int run(Function<Plan, Result.Spec> specOf, Ticker ticker, AtomicBoolean stop,
      Consumer<LiveFrame> view) {
    follow(specOf, ticker, stop, view);
    return exitCode();
  }

  private void follow(Function<Plan, Result.Spec> shapeOf, Ticker ticker, AtomicBoolean stop,
      Consumer<LiveFrame> view) {
    this.view = view;
    tardy.record.window.Exclusions exclusions = command.exclude.exclusions();
    Function<Plan, Result.Spec> specOf = exclusions.isEmpty() ? shapeOf
        : plan -> shapeOf.apply(plan).withExclusions(exclusions);
    Streams streams = command.streams;
    Follow.Settings settings = new Follow.Settings(follow.refreshNanos, follow.windowNanos,
        POLL_NANOS, command.in.maxLineBytes, command.in.formats());
    try (Tail tail = open(input(), streams)) {
      if (tail instanceof FileTail file && file.waiting()) {
        say("tardy: " + input() + ": no such file yet: waiting for it, as tail -F does (Ctrl-C to"
            + " stop)");
      }
      new Follow(tail, settings, specOf, ticker, stop::get, this::show).run();
    } catch (IOException e) {
      throw new UserError(input() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Follows with the machine's clock, stopped by SIGINT or SIGTERM as by the input's end: the
   * full-screen view on a terminal (unless JSON is asked for), else JSON lines.
   */
  int run(Function<Plan, Result.Spec> specOf) {
    follow.validate(command.in, command.out);
    if (command.window.given() || command.interval.millis() > 0) {
      throw new UserError("--from/--to and --interval cannot be used with --follow: --window"
          + " keeps the last stretch of a live log, and each refresh is one interval");
    }
    command.exclude.exclusions(); // a value that cannot be one is refused before the wait
    command.view.validate();
    AtomicBoolean stop = new AtomicBoolean();
    List<Object> previous = new ArrayList<>();
    for (String signal : SIGNALS) {
      previous.add(org.jline.utils.Signals.register(signal, () -> stop.set(true)));
    }
    try {
      LiveTerminal screen = command.out.format != OutputFormat.JSON
          && command.streams.stdoutIsTerminal()
          ? LiveTerminal.open(!input().equals("-"), stop, command.view.sort) : null;
      if (screen == null) {
        return run(specOf, Ticker.SYSTEM, stop, this::writeJson);
      }
      try (screen) {
        verdictsOnStderr = false; // they would tear the screen: the view shows them
        follow(specOf, screen.ticker(), stop, screen::show);
      }
      deferred.forEach(command.streams.err()::println); // once the terminal is back
      return exitCode();
    } finally {
      for (int i = 0; i < SIGNALS.size(); i++) {
        org.jline.utils.Signals.unregister(SIGNALS.get(i), previous.get(i));
      }
    }
  }

  private String input() {
    return command.in.inputs.get(0);
  }

  private void writeJson(LiveFrame frame) {
    try {
      LiveJson.write(frame, command.streams.stdout());
    } catch (IOException e) {
      throw new UserError("standard output: cannot be written: " + e.getMessage(), e);
    }
  }

  private static Tail open(String arg, Streams streams) {
    StandardInput.refuseNamedWhenClosed(List.of(arg));
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

  private void show(Follow.Snapshot s) {
    String tool = "tardy " + Tardy.Version.get();
    Analysis window = Analyzer.analyze(tool, s.window());
    Analysis since = Analyzer.analyze(tool, s.sinceStart());
    List<VerdictChanges.Change> changed = List.of();
    List<AlertWatch.Change> alerted = List.of();
    if (requirements != null) {
      window = Judge.judge(window, requirements, since); // budgets: every line since the start
      changed = changes.next(window);
      for (VerdictChanges.Change c : changed) {
        say(words(c));
      }
      java.util.Optional<Long> last = since.spanOf(Family.REQUEST).map(Span::lastMillis);
      if (last.isPresent()) {
        alerted = alerts.next(requirements.operations(), since.objectiveCounts(), last.get(),
            s.last());
        alerted.forEach(c -> say(SloWords.change(c)));
      }
    }
    lastWindow = window;
    lastSinceStart = since;
    view.accept(new LiveFrame(input(), s.elapsedNanos(), s.windowNanos(), follow.windowNanos,
        follow.refreshNanos, s.restarts(), s.last(), window, since, changed, alerted));
  }

  /** A change said on stderr as it happens, or once a full-screen view gave the terminal back. */
  private void say(String line) {
    if (verdictsOnStderr) {
      command.streams.err().println(line);
    } else if (deferred.size() < MAX_DEFERRED) {
      deferred.add(line);
    }
  }

  /** {@code FAIL: GET /api/{id} p99 ≤ 250ms: 312ms, 62ms over; … (was pass)}. */
  static String words(VerdictChanges.Change c) {
    String what = c.budgetResult() == null ? c.key() : c.key() + " "
        + CheckWords.budget(c.budgetResult(), c.count());
    return c.to().word() + ": " + what + (c.from() == null ? "" : " (was " + c.from().label() + ")");
  }

  private int exitCode() {
    if (!gate) {
      return ExitCodes.OK;
    }
    if (lastWindow == null) {
      throw new UserError(input() + ": stopped before its first lines: nothing was judged");
    }
    List<String> unread = InputHealth.problems(lastSinceStart.inputs());
    if (!unread.isEmpty()) { // a gate must not pass, nor fail, on lines it could not read
      throw new UserError(unread, null);
    }
    boolean measured = lastWindow.totals().stream().anyMatch(t -> t.count() > 0);
    if (!measured) {
      command.streams.err().println("FAIL: the last window holds no request or pause: nothing"
          + " passed");
      return ExitCodes.BUDGET_FAILED;
    }
    if (lastWindow.verdict().orElse(Verdict.PASS) != Verdict.FAIL) {
      java.util.Optional<String> why = NothingJudged.why(lastWindow, requirements);
      if (why.isPresent()) { // as a window that measured nothing: no evidence that anything passed
        command.streams.err().println("FAIL: the last window judged nothing: " + why.get()
            + ": nothing passed");
        return ExitCodes.BUDGET_FAILED;
      }
    }
    command.streams.err().println(CheckWords.verdict(lastWindow, tardy.render.Escape::terminal));
    return lastWindow.verdict().orElse(Verdict.PASS) == Verdict.FAIL
        ? ExitCodes.BUDGET_FAILED : ExitCodes.OK;
  }
}
