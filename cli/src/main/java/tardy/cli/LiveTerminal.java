package tardy.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.AttributedString;
import org.jline.utils.Display;
import org.jline.utils.InfoCmp.Capability;
import org.jline.utils.NonBlockingReader;
import tardy.run.live.Ticker;
import tardy.render.LiveFrame;
import tardy.render.Sort;
import tardy.render.table.LiveScreen;

/**
 * The full-screen view of {@code --follow} on a terminal (JLine): redrawn at every refresh and
 * when the sort changes; {@code q} stops, {@code s} cycles the sort. Its waits read the keyboard,
 * so a key is answered at once. The terminal is given back as it was on the way out, whatever
 * ends the run (q, Ctrl-C, SIGTERM, an error). With standard input as the log, the keyboard is
 * not read (Ctrl-C stops).
 */
final class LiveTerminal implements AutoCloseable {

  private final Terminal terminal;
  private final Attributes saved; // null: the keyboard is not read
  private final Display display;
  private final AtomicBoolean stop;
  private Sort sort;
  private LiveFrame last;

  private LiveTerminal(Terminal terminal, boolean keys, AtomicBoolean stop, Sort sort) {
    this.terminal = terminal;
    this.stop = stop;
    this.sort = sort;
    this.saved = keys ? terminal.enterRawMode() : null;
    terminal.handle(Terminal.Signal.INT, s -> stop.set(true));
    terminal.puts(Capability.enter_ca_mode);
    terminal.puts(Capability.cursor_invisible);
    terminal.flush();
    this.display = new Display(terminal, true);
  }

  /**
   * The view on the process's terminal; null when JLine finds none it can draw on (a dumb one).
   *
   * @param keys whether to read the keyboard (not when standard input is the log)
   */
  static LiveTerminal open(boolean keys, AtomicBoolean stop, Sort sort) {
    try {
      Terminal t = TerminalBuilder.builder().system(true).dumb(true).build();
      if (Terminal.TYPE_DUMB.equals(t.getType()) || Terminal.TYPE_DUMB_COLOR.equals(t.getType())) {
        t.close();
        return null;
      }
      return new LiveTerminal(t, keys, stop, sort);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The machine's clock; a wait is a read of the keyboard, cut short by a key. */
  Ticker ticker() {
    return new Ticker() {
      @Override
      public long nanos() {
        return System.nanoTime();
      }

      @Override
      public void sleep(long nanos) throws InterruptedException {
        if (saved == null) {
          Ticker.SYSTEM.sleep(nanos);
          return;
        }
        try {
          key(terminal.reader().read(Math.max(1, nanos / 1_000_000)));
        } catch (IOException e) {
          stop.set(true); // the terminal is gone: nobody is watching
        }
      }
    };
  }

  private void key(int c) throws IOException {
    if (c == 'q' || c == 'Q' || c == 3 || c == NonBlockingReader.EOF) {
      stop.set(true);
    } else if (c == 's' || c == 'S') {
      sort = Sort.values()[(sort.ordinal() + 1) % Sort.values().length];
      draw();
    }
  }

  void show(LiveFrame frame) {
    last = frame;
    draw();
  }

  private void draw() {
    if (last == null) {
      return;
    }
    int width = Math.max(20, terminal.getWidth());
    int height = Math.max(5, terminal.getHeight());
    display.resize(height, width);
    List<AttributedString> lines = new ArrayList<>(); // Display.update edits the list it is given
    for (String line : LiveScreen.lines(last, sort, width, height)) {
      lines.add(new AttributedString(line));
    }
    display.update(lines, 0);
    terminal.flush();
  }

  @Override
  public void close() {
    try {
      terminal.puts(Capability.cursor_visible);
      terminal.puts(Capability.exit_ca_mode);
      if (saved != null) {
        terminal.setAttributes(saved);
      }
      terminal.flush();
      terminal.close();
    } catch (IOException | RuntimeException e) {
      // leaving anyway: the shell's reset fixes what could not be restored
    }
  }
}
