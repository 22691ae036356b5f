package tardy.formats;

import java.util.ArrayList;
import java.util.List;
import tardy.events.Ascii;
import tardy.events.EventLog;
import tardy.events.EventSink;
import tardy.events.LogFormat;
import tardy.events.ParseStats;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/**
 * Test helper: a whole log read through the line reader, each request kept as the test's own
 * tuple ({@link #keep}), with the line accounting and the rejected lines.
 *
 * @param <E> what a test keeps of a request
 */
public abstract class RequestsRead<E> implements EventSink {

  public final List<E> events = new ArrayList<>();
  public final ParseStats stats = new ParseStats();
  public final List<String> rejects = new ArrayList<>();

  /** Reads {@code log} in {@code format} into {@code sink} and returns it. */
  public static <S extends RequestsRead<?>> S read(S sink, LogFormat format, byte[] log) {
    EventLog.read(format, log, sink, sink.stats, sink.rejects);
    return sink;
  }

  /**
   * What the test keeps of a request.
   *
   * @param request {@code METHOD target} as logged, or {@code (invalid request)}
   */
  protected abstract E keep(String request, RequestEvent e);

  @Override
  public final void request(RequestEvent e) {
    String request = e.wellFormed()
        ? Ascii.text(e.buf(), e.methodFrom(), e.methodTo()) + " "
            + Ascii.text(e.buf(), e.targetFrom(), e.targetTo())
        : "(invalid request)";
    events.add(keep(request, e));
  }

  @Override
  public void pause(PauseEvent e) {}
}
