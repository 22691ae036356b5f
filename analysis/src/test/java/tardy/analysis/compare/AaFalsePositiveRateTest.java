package tardy.analysis.compare;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tardy.events.Corpus;
import tardy.events.EventSink;
import tardy.events.LineParser;
import tardy.events.LogFormat;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.formats.Formats;
import tardy.record.histogram.NanosHistogram;

/**
 * A/A: one real log's requests dealt at random into two halves, many times, and every percentile
 * of every operation with enough values tested. Nothing changed between the halves, so the share
 * of tests called significant is the test's false-positive rate; it must stay at or under its
 * level. The same logs cut in two by time (the first half of the lines against the second) are
 * measured too and printed: real traffic drifts, so that rate is a property of the logs, not of
 * the test (see docs/compare.md).
 */
class AaFalsePositiveRateTest {

  private static final String IMOOC = "$remote_addr - $remote_user [$time_local] \"$request\""
      + " $status $body_bytes_sent \"$host\" \"$http_referer\" $request_body \"$http_user_agent\""
      + " \"$http_x_forwarded_for\" $upstream_addr $upstream_status $upstream_response_time"
      + " $request_time";

  private static final double[] PERCENTILES = {50, 90, 99, 99.9};
  private static final int SPLITS = 200;

  /** One request: its operation (method and path, query dropped) and latency. */
  private record Request(String key, long nanos) {}

  @Test
  void randomSplitsOfRealLogsAreSignificantAtMostAtTheLevel() throws IOException {
    Path corpus = Corpus.require("access");
    Map<String, List<Request>> logs = new LinkedHashMap<>();
    logs.put("imooc 10000_access.log",
        read(corpus.resolve("lihaogm_spark-analyse-log/10000_access.log"), Formats.resolve(IMOOC)));
    for (String run : new String[] {"g1-time", "parallel-uptime", "serial-utctime"}) {
      logs.put("timeline " + run, read(Path.of("../samples/timeline", run, "access-combined.log"),
          Formats.resolve("combined")));
    }
    logs.put("shop-access.log", read(Path.of("../samples/shop-access.log"),
        Formats.resolve("combined")));
    SplittableRandom random = new SplittableRandom(30);
    for (double alpha : new double[] {0.01, 0.05}) {
      long tests = 0;
      long significant = 0;
      for (var log : logs.entrySet()) {
        long[] counted = new long[2];
        for (int s = 0; s < SPLITS; s++) {
          List<Request> a = new ArrayList<>();
          List<Request> b = new ArrayList<>();
          for (Request r : log.getValue()) {
            (random.nextBoolean() ? a : b).add(r);
          }
          count(a, b, alpha, counted);
        }
        long[] halves = new long[2];
        List<Request> all = log.getValue();
        count(all.subList(0, all.size() / 2), all.subList(all.size() / 2, all.size()), alpha,
            halves);
        System.out.printf(java.util.Locale.ROOT,
            "A/A %s at %.2f: %d of %d random-split tests significant (%.4f); first vs second half"
                + " by time: %d of %d%n", log.getKey(), alpha, counted[1], counted[0],
            (double) counted[1] / counted[0], halves[1], halves[0]);
        tests += counted[0];
        significant += counted[1];
      }
      double rate = (double) significant / tests;
      System.out.printf(java.util.Locale.ROOT,
          "A/A all logs at %.2f: %d of %d tests significant: %.4f%n", alpha, significant, tests,
          rate);
      assertTrue(tests > 5_000, "enough tests to measure a rate: " + tests);
      assertTrue(rate <= alpha, "false-positive rate " + rate + " above the level " + alpha);
    }
  }

  /** Tests every percentile of the totals and of every operation; counted[0] tests, [1] significant. */
  private static void count(List<Request> a, List<Request> b, double alpha, long[] counted) {
    Map<String, NanosHistogram[]> byKey = new LinkedHashMap<>();
    NanosHistogram[] total = {new NanosHistogram(), new NanosHistogram()};
    for (int side = 0; side < 2; side++) {
      for (Request r : side == 0 ? a : b) {
        byKey.computeIfAbsent(r.key, k -> new NanosHistogram[] {new NanosHistogram(),
            new NanosHistogram()})[side].record(r.nanos);
        total[side].record(r.nanos);
      }
    }
    List<NanosHistogram[]> groups = new ArrayList<>(byKey.values());
    groups.add(total);
    for (NanosHistogram[] g : groups) {
      for (double p : PERCENTILES) {
        QuantileTest.Outcome o = QuantileTest.test(g[0], g[1], p);
        if (o.sufficient()) {
          counted[0]++;
          counted[1] += o.pValue() < alpha ? 1 : 0;
        }
      }
    }
  }

  private static List<Request> read(Path log, LogFormat format) throws IOException {
    LineParser parser = format.newParser();
    List<Request> out = new ArrayList<>();
    byte[] all = Files.readAllBytes(log);
    EventSink sink = new EventSink() {
      @Override
      public void request(RequestEvent e) {
        String key = new String(e.buf(), e.methodFrom(), e.methodTo() - e.methodFrom(),
            StandardCharsets.ISO_8859_1) + " " + path(e);
        out.add(new Request(key, e.latencyNanos()));
      }

      @Override
      public void pause(PauseEvent e) {}
    };
    int from = 0;
    for (int i = 0; i <= all.length; i++) {
      if (i == all.length || all[i] == '\n') {
        if (i > from) {
          parser.parse(all, from, i, sink);
        }
        from = i + 1;
      }
    }
    assertTrue(out.size() > 1000, log + ": " + out.size() + " requests read");
    return out;
  }

  private static String path(RequestEvent e) {
    int end = e.targetFrom();
    while (end < e.targetTo() && e.buf()[end] != '?') {
      end++;
    }
    return new String(e.buf(), e.targetFrom(), end - e.targetFrom(), StandardCharsets.ISO_8859_1);
  }
}
