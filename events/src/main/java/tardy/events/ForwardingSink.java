package tardy.events;

/**
 * A sink that hands every call on to another, for a sink that changes only some of them: a call
 * the contract gains later (as {@link #heapCycle} was) is handed on, not silently dropped.
 */
public abstract class ForwardingSink implements EventSink {

  protected EventSink inner;

  protected ForwardingSink(EventSink inner) {
    this.inner = inner;
  }

  /** Hands the calls from now on to {@code inner}: a sink reused for each line points at its own. */
  protected final void forwardTo(EventSink inner) {
    this.inner = inner;
  }

  @Override
  public void request(RequestEvent event) {
    inner.request(event);
  }

  @Override
  public void pause(PauseEvent event) {
    inner.pause(event);
  }

  @Override
  public void heapCycle(HeapCycleEvent event) {
    inner.heapCycle(event);
  }

  @Override
  public void anchor(long wallMillis, long uptimeMillis, long line) {
    inner.anchor(wallMillis, uptimeMillis, line);
  }

  @Override
  public void reading(LinePosition position) {
    inner.reading(position);
  }

  @Override
  public void zoneOffset(int offsetSeconds) {
    inner.zoneOffset(offsetSeconds);
  }
}
