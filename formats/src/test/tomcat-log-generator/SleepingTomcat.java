import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.AccessLogValve;

/**
 * An embedded Tomcat whose servlet sleeps as long as its path says (/sleep/150: 150 ms), with
 * two access logs, common and combined, each followed by %D; then the same seeded requests
 * against it, one after another, and the logs closed. run.sh compiles it against Debian's
 * Tomcat 9 and Tomcat 10 jars (javax.servlet for 9, jakarta.servlet for 10).
 */
public class SleepingTomcat {

  public static void main(String[] args) throws Exception {
    File dir = new File(args[0]).getAbsoluteFile();
    int port = Integer.parseInt(args[1]);
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(dir.getPath());
    tomcat.setPort(port);
    tomcat.getConnector();
    Context context = tomcat.addContext("", dir.getPath());
    Tomcat.addServlet(context, "sleep", new SleepServlet());
    context.addServletMappingDecoded("/*", "sleep");
    for (String[] log : new String[][] {
        {"common-d", "%h %l %u %t \"%r\" %s %b %D"},
        {"combined-d", "%h %l %u %t \"%r\" %s %b \"%{Referer}i\" \"%{User-Agent}i\" %D"}}) {
      AccessLogValve valve = new AccessLogValve();
      valve.setDirectory(dir.getPath());
      valve.setPrefix(log[0]);
      valve.setSuffix(".log");
      valve.setRotatable(false);
      valve.setBuffered(false);
      valve.setPattern(log[1]);
      tomcat.getHost().getPipeline().addValve(valve);
    }
    tomcat.start();
    HttpClient client = HttpClient.newHttpClient();
    java.util.Random random = new java.util.Random(36);
    int[] sleeps = {0, 2, 5, 12, 30, 75, 150, 400};
    String[] paths = {"/api/orders/", "/api/products/", "/static/app.js?v="};
    for (int i = 0; i < 60; i++) {
      int ms = sleeps[random.nextInt(sleeps.length)];
      String path = paths[random.nextInt(paths.length)] + (1000 + random.nextInt(9000));
      HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
          .header("X-Sleep-Millis", String.valueOf(ms)).header("User-Agent", "tomcat-log-generator")
          .build();
      client.send(request, HttpResponse.BodyHandlers.discarding());
    }
    tomcat.stop();
    tomcat.destroy();
  }
}
