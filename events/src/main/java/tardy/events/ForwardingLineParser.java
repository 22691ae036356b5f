package tardy.events;

/**
 * A parser that wraps another to change what its {@code parse} does (unwrap a container line,
 * drop events outside a time window, note a clock anchor) and hands it everything else unchanged:
 * the line's position, the request for clock anchors, the input's end and the recount at the end. Wrappers extend this, so a
 * method added to {@link LineParser} is forwarded here once and no wrapper silently drops it.
 */
public abstract class ForwardingLineParser implements LineParser {

  protected final LineParser inner;

  protected ForwardingLineParser(LineParser inner) {
    this.inner = inner;
  }

  @Override
  public void reading(LinePosition position) {
    inner.reading(position);
  }

  @Override
  public void emitAnchors() {
    inner.emitAnchors();
  }

  @Override
  public void endOfInput(EventSink sink) {
    inner.endOfInput(sink);
  }

  @Override
  public void recountAtEnd(Recount recount) {
    inner.recountAtEnd(recount);
  }
}
