package tardy.render.json;

import java.io.IOException;
import java.io.OutputStream;
import tardy.analysis.Analysis;
import tardy.analysis.RateOverTime;
import tardy.record.InputSummary;
import tardy.record.histogram.Percentiles;
import tardy.analysis.Summary;
import tardy.analysis.BudgetResult;
import tardy.analysis.Judgement;
import tardy.analysis.findings.Finding;
import tardy.record.evidence.Signature;
import tardy.events.Times;
import tardy.render.Renderer;
import tools.jackson.core.JsonEncoding;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.json.JsonFactory;

/**
 * The JSON of the public contract (schema 2): durations as integer nanoseconds, keys as in the
 * README's schema. Changing what this writes changes a public format.
 */
public final class JsonRenderer implements Renderer {

  public static final int SCHEMA = 2;

  private static final JsonFactory FACTORY =
      JsonFactory.builder().characterEscapes(new JsonEscapes()).build();

  private static final ObjectWriteContext PRETTY =
      new ObjectWriteContext.Base() {
        @Override
        public PrettyPrinter getPrettyPrinter() {
          return new IndentedPrinter(); // DefaultPrettyPrinter's layout, without its start cost
        }

        @Override
        public boolean hasPrettyPrinter() {
          return true;
        }
      };

  /** A pretty-printing UTF-8 generator, as every JSON document tardy writes uses. */
  public static JsonGenerator generator(OutputStream out) {
    return FACTORY.createGenerator(PRETTY, out, JsonEncoding.UTF8);
  }

  @Override
  public void render(Analysis a, OutputStream out) throws IOException {
    render(a, out, g -> { });
  }

  /** The same, with {@code more} properties written last (a section the analysis does not hold). */
  public void render(Analysis a, OutputStream out, java.util.function.Consumer<JsonGenerator> more)
      throws IOException {
    try {
      write(a, out, more);
      out.write('\n');
    } catch (JacksonIOException e) { // a full disk is a write error like any other, with its reason
      throw e.getCause() != null ? e.getCause() : new IOException(e.getMessage(), e);
    }
  }

  /** A compact UTF-8 generator: one document on one line, for JSON lines. */
  public static JsonGenerator compactGenerator(OutputStream out) {
    return FACTORY.createGenerator(ObjectWriteContext.empty(), out, JsonEncoding.UTF8);
  }

  private static void write(Analysis a, OutputStream out,
      java.util.function.Consumer<JsonGenerator> more) {
    try (JsonGenerator g = generator(out)) {
      object(g, a, more);
    }
  }

  /** The analysis as one JSON object (the document, or a value inside a larger one). */
  public static void object(JsonGenerator g, Analysis a) {
    object(g, a, more -> { });
  }

