import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bounded load for the timeline recipe (run.sh): {@code java Load.java BASE_URL REQUESTS
 * SECONDS THREADS RECORD} sends at most REQUESTS requests within at most SECONDS from THREADS
 * threads to BASE_URL (nginx on loopback), and keeps its own record of each (sent and answered,
 * epoch microseconds). The mix is fixed by the request id, so a re-run sends the same requests:
 * mostly {@code GET /api/item/N}, some {@code /api/search}, an allocation burst
 * ({@code /api/report}) every 40th and a {@code System.gc()} ({@code /admin/gc}) every 150th.
 */
public final class Load {

  public static void main(String[] args) throws Exception {
    String base = args[0];
    int requests = Integer.parseInt(args[1]);
    long deadline = System.nanoTime() + Long.parseLong(args[2]) * 1_000_000_000L;
    int threads = Integer.parseInt(args[3]);
    Path record = Path.of(args[4]);
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5)).build();
    AtomicInteger next = new AtomicInteger();
    ConcurrentLinkedQueue<String> lines = new ConcurrentLinkedQueue<>();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread worker = new Thread(() -> {
        int rid;
        while ((rid = next.getAndIncrement()) < requests && System.nanoTime() < deadline) {
          String target = target(rid);
          HttpRequest request = HttpRequest.newBuilder(URI.create(base + target + (target.contains("?") ? "&" : "?") + "rid=" + rid))
              .timeout(Duration.ofSeconds(30)).build();
          long sent = nowMicros();
          int status;
          try {
            status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
          } catch (IOException e) {
            status = -1;
          } catch (InterruptedException e) {
            return;
          }
          lines.add(rid + " " + target + " " + status + " " + sent + " " + nowMicros());
          pace(rid);
        }
      });
      workers.add(worker);
      worker.start();
    }
    for (Thread worker : workers) {
      worker.join();
    }
    try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(record))) {
      out.println("# client record: rid target status sent_epoch_us answered_epoch_us");
      lines.forEach(out::println);
    }
    System.out.println("load: " + lines.size() + " requests");
  }

  private static String target(int rid) {
    if (rid % 150 == 149) {
      return "/admin/gc";
    }
    if (rid % 40 == 39) {
      return "/api/report";
    }
    if (rid % 5 == 4) {
      return "/api/search?q=w" + rid % 13;
    }
    return "/api/item/" + (rid * 7919 % 1000);
  }

  /** A think time of 5 to 20 ms, fixed by the id, so the load is steady rather than flat out. */
  private static void pace(int rid) {
    try {
      Thread.sleep(5 + rid % 16);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static long nowMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }
}
