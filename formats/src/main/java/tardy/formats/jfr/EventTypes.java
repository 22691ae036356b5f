package tardy.formats.jfr;

import java.util.HashMap;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import tardy.events.Outcome;
import tardy.events.RecordFormat;

/**
 * The reasons for events that are not pauses, one per event type, made once per type: a
 * recording holds a hundred types, each of thousands of events. The recording's own settings
 * ({@code jdk.ActiveSetting}) are read for what they leave out of the pauses: an event type of
 * pauses disabled, or recorded only from a threshold (the default settings record safepoints
 * from 10 ms), is said in the reason those settings are counted under, so a censored
 * distribution is never shown as a whole one without a word.
 */
final class EventTypes {

  /** The event types of pauses and what one event of each is, in words. */
  private static final Map<String, String> PAUSE_TYPES = Map.of(
      "jdk.ExecuteVMOperation", "safepoints",
      "jdk.SafepointBegin", "times to safepoint",
      "jdk.GCPhasePause", "GC pauses",
      "jdk.ZAllocationStall", "allocation stalls");

  private static final Outcome SETTING = Outcome.ignored(
      "jdk.ActiveSetting: a setting of the recording");

  private final Map<String, Outcome> others = new HashMap<>();
  private final Map<String, Outcome> phases = new HashMap<>();
  private final Map<Long, String> typeNames;
  private boolean phasePausesOff; // a setting turned jdk.GCPhasePause off
  private boolean phasePausesOn; // a setting (another recording's, say) kept it on

  /** @param typeNames the recording's event types by id, to read its settings with */
  EventTypes(Map<Long, String> typeNames) {
    this.typeNames = typeNames;
  }

  /** An event of a type that holds no pause. */
  Outcome other(String type) {
    return others.computeIfAbsent(type, RecordFormat::otherType);
  }

  /** A phase inside a pause ({@code jdk.GCPhasePauseLevel1}): its pause is counted already. */
  Outcome phaseInsidePause(String type) {
    return phases.computeIfAbsent(type,
        t -> Outcome.ignored(t + ": a phase inside a pause counted as its jdk.GCPhasePause"));
  }

  /** A {@code jdk.ActiveSetting}: what it leaves out of a type of pauses, if anything. */
  Outcome setting(RecordedEvent e) {
    String type = typeNames.get(e.getLong("id"));
    String what = type == null ? null : PAUSE_TYPES.get(type);
    if (what == null) {
      return SETTING;
    }
    String name = e.getString("name");
    String value = e.getString("value");
    if ("jdk.GCPhasePause".equals(type) && "enabled".equals(name)) {
      phasePausesOff |= "false".equals(value);
      phasePausesOn |= "true".equals(value);
      if ("false".equals(value)) {
        return PHASE_PAUSES_OFF;
      }
    }
    if ("enabled".equals(name) && "false".equals(value)) {
      return Outcome.ignored("jdk.ActiveSetting: " + type + " disabled: no " + what
          + " are in this recording");
    }
    if ("threshold".equals(name) && value != null && !isZero(value)) {
      return Outcome.ignored("jdk.ActiveSetting: " + type + " recorded from " + value
          + " only: shorter " + what + " are not in this recording");
    }
    return SETTING;
  }

  private static final Outcome PHASE_PAUSES_OFF = Outcome.ignored("jdk.ActiveSetting:"
      + " jdk.GCPhasePause disabled: a collection of one pause is read from its"
      + " jdk.GarbageCollection, the pauses of concurrent collections are not in this recording");

  /**
   * Whether the recording's settings left {@code jdk.GCPhasePause} out, so a collection's own
   * event is all there is of its pauses. Settings may come after the first collections: JFR
   * writes its threads' buffers in no time order.
   */
  boolean phasePausesDisabled() {
    return phasePausesOff && !phasePausesOn;
  }

  /** Whether the recording's settings for {@code jdk.GCPhasePause} have been read yet. */
  boolean phasePauseSettingKnown() {
    return phasePausesOff || phasePausesOn;
  }

  /** A threshold of no time ({@code 0 ms}, {@code 0 ns}): everything is recorded. */
  private static boolean isZero(String threshold) {
    String v = threshold.trim();
    int space = v.indexOf(' ');
    String number = space < 0 ? v : v.substring(0, space);
    try {
      return Double.parseDouble(number) == 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
