package tardy.classify.budget;

import java.nio.charset.StandardCharsets;
import java.util.List;
import tardy.classify.Analysis;
import tardy.classify.Analyzer;
import tardy.classify.Recorder;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;

/** Feeds a recorder the events a parser would, without a log. */
final class Events {

  private final Recorder recorder;
  private final RequestEvent request = new RequestEvent();
  private final PauseEvent pause = new PauseEvent();

  Events(Requirements requirements) {
    this(requirements, Recorder.DEFAULT_MAX_GROUPS);
  }

  Events(Requirements requirements, int maxGroups) {
    this.recorder = new Recorder(requirements.grouping(), maxGroups);
  }

  Events request(String method, String target, int status, long nanos) {
    byte[] line = (method + " " + target).getBytes(StandardCharsets.UTF_8);
    request.reset(line).request(0, method.length(), method.length() + 1, line.length)
        .status(status).latencyNanos(nanos);
    recorder.request(request);
    return this;
  }

  Events requests(int n, String method, String target, long nanos) {
    for (int i = 0; i < n; i++) {
      request(method, target, 200, nanos);
    }
    return this;
  }

  Events pause(String kind, long nanos) {
    byte[] k = kind.getBytes(StandardCharsets.UTF_8);
    pause.reset().kind(k, 0, k.length).totalNanos(nanos);
    recorder.pause(pause);
    return this;
  }

  /** A pause whose log names no VM operation (JDK 8). */
  Events unnamedPause(long nanos) {
    pause.reset().totalNanos(nanos);
    recorder.pause(pause);
    return this;
  }

  Analysis analysis() {
    return Analyzer.analyze("tardy test", recorder, List.of());
  }
}
