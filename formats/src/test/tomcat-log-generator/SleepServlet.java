import java.io.IOException;
import SERVLET.http.HttpServlet;
import SERVLET.http.HttpServletRequest;
import SERVLET.http.HttpServletResponse;

/** Sleeps the milliseconds its X-Sleep-Millis header asks for, then answers "ok". */
public class SleepServlet extends HttpServlet {
  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    try {
      Thread.sleep(Long.parseLong(request.getHeader("X-Sleep-Millis")));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    response.getWriter().write("ok");
  }
}
