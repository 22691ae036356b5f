package tardy.formats.w3c;

import java.util.List;
import tardy.formats.fields.Dialect;
import tardy.formats.fields.Unit;

/**
 * Microsoft IIS's W3C log (https://learn.microsoft.com/en-us/windows/win32/http/w3c-logging),
 * IIS 6 to 10, and IIS Advanced Logging's: space-separated fields in the order the file's {@code
 * #Fields:} header names, {@code time-taken} in milliseconds (Advanced Logging's {@code
 * TimeTakenMS}), from the request's first byte to the answer's last byte sent. {@code date} and
 * {@code time} (UTC, whole seconds) are when the line was written, the request's end. A file
 * without a header has IIS's default fields.
 *
 * <p>{@code sc-win32-status} 64 is not read as the client gone: clients and proxies that reset a
 * connection after the whole answer log it too.
 */
public final class IisFormat extends W3cFormat {

  static final W3cDialect IIS = new W3cDialect(new Dialect("iis", "#Fields header", "", "-", 0, false),
      (byte) ' ', Unit.MILLISECONDS,
      List.of("date", "time", "s-ip", "cs-method", "cs-uri-stem", "cs-uri-query", "s-port",
          "cs-username", "c-ip", "cs(User-Agent)", "cs(Referer)", "sc-status", "sc-substatus",
          "sc-win32-status", "time-taken"),
      false, "IIS's default fields");

  public IisFormat() {
    super("iis-w3c", "Microsoft IIS W3C log (time-taken, ms)", IIS);
  }
}
