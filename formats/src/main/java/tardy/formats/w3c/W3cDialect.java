package tardy.formats.w3c;

import java.util.List;
import tardy.formats.fields.Dialect;
import tardy.formats.fields.Unit;

/**
 * How one server writes the W3C extended log format (https://www.w3.org/TR/WD-logfile.html):
 * what separates its fields, the unit of its {@code time-taken}, and the columns its lines have
 * when no {@code #Fields:} header came before them.
 *
 * @param fields the server's words for messages and its field conventions
 * @param separator the byte between fields: a space (the W3C's and IIS's), a tab (CloudFront's)
 * @param timeTaken the unit of {@code time-taken}: IIS writes milliseconds, CloudFront seconds
 * @param defaultColumns the columns of a line before any {@code #Fields:} header (a header cut
 *     off, or a file that never had one)
 * @param laterDefaultColumns whether such a line may have columns after the default ones, which
 *     are skipped (CloudFront added columns over the years; IIS's default layout is fixed)
 * @param defaultLayout what the default columns are, for messages ({@code IIS's default fields})
 */
public record W3cDialect(Dialect fields, byte separator, Unit timeTaken, List<String> defaultColumns,
    boolean laterDefaultColumns, String defaultLayout) {}
