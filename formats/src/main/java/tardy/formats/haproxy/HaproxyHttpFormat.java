package tardy.formats.haproxy;

import java.util.Optional;
import tardy.events.LogFormat;
import tardy.formats.fields.Dialect;
import tardy.formats.fields.FieldPlan;
import tardy.formats.fields.PlanBuilder;
import tardy.formats.fields.PlanFormat;
import tardy.formats.fields.Role;
import tardy.formats.fields.Unit;

/**
 * HAProxy's HTTP log ({@code option httplog}), as HAProxy writes it to a file, to standard output
 * or, with its {@code process[pid]:} header, to syslog (the syslog wrapper reads that part):
 *
 * <pre>
 * %ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %CC %CS %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq %hr %hs %{+Q}r
 * </pre>
 *
 * <p>The request time is {@code Ta}, the request's whole active time in milliseconds, from {@code
 * %tr} (when the request began, milliseconds, no zone: read as UTC), so a request ends at {@code
 * %tr} + {@code Ta}. {@code -1} is HAProxy's "this step did not happen"; a termination state whose
 * first letter is {@code C} or {@code c} (the client closed, or stopped answering) marks the
 * request as abandoned by its client, whatever status HAProxy logged. Captured headers ({@code
 * {…}}), when configured, fall in the skipped queue field before the request.
 */
public final class HaproxyHttpFormat extends PlanFormat {

  static final Dialect HAPROXY = new Dialect("haproxy", "log-format", "%", "-1", 0, true);

  private static FieldPlan httplog() { // built at the format's first use
    return new PlanBuilder(HAPROXY)
        .field("ci:%cp", Role.OTHER).literal(" [")
        .field("tr", Role.TIME_LOCAL_MILLIS_UTC).literal("] ")
        .field("ft", Role.OTHER).literal(" ")
        .field("b", Role.BACKEND).literal("/")
        .field("s", Role.OTHER).literal(" ")
        .field("TR", Role.OTHER).literal("/")
        .field("Tw", Role.OTHER).literal("/")
        .field("Tc", Role.OTHER).literal("/")
        .field("Tr", Role.OTHER).literal("/")
        .field("Ta", Role.REQUEST_TIME, Unit.WHOLE_MILLISECONDS).literal(" ")
        .field("ST", Role.STATUS).literal(" ")
        .field("B", Role.BYTES).literal(" ")
        .field("CC", Role.OTHER).literal(" ")
        .field("CS", Role.OTHER).literal(" ")
        .field("tsc", Role.TERMINATION_STATE).literal(" ")
        .field("ac/%fc/%bc/%sc/%rc", Role.OTHER).literal(" ")
        .field("sq/%bq %hr %hs", Role.OTHER).literal(" \"")
        .field("{+Q}r", Role.REQUEST).literal("\"")
        .build(false);
  }

  /** The name of a format built from a user's log-format. */
  public static final String CUSTOM = "haproxy-custom";

  public HaproxyHttpFormat() {
    super("haproxy-http", "HAProxy option httplog (Ta, ms)", HaproxyHttpFormat::httplog, null);
  }

  private HaproxyHttpFormat(String definition) {
    super(CUSTOM, "HAProxy log-format " + LogFormatString.body(definition).strip(),
        LogFormatString.compile(definition), definition);
  }

  /** An HAProxy {@code log-format} line or string ({@code %Ta}, {@code %tr}, {@code %{+Q}r}). */
  @Override
  public Optional<LogFormat> fromDefinition(String definition) {
    if (definition == null || definition.indexOf('$') >= 0 || !LogFormatString.looksLikeHaproxy(definition)) {
      return Optional.empty();
    }
    return Optional.of(new HaproxyHttpFormat(definition));
  }
}
