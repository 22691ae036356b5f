package tardy.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import tardy.events.input.Input;
import tardy.events.input.InputException;
import tardy.events.input.Inputs;
import tardy.events.input.ReadStop;

/**
 * The process's standard input, refused when the process was started with it closed
 * ({@code tardy report - <&-}). Descriptor 0 is then the first file the JVM opened, its own
 * module image: read as a log it gave a megabyte of garbage lines, and reading it under the JVM
 * crashed the JVM (SIGSEGV, exit 139), as did closing it. Asked on the first use only, so a run
 * that never reads standard input pays nothing.
 */
final class StandardInput extends FilterInputStream {

  private static final String CLOSED =
      "standard input is closed: give the log as a file, or pipe it in";

  private Boolean closed; // null until asked

  private StandardInput(InputStream in) {
    super(in);
  }

  static InputStream of(InputStream in) {
    return new StandardInput(in);
  }

  /** Whether descriptor 0 is the JVM's own module image, as it is when started closed. */
  static boolean closedAtStart() {
    Path fd0 = Path.of("/proc/self/fd/0");
    Path modules = Path.of(System.getProperty("java.home"), "lib", "modules");
    try {
      return Files.isRegularFile(fd0) && Files.isSameFile(fd0, modules);
    } catch (IOException | SecurityException e) {
      return false; // no /proc (not Linux): nothing to tell
    }
  }

  /**
   * A path to the regular file the process's standard input reads ({@code tardy report - <
   * a.log}), which no output of the run may replace; empty when standard input is a pipe, a
   * terminal or closed. Linux: descriptor 0 as {@code /proc/self/fd/0}; elsewhere, best effort,
   * {@code /dev/stdin} where the system has it.
   */
  static java.util.Optional<Path> regularFile() {
    if (closedAtStart()) {
      return java.util.Optional.empty();
    }
    for (String name : new String[] {"/proc/self/fd/0", "/dev/stdin"}) {
      Path fd0 = Path.of(name);
      try {
        if (Files.isRegularFile(fd0)) {
          return java.util.Optional.of(fd0);
        }
        if (Files.exists(fd0)) {
          return java.util.Optional.empty(); // a pipe, a terminal, a device
        }
      } catch (SecurityException e) {
        return java.util.Optional.empty();
      }
    }
    return java.util.Optional.empty();
  }

  /** Whether {@code in} is the process's own standard input, not one a test gives. */
  static boolean isProcessStandardInput(InputStream in) {
    return in instanceof StandardInput;
  }

  /**
   * Refuses each input named by a path to descriptor 0 ({@code /dev/stdin}, {@code /dev/fd/0},
   * {@code /proc/self/fd/0}) when standard input was closed at start: the path then opens the
   * JVM's own module image, read as a megabyte of garbage lines. "-" is refused when read.
   */
  static void refuseNamedWhenClosed(java.util.List<String> args) {
    if (!closedAtStart()) {
      return; // the usual run (one stat when standard input is a pipe or a terminal)
    }
    for (String arg : args) {
      if (!arg.equals("-") && isDescriptorZero(arg)) {
        throw new InputException(arg + ": " + CLOSED);
      }
    }
  }

  /**
   * Refuses standard input that is a regular file also named among {@code inputs} ({@code tardy
   * report a.log - < a.log}): it would be read twice and each of its lines counted twice, as a
   * file named twice is ({@link tardy.events.input.Inputs#refuseAFileNamedTwice}).
   */
  static void refuseAlsoNamed(java.util.List<Input> inputs) {
    java.util.Optional<Object> stdin = regularFile().flatMap(Inputs::fileIdentity);
    if (stdin.isEmpty()) {
      return; // a pipe, a terminal: nothing else is that stream
    }
    for (Input input : inputs) {
      if (input.path().isPresent()
          && stdin.equals(Inputs.fileIdentity(input.path().get()))) {
        throw Inputs.readTwice("-: standard input is", input.name(), "the same file");
      }
    }
  }

  private static boolean isDescriptorZero(String arg) {
    try {
      return Files.isSameFile(Path.of(arg), Path.of("/proc/self/fd/0"));
    } catch (IOException | RuntimeException e) {
      return false; // not a file at all: the usual refusals say why
    }
  }

  private boolean closed() {
    if (closed == null) {
      closed = closedAtStart();
    }
    return closed;
  }

  private void check() throws IOException {
    if (closed()) {
      throw new ReadStop(CLOSED);
    }
  }

  /** Never closes the JVM's own module image. */
  @Override
  public void close() throws IOException {
    if (!closed()) {
      super.close();
    }
  }

  @Override
  public int read() throws IOException {
    check();
    return super.read();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    check();
    return super.read(b, off, len);
  }

  @Override
  public int available() throws IOException {
    check();
    return super.available();
  }

  @Override
  public long skip(long n) throws IOException {
    check();
    return super.skip(n);
  }
}
