package tardy.analysis;

import tardy.analysis.requirements.Requirements;

import java.nio.charset.StandardCharsets;
import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.Analyzer;
import tardy.record.Recorder;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;

/** Feeds a recorder the events a parser would, without a log. */
public final class Events {

  private final Recorder recorder;
  private final RequestEvent request = new RequestEvent();
  private final PauseEvent pause = new PauseEvent();

  Events(Requirements requirements) {
    this(requirements, Recorder.DEFAULT_MAX_GROUPS);
  }

  Events(Requirements requirements, int maxGroups) {
    this.recorder = new Recorder(requirements.grouping(), maxGroups);
  }

  public Events request(String method, String target, int status, long nanos) {
    byte[] line = (method + " " + target).getBytes(StandardCharsets.UTF_8);
    request.reset(line).request(0, method.length(), method.length() + 1, line.length)
        .status(status).latencyNanos(nanos);
    recorder.request(request);
    return this;
  }

  public Events requests(int n, String method, String target, long nanos) {
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

  public Analysis analysis() {
    return Analyzer.analyze("tardy test", recorder, List.of());
  }
}
