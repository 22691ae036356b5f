package tardy.formats.httpd;

/** httpd's {@code combined} LogFormat with {@code %D} (microseconds) appended. */
public final class HttpdCombinedFormat extends HttpdFormat {

  static final String DEFINITION =
      "%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-Agent}i\" %D";

  public HttpdCombinedFormat() {
    super("httpd-combined", "Apache httpd combined + %D", DEFINITION);
  }
}