  private static void object(JsonGenerator g, Analysis a,
      java.util.function.Consumer<JsonGenerator> more) {
    {
      g.writeStartObject();
      g.writeNumberProperty("schema", SCHEMA);
      g.writeStringProperty("tool", a.tool());
      g.writeStringProperty("kind", a.kind().name().toLowerCase(java.util.Locale.ROOT));
      g.writeArrayPropertyStart("inputs");
      for (InputSummary input : a.inputs()) {
        input(g, input);
      }
      g.writeEndArray();
      g.writeArrayPropertyStart("totals");
      for (Summary s : a.totals()) {
        group(g, s, slowest(a, s));
      }
      g.writeEndArray();
      g.writeArrayPropertyStart("groups");
      for (Summary s : a.groups()) {
        group(g, s, slowest(a, s));
      }
      g.writeEndArray();
      if (!a.spans().isEmpty()) {
        g.writeArrayPropertyStart("spans");
        for (tardy.record.clock.Span span : a.spans()) {
          g.writeStartObject();
          g.writeStringProperty("family", span.family().key());
          g.writeNumberProperty("first_ms", span.firstMillis());
          g.writeNumberProperty("last_ms", span.lastMillis());
          g.writeNumberProperty("resolution_ms", span.resolutionMillis());
          g.writeNumberProperty("events", span.events());
          if (span.rated()) {
            g.writeNumberProperty("per_second", span.perSecond());
          }
          RateOverTime.of(span).ifPresent(rate -> RateJson.write(g, rate));
          g.writeEndObject();
        }
        g.writeEndArray();
      }
      if (a.foldedGroups() > 0) {
        g.writeNumberProperty("folded_groups", a.foldedGroups());
      }
      if (a.stoppedShare().isPresent()) {
        g.writeNumberProperty("stopped_share", a.stoppedShare().get());
      }
      if (!a.heap().isEmpty()) {
        HeapJson.write(g, a.heap());
        HeapJson.stalls(g, tardy.analysis.StallTime.of(a));
      }
      if (a.timeline().isPresent()) {
        TimelineJson.write(g, a.timeline().get());
      }
      if (a.kind() != Analysis.Kind.NONE || !a.heap().isEmpty()) { // a log of GC cycles alone too
        g.writeArrayPropertyStart("findings");
        for (Finding f : a.findings()) {
          finding(g, f);
        }
        g.writeEndArray();
      }
      g.writeArrayPropertyStart("notes");
      for (String note : a.notes()) {
        g.writeString(note);
      }
      g.writeEndArray();
      if (!a.errorBudgets().isEmpty()) {
        ErrorBudgetJson.write(g, a.errorBudgets());
      }
      if (!a.heapBudgets().isEmpty()) {
        HeapBudgetJson.write(g, a.heapBudgets());
      }
      if (a.verdict().isPresent()) {
        g.writeStringProperty("verdict", a.verdict().get().label());
      }
      more.accept(g);
      g.writeEndObject();
    }
  }

