package tardy.formats;

import java.nio.charset.StandardCharsets;
import tardy.events.Ascii;
import tardy.events.EventSink;
import tardy.events.LogFormat;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/** Test helper: the host a format's parser puts on one line's request. */
public final class RequestHost {

  private RequestHost() {}

  /** The host the parser put on the line's event; null when it named none. */
  public static String hostOf(LogFormat format, String line) {
    String[] host = {"(no event)"};
    byte[] b = ("  " + line + "  ").getBytes(StandardCharsets.UTF_8); // offsets exercised
    format.newParser().parse(b, 2, b.length - 2, new EventSink() {
      @Override
      public void request(RequestEvent e) {
        host[0] = e.hasHost() ? Ascii.text(e.buf(), e.hostFrom(), e.hostTo()) : null;
      }

      @Override
      public void pause(PauseEvent e) {}
    });
    return host[0];
  }
}
