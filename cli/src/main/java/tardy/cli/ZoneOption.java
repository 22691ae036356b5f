package tardy.cli;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import picocli.CommandLine.Model.CommandSpec;
import tardy.render.PrintedZone;

/** {@code --tz ZONE}: the time zone printed times are in (UTC by default, as before). */
final class ZoneOption implements Specs.Fields {

  String zone;

  @Override
  public Object get(String field) {
    if (field.equals("zone")) {
      return zone;
    }
    throw Specs.noField(this, field);
  }

  @Override
  public void set(String field, Object value) {
    if (!field.equals("zone")) {
      throw Specs.noField(this, field);
    }
    zone = (String) value;
  }

  void addTo(CommandSpec command, String where) {
    command.addOption(Specs.option(this, "zone", "--tz").paramLabel("ZONE")
        .description("Print times in ZONE: a region such as Europe/Paris (its summer time"
            + " followed), an offset such as +05:30, UTC, or 'local' (this machine's zone)."
            + " Default: the offset the logs' timestamps carry when they all carry one, else"
            + " UTC. " + where).build());
  }

  /** The zone, refused now when it is none (before any input is read). */
  ZoneId zoneId() {
    if (zone == null) {
      return ZoneOffset.UTC;
    }
    String z = zone.strip();
    if (z.equalsIgnoreCase("local")) {
      return ZoneId.systemDefault();
    }
    try {
      return ZoneId.of(z.equalsIgnoreCase("utc") ? "UTC" : z);
    } catch (DateTimeException e) {
      throw new UserError("--tz: '" + zone + "' is not a time zone: give a region such as"
          + " Europe/Paris or America/New_York, an offset such as +05:30, UTC, or local", e);
    }
  }

  /** Prints times in the zone until closed. */
  PrintedZone.Scope use() {
    return PrintedZone.use(zoneId());
  }
}