  private static void finding(JsonGenerator g, Finding f) {
    g.writeStartObject();
    g.writeStringProperty("signature", f.signature().id());
    g.writeStringProperty("title", tardy.render.FindingWords.title(f));
    if (!f.subject().isEmpty()) {
      g.writeStringProperty("subject", f.subject());
    }
    if (f.heap().isPresent()) {
      g.writeNumberProperty("run", f.heap().get().run()); // its figures: the run's entry in "heap"
    }
    if (f.requests().isPresent()) {
      requests(g, f, f.requests().get());
    } else if (f.worstMinute().isPresent()) {
      Finding.WorstMinute m = f.worstMinute().get();
      g.writeObjectPropertyStart("worst_minute");
      g.writeNumberProperty(m.wallClock() ? "start_ms" : "start_uptime_ms", m.startMillis());
      g.writeNumberProperty("stopped_ns", m.nanos());
      g.writeNumberProperty("share", f.share());
      g.writeNumberProperty("minutes", m.minutes());
      g.writeNumberProperty("minutes_over", m.minutesOver());
      g.writeEndObject();
    } else if (!f.signature().stopsTheWorld()) {
      g.writeNumberProperty("stalls", f.count());
      g.writeNumberProperty("stalled_ns", f.nanos());
    } else {
      g.writeNumberProperty("pauses", f.count());
      g.writeNumberProperty("stopped_ns", f.nanos());
      g.writeNumberProperty("share_of_stopped", f.share());
    }
    if (f.heap().isPresent() && f.heap().get().longPauses().isPresent()) {
      LongPausesJson.write(g, f.heap().get().longPauses().get(), f.heap().get().wallClock());
    }
    g.writeStringProperty("evidence", f.criterion());
    g.writeStringProperty("remedy", f.signature().remedy());
    if (f.requests().isEmpty()) {
      worst(g, f);
    }
    if (!f.operations().isEmpty()) {
      g.writeArrayPropertyStart("operations");
      for (Finding.Operation o : f.operations()) {
        g.writeStartObject();
        g.writeStringProperty("name", o.name());
        g.writeNumberProperty("count", o.count());
        g.writeNumberProperty("stopped_ns", o.nanos());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }

  /** The worst pauses, longest first. */
  private static void worst(JsonGenerator g, Finding f) {
    g.writeArrayPropertyStart("worst");
    for (Finding.Example e : f.worst()) {
      g.writeStartObject();
      g.writeStringProperty("source", e.input());
      g.writeNumberProperty("line", e.line());
      if (Times.isSet(e.timeMillis())) {
        g.writeNumberProperty(e.wallClock() ? "time_ms" : "uptime_ms", e.timeMillis());
      }
      g.writeNumberProperty("duration_ns", e.nanos());
      g.writeStringProperty("kind", e.kind());
      optional(g, "ttsp_ns", e.timeToSafepointNanos());
      optional(g, "user_ns", e.userNanos());
      optional(g, "sys_ns", e.sysNanos());
      optional(g, "real_ns", e.realNanos());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /** A request finding's figures: see docs/json-schema.md. */
  private static void requests(JsonGenerator g, Finding f, Finding.Requests r) {
    g.writeNumberProperty("requests", r.requests());
    if (f.signature() == Signature.TIME_OUTSIDE_BACKEND) {
      g.writeNumberProperty("with_upstream", r.withUpstream());
      g.writeNumberProperty("request_p99_ns", r.requestP99Nanos());
      g.writeNumberProperty("upstream_p99_ns", r.upstreamP99Nanos());
      g.writeNumberProperty("outside_backend_ns", f.nanos());
      g.writeNumberProperty("share_outside_backend", f.share());
      return;
    }
    g.writeNumberProperty("client_closed", r.clientClosed());
    if (r.notAll499()) { // a proxy's own words for it: not every one was logged 499
      g.writeNumberProperty("logged_499", r.loggedAs499());
    }
    g.writeNumberProperty("share_of_requests", f.share());
    g.writeNumberProperty("waited_ns", f.nanos());
    g.writeNumberProperty("waited_p50_ns", r.waitedP50Nanos());
    g.writeNumberProperty("waited_max_ns", r.waitedMaxNanos());
    if (r.clusterCount() > 0) {
      g.writeObjectPropertyStart("cluster");
      g.writeNumberProperty("count", r.clusterCount());
      g.writeNumberProperty("from_ns", r.clusterFromNanos());
      g.writeNumberProperty("to_ns", r.clusterToNanos());
      g.writeEndObject();
    }
  }

  private static void optional(JsonGenerator g, String name, long value) {
    if (Times.isSet(value)) {
      g.writeNumberProperty(name, value);
    }
  }

  private static void input(JsonGenerator g, InputSummary input) {
    g.writeStartObject();
    g.writeStringProperty("source", input.source());
    g.writeStringProperty("format", input.format());
    g.writeNumberProperty("lines", input.lines());
    g.writeNumberProperty("parsed", input.parsed());
    g.writeNumberProperty("ignored", input.ignored());
    g.writeNumberProperty("malformed", input.malformed());
    g.writeArrayPropertyStart("reasons");
    for (InputSummary.Reason r : input.reasons()) {
      g.writeStartObject();
      g.writeStringProperty("outcome", r.outcome());
      g.writeStringProperty("reason", r.reason());
      g.writeNumberProperty("count", r.count());
      g.writeArrayPropertyStart("first_lines");
      for (long line : r.firstLines()) {
        g.writeNumber(line);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /** A request row's slowest requests; null for pauses, or when none were kept. */
  private static java.util.List<tardy.analysis.SlowRequest> slowest(Analysis a, Summary s) {
    return s.family() == tardy.events.Family.REQUEST ? a.slowestRequests().get(s.key()) : null;
  }

  private static void group(JsonGenerator g, Summary s,
      java.util.List<tardy.analysis.SlowRequest> slowest) {
    g.writeStartObject();
    g.writeStringProperty("key", s.key());
    g.writeStringProperty("family", s.family().key());
    g.writeNumberProperty("count", s.count());
    g.writeNumberProperty("min_ns", s.count() == 0 ? 0 : s.minNanos());
    g.writeNumberProperty("max_ns", s.count() == 0 ? 0 : s.maxNanos());
    percentiles(g, "percentiles_ns", s.latency());
    if (s.ttsp() != null) {
      percentiles(g, "ttsp_percentiles_ns", s.ttsp());
    }
    if (s.upstream() != null) {
      percentiles(g, "upstream_percentiles_ns", s.upstream());
      g.writeNumberProperty("upstream_count", s.upstream().count());
      g.writeNumberProperty("upstream_lists", s.upstreamLists());
    }
    long[] classes = s.statusClasses();
    // a client that went away before any answer leaves no status (Envoy's 0, CloudFront's 000):
    // its request is still counted
    if (hasStatus(classes) || s.clientClosed() > 0) {
      g.writeObjectPropertyStart("status");
      for (int i = 1; i < classes.length; i++) {
        g.writeNumberProperty(i + "xx", classes[i]);
      }
      g.writeEndObject();
      g.writeNumberProperty("client_closed", s.clientClosed());
      g.writeObjectPropertyStart("status_codes"); // the classes' 4xx and 5xx, code by code
      for (tardy.record.StatusCodes.Code c : s.errorCodes()) {
        g.writeNumberProperty(Integer.toString(c.status()), c.count());
      }
      g.writeEndObject();
    }
    if (!s.intervals().isEmpty()) {
      g.writeNumberProperty("interval_ms", s.intervals().get(0).lengthMillis());
      g.writeArrayPropertyStart("intervals");
      for (Summary.Interval i : s.intervals()) {
        g.writeStartObject();
        g.writeNumberProperty("start_ms", i.startMillis());
        g.writeNumberProperty("count", i.count());
        percentiles(g, "percentiles_ns", i.latency());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    if (s.judgement() != null) {
      judgement(g, s.judgement());
    }
    if (slowest != null && !slowest.isEmpty()) {
      slowest(g, slowest);
    }
    g.writeEndObject();
  }

  /** The row's slowest requests, slowest first, each with where it is and its id if logged. */
  private static void slowest(JsonGenerator g, java.util.List<tardy.analysis.SlowRequest> slow) {
    g.writeArrayPropertyStart("slowest");
    for (tardy.analysis.SlowRequest r : slow) {
      g.writeStartObject();
      g.writeNumberProperty("ns", r.nanos());
      if (r.requestId() != null) {
        g.writeStringProperty("request_id", r.requestId());
      }
      g.writeStringProperty("source", r.source());
      if (tardy.events.Times.isSet(r.line())) {
        g.writeNumberProperty("line", r.line());
      }
      if (tardy.events.Times.isSet(r.wallMillis())) {
        g.writeNumberProperty("end_epoch_ms", r.wallMillis());
      }
      if (r.status() > 0) {
        g.writeNumberProperty("status", r.status());
      }
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static boolean hasStatus(long[] classes) {
    for (int i = 1; i < classes.length; i++) {
      if (classes[i] > 0) {
        return true;
      }
    }
    return false;
  }

  static void percentiles(JsonGenerator g, String name, Percentiles p) {
    g.writeObjectPropertyStart(name);
    for (Percentiles.Point point : p.points()) {
      g.writeNumberProperty(point.label(), point.nanos());
    }
    g.writeEndObject();
  }

  private static void judgement(JsonGenerator g, Judgement j) {
    g.writeStringProperty("category", j.category());
    g.writeStringProperty("verdict", j.verdict().label());
    if (j.optional()) {
      g.writeBooleanProperty("optional", true);
    }
    if (!Double.isNaN(j.apdex())) {
      g.writeNumberProperty("apdex", j.apdex());
    }
    g.writeArrayPropertyStart("budgets");
    for (BudgetResult b : j.budgets()) {
      g.writeStartObject();
      g.writeStringProperty("percentile", b.percentile());
      g.writeNumberProperty("limit_ns", b.limitNanos());
      g.writeNumberProperty("actual_ns", b.actualNanos());
      g.writeNumberProperty("required_samples", b.requiredSamples());
      g.writeNumberProperty("over_limit_count", b.overLimitCount());
      g.writeStringProperty("verdict", b.verdict().label());
      g.writeEndObject();
    }
    g.writeEndArray();
  }
}
