package tardy.cli;

import tardy.run.Driver;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicBoolean;
import tardy.render.AtomicOutput;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import tardy.events.input.InputException;

/** The tardy command. The only {@code main} and the only {@code System.exit}. */
public final class Tardy implements Runnable {

  private final CommandSpec spec = Specs.command(this, "tardy",
      "Latency percentiles and SLA verdicts from nginx access logs and JVM pause logs.");

  private Tardy() {
    spec.usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(
        UsageMessageSpec.keyValuesMap(
            "0:done; with check or compare, no budget failed",
            "1:check: a budget failed, or a required operation matched nothing; compare: a"
                + " regression budget failed",
            "2:usage, input or requirements-file error",
            "3:internal error (a bug)",
            "141:standard output's reader left early (| head): the run ended quietly"));
    Specs.help(spec);
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
  }

  public static void main(String[] args) {
    main(Driver.LOCAL, args);
  }

  /**
   * Runs one command line with the process's streams, the parse run by {@code driver}, and
   * exits with the command's code.
   */
  public static void main(Driver driver, String... args) {
    tardy.run.Phases.end("JVM start to main");
    // not System.out: a PrintStream swallows write errors, and a full disk must not exit 0
    OutputStream stdout = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
    Streams streams = new Streams(StandardInput.of(System.in), stdout, System.err, System.getenv(),
        Terminals::stdoutIsTerminal);
    AtomicBoolean finished = new AtomicBoolean();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      AtomicOutput.abandonAll(); // SIGINT, SIGTERM: no half-written temporary file stays behind
      if (!finished.get()) {
        System.err.println("tardy: interrupted");
      }
    }));
    int code = run(streams, driver, args);
    try {
      stdout.flush();
    } catch (IOException e) {
      if (ClosedPipe.causedBy(e)) {
        code = ExitCodes.CLOSED_PIPE;
      } else if (code == ExitCodes.OK || code == ExitCodes.BUDGET_FAILED) { // else already said
        System.err.println("tardy: standard output: cannot be written: " + e.getMessage());
        code = ExitCodes.USER_ERROR;
      }
    }
    finished.set(true);
    System.exit(code);
  }

  /** The subcommands, in the order the help lists them. */
  private static final List<String> COMMANDS =
      List.of("report", "check", "compare", "hlog", "formats", "help", "completion", "man");

  /** Commands that describe the others, and so need every command's model. */
  private static final List<String> ABOUT_COMMANDS = List.of("help", "completion", "man");

  /** The command named {@code name}, with the streams it writes to and its inputs read by the driver. */
  private static Object command(String name, Streams streams, Driver driver) {
    return switch (name) {
      case "report" -> new ReportCommand(streams, driver).spec();
      case "check" -> new CheckCommand(streams, driver).spec();
      case "compare" -> new CompareCommand(streams, driver).spec();
      case "hlog" -> new HlogCommand(streams, driver).spec();
      case "formats" -> new FormatsCommand(streams).spec();
      case "help" -> new CommandLine.HelpCommand(); // picocli's, read from its annotations
      case "completion" -> new CompletionCommand(streams).spec();
      case "man" -> new ManCommand(streams).spec();
      default -> throw new IllegalArgumentException("no command " + name);
    };
  }

  /**
   * What a run out of heap says: the heap first, whatever filled it; then the one cap a user sets
   * (an access log's operations). A long JVM log's GC pauses also take heap (the limits page).
   */
  static final String OUT_OF_MEMORY = "tardy: out of memory: give the JVM more heap"
      + " (TARDY_JAVA_OPTS=-Xmx1g bin/tardy ...), or, for an access log of many operations, lower"
      + " --max-operations";

  /** Runs one command line against the given streams and returns the exit code. */
  public static int run(Streams given, String... args) {
    return run(given, Driver.LOCAL, args);
  }

  /** The same, the parse run by {@code driver}. */
  public static int run(Streams given, Driver driver, String... args) {
    Streams streams = new Streams(given.in(), given.out(), SafeStderr.wrap(given.err()), given.env(),
        given.terminal());
    CommandLine cl = new CommandLine(new Tardy().spec);
    for (String command : commandsFor(args)) { // before the settings below, which apply to them
      cl.addSubcommand(command(command, streams, driver));
    }
    cl.setCaseInsensitiveEnumValuesAllowed(true); // --format json, as the help lists it
    PrintStream err = streams.err();
    cl.setOut(new java.io.PrintWriter(streams.out(), true, java.nio.charset.StandardCharsets.UTF_8));
    cl.setErr(new java.io.PrintWriter(err, true, java.nio.charset.StandardCharsets.UTF_8));
    Failures failures = new Failures(err, debug(args));
    cl.setParameterExceptionHandler(failures);
    cl.setExecutionExceptionHandler(failures);
    cl.setExitCodeExceptionMapper(failures);
    try {
      return cl.execute(args);
    } catch (OutOfMemoryError e) {
      err.println(OUT_OF_MEMORY);
      return ExitCodes.INTERNAL_ERROR;
    } catch (StackOverflowError e) { // never exit 1, which a CI job reads as "a budget failed"
      err.println("tardy: internal error: " + e + " (a bug: please report it to the tardy issue"
          + " tracker with the output of --debug)");
      return ExitCodes.INTERNAL_ERROR;
    } finally {
      streams.err().flush();
    }
  }

  /**
   * Only the command named first, when one is: a run needs no other command's model. Help,
   * version and mistakes get them all.
   */
  private static List<String> commandsFor(String[] args) {
    if (args.length == 0 || !COMMANDS.contains(args[0])) {
      return COMMANDS;
    }
    return ABOUT_COMMANDS.contains(args[0]) ? COMMANDS : List.of(args[0]);
  }

  private static boolean debug(String[] args) {
    for (String arg : args) {
      if (arg.equals("--debug")) {
        return true;
      }
    }
    return false;
  }

  /**
   * What a usage mistake and a failure print, and their exit codes. A class rather than lambdas:
   * a lambda of one of picocli's interfaces (class files of Java 5) cannot be kept in the
   * class-data archive, and neither can the interface then, so each run read and linked them anew.
   */
  private static final class Failures implements CommandLine.IParameterExceptionHandler,
      CommandLine.IExecutionExceptionHandler, CommandLine.IExitCodeExceptionMapper {
    private final PrintStream err;
    private final boolean debug;

    Failures(PrintStream err, boolean debug) {
      this.err = err;
      this.debug = debug;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException e, String[] args) {
      err.println("tardy: " + e.getMessage());
      String suggestion = Suggestions.of(e);
      if (!suggestion.isEmpty()) {
        err.println(suggestion);
      }
      err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
      return ExitCodes.USER_ERROR;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command,
        CommandLine.ParseResult parsed) {
      return failure(e, err, debug);
    }

    @Override
    public int getExitCode(Throwable t) {
      return ExitCodes.INTERNAL_ERROR;
    }
  }

  /** One line for the user; the stack trace only with --debug. */
  static int failure(Exception e, PrintStream err, boolean debug) {
    int code;
    if (ClosedPipe.causedBy(e)) { // the reader left: nothing to say, and no one to say it to
      code = ExitCodes.CLOSED_PIPE;
    } else if (e instanceof UserError u) {
      err.println("tardy: " + u.lines().get(0));
      u.lines().subList(1, u.lines().size()).forEach(err::println);
      code = ExitCodes.USER_ERROR;
    } else if (e instanceof InputException) {
      err.println("tardy: " + e.getMessage());
      code = ExitCodes.USER_ERROR;
    } else if (e instanceof UncheckedIOException io) {
      err.println("tardy: " + io.getCause().getMessage());
      code = ExitCodes.USER_ERROR;
    } else {
      err.println("tardy: internal error: " + e
          + " (a bug: please report it to the tardy issue tracker with the output of --debug)");
      code = ExitCodes.INTERNAL_ERROR;
    }
    if (debug) {
      e.printStackTrace(err);
    }
    return code;
  }

  /** The version and the commit it was built from, from the build. */
  static final class Version implements CommandLine.IVersionProvider {
    static String get() {
      return read().getProperty("version", "unknown");
    }

    /** "1.0.0 (commit 1a2b3c4d5e6f)", or "(unknown commit)" when built from sources without git. */
    static String line(Properties build) {
      String commit = build.getProperty("commit", "");
      boolean known = !commit.isBlank() && !commit.startsWith("${"); // unfiltered: no git at build
      return build.getProperty("version", "unknown") + " ("
          + (known ? "commit " + commit.strip() : "unknown commit") + ")";
    }

    private static Properties read() {
      Properties p = new Properties();
      try (InputStream in = Tardy.class.getResourceAsStream("/tardy.properties")) {
        if (in != null) {
          p.load(in);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return p;
    }

    @Override
    public String[] getVersion() {
      return new String[] {"tardy " + line(read()), "Java " + System.getProperty("java.version")};
    }
  }
}
