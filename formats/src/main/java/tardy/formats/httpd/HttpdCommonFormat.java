package tardy.formats.httpd;

/** httpd's {@code common} LogFormat (the Common Log Format) with {@code %D} appended. */
public final class HttpdCommonFormat extends HttpdFormat {

  static final String DEFINITION = "%h %l %u %t \"%r\" %>s %b %D";

  public HttpdCommonFormat() {
    super("httpd-common", "Apache httpd common + %D", DEFINITION);
  }
}
