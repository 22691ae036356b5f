import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A small HTTP backend for the timeline recipe (run.sh): it answers behind nginx on loopback, and
 * keeps its own record of every request (when it received it and when it began to answer, epoch
 * microseconds: an interval nginx's own holds, whatever pause comes after), so a test knows which requests were in flight during which JVM pause without
 * asking tardy. Run with the JDK's source launcher: {@code java Backend.java PORT RECORD}.
 *
 * <p>Endpoints: {@code /api/item/N} (a few ms of work), {@code /api/search} (tens of ms),
 * {@code /api/report} (an allocation burst: young collections), {@code /admin/gc}
 * ({@code System.gc()}: a full collection), {@code /admin/quit} (writes the record and exits).
 * A query parameter {@code rid=} is the client's request id; it is kept in the record.
 */
public final class Backend {

  private static final ConcurrentLinkedQueue<String> RECORD = new ConcurrentLinkedQueue<>();
  private static volatile Object sink; // keeps allocations from being optimised away

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    Path record = Path.of(args[1]);
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 256);
    ExecutorService workers = Executors.newFixedThreadPool(16);
    server.setExecutor(workers);
    CountDownLatch quit = new CountDownLatch(1);
    server.createContext("/", exchange -> handle(exchange, quit));
    server.start();
    System.out.println("backend listening on 127.0.0.1:" + port);
    quit.await();
    server.stop(0);
    workers.shutdown(); // its threads are not daemons: main returns, and the JVM ends, once they stop
    write(record);
  }

  private static void handle(HttpExchange exchange, CountDownLatch quit) throws IOException {
    long received = nowMicros();
    String path = exchange.getRequestURI().getPath();
    String query = exchange.getRequestURI().getRawQuery();
    int status = 200;
    String body;
    try {
      if (path.startsWith("/api/item/")) {
        body = item(Long.parseLong(path.substring("/api/item/".length())));
      } else if (path.equals("/api/search")) {
        body = search();
      } else if (path.equals("/api/report")) {
        body = report();
      } else if (path.equals("/admin/gc")) {
        System.gc();
        body = "gc\n";
      } else if (path.equals("/admin/quit")) {
        body = "bye\n";
        quit.countDown();
      } else {
        status = 404;
        body = "not found\n";
      }
    } catch (NumberFormatException e) {
      status = 400;
      body = "bad id\n";
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    long answered = nowMicros(); // before the first byte goes out: nginx has not ended the request
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
    RECORD.add(rid(query) + " " + exchange.getRequestMethod() + " " + path + " " + status + " "
        + received + " " + answered);
  }

  /** A few milliseconds of work and a little garbage, the same for the same id. */
  private static String item(long id) {
    sleepMillis(1 + id % 7);
    sink = new byte[16 * 1024];
    return "item " + id + "\n";
  }

  /** Tens of milliseconds of work and some garbage. */
  private static String search() {
    List<String> words = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      words.add(Integer.toString(i * 31));
    }
    sink = words;
    sleepMillis(20);
    return "found " + words.size() + "\n";
  }

  /** An allocation burst: 48 MB of short-lived 64 KiB arrays, which the young generation collects. */
  private static String report() {
    long sum = 0;
    for (int i = 0; i < 768; i++) {
      byte[] chunk = new byte[64 * 1024];
      chunk[i] = (byte) i;
      sum += chunk[i];
      sink = chunk;
    }
    return "report " + sum + "\n";
  }

  private static void sleepMillis(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String rid(String query) {
    if (query != null) {
      for (String part : query.split("&")) {
        if (part.startsWith("rid=")) {
          return part.substring(4);
        }
      }
    }
    return "-";
  }

  private static long nowMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }

  private static void write(Path record) throws IOException {
    long start = ManagementFactory.getRuntimeMXBean().getStartTime();
    try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(record))) {
      out.println("# backend record: rid method path status received_epoch_us answering_epoch_us");
      out.println("# jvm_start_epoch_ms " + start + " (" + Instant.ofEpochMilli(start) + ")");
      for (String line : RECORD) {
        out.println(line);
      }
    }
  }
}
