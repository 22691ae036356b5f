package tardy.render;

import java.nio.charset.StandardCharsets;
import java.util.List;
import tardy.analysis.Analysis;
import tardy.analysis.Analyzer;
import tardy.record.InputSummary;
import tardy.record.Recorder;
import tardy.analysis.Judge;
import tardy.analysis.requirements.Requirements;
import tardy.analysis.requirements.RequirementsLoader;
import tardy.events.RequestEvent;

/**
 * A small check run with every case a rendering must show: failing, passing, insufficient,
 * unjudged and empty groups, a 5xx, and names written to attack a terminal, a page and a
 * spreadsheet.
 */
public final class CheckFixture {

  public static final String SCRIPT = "<script>alert(1)</script>";
  public static final String ANSI = "\u001b[31mred";
  public static final String FORMULA = "=cmd|' /C calc'!A0";

  static final String REQUIREMENTS = """
      operations:
        - name: Browse products
          request: GET /product/{id}
          category: instant
          budgets: { p99: 250ms }
        - name: Register
          request: POST /register
          category: attention
        - name: "<script>alert(1)</script>"
          request: GET /x
          category: seamless
        - name: "\\e[31mred"
          request: GET /y
          category: instant
        - name: "=cmd|' /C calc'!A0"
          request: GET /z
          category: slow
          budgets: { max: 1s }
        - name: Young GC
          pause: G1*
          category: instant
      """;

  private static final long MS = 1_000_000L;

  private CheckFixture() {}

  public static Analysis analysis() {
    try {
      Requirements r = RequirementsLoader.parse("sla.yaml", REQUIREMENTS);
      Recorder recorder = new Recorder(r.grouping(), Recorder.DEFAULT_MAX_GROUPS);
      RequestEvent e = new RequestEvent();
      for (int i = 1; i <= 200; i++) {
        request(recorder, e, "GET", "/product/" + i, i % 50 == 0 ? 503 : 200, i * 2 * MS);
      }
      for (int i = 0; i < 5; i++) {
        request(recorder, e, "POST", "/register", 301, 400 * MS);
      }
      for (int i = 0; i < 20; i++) {
        request(recorder, e, "GET", "/x", 200, (500 + i) * MS);
      }
      for (int i = 0; i < 12; i++) {
        request(recorder, e, "GET", "/y", 200, 100 * MS); // exactly at the limit: passes
      }
      for (int i = 0; i < 3; i++) {
        request(recorder, e, "GET", "/z", 200, 2_000 * MS);
      }
      for (int i = 0; i < 4; i++) {
        request(recorder, e, "GET", "/other/" + i, 404, MS);
      }
      InputSummary input = new InputSummary("access.log", "combined", 245, 244, 0, 1,
          List.of(new InputSummary.Reason("malformed", "line cut off", 1, List.of(245L))));
      return Judge.judge(Analyzer.analyze("tardy 1.0.0", recorder, List.of(input)), r);
    } catch (Exception ex) {
      throw new IllegalStateException(ex);
    }
  }

  private static void request(Recorder recorder, RequestEvent e, String method, String target,
      int status, long nanos) {
    byte[] line = (method + " " + target).getBytes(StandardCharsets.UTF_8);
    recorder.request(e.reset(line).request(0, method.length(), method.length() + 1, line.length)
        .status(status).latencyNanos(nanos));
  }
}
