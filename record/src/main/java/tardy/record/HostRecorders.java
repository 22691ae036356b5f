package tardy.record;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import tardy.events.PauseEvent;
import tardy.events.RequestEvent;
import tardy.record.wire.Wire;

/**
 * The requests of a result once more, split by the host each line names (nginx's {@code
 * $hostname}, a syslog header's HOSTNAME), and its pauses when a syslog header names the JVM's
 * host: one recorder per host, one for the requests that name none, so that a histogram
 * table has a row set per host of one file (a central collector writes many hosts into one).
 * Recorded only when the spec asks ({@link Result.Spec#hosts()}: a table is written).
 *
 * <p>Bounded: at most {@link #MAX_HOSTS} hosts by name, the first in name order; the requests of
 * those beyond add into {@value Recorder#OTHER}. Kept by name rather than by count so that any
 * part keeps exactly those the whole run keeps, whatever the threads and parts: the smallest names
 * of a union are among the smallest of each side, so every part may fold its own excess at once
 * and memory stays bounded while the adding stays exact.
 */
public final class HostRecorders {

  /** The hosts kept by name; more fold into {@value Recorder#OTHER}. */
  public static final int MAX_HOSTS = 1000;

  private final Supplier<Recorder> fresh;
  private final int maxHosts;
  private final TreeMap<String, Recorder> named = new TreeMap<>();
  private Recorder unnamed; // requests whose line names no host; null until one
  private Recorder other; // hosts past the cap; null until one
  // the last host's bytes and recorder: a collector's lines often come in runs of one host
  private byte[] lastHost = new byte[0];
  private Recorder lastRecorder;

  HostRecorders(Supplier<Recorder> fresh, int maxHosts) {
    this.fresh = fresh;
    this.maxHosts = maxHosts;
  }

  /** Records a request into its host's recorder. */
  void request(RequestEvent e) {
    if (!e.hasHost()) {
      unnamedRecorder().request(e);
      return;
    }
    recorderOf(e.buf(), e.hostFrom(), e.hostTo()).request(e);
  }

  /**
   * Records a pause into its host's recorder (a syslog header names the JVM's host). Once one
   * pause named its host, every pause is split: those naming none into {@link #unnamed()}.
   */
  void pause(PauseEvent e) {
    if (!e.hasHost()) {
      unnamedRecorder().pause(e);
      return;
    }
    recorderOf(e.hostBuf(), e.hostFrom(), e.hostTo()).pause(e);
  }

  private Recorder unnamedRecorder() {
    if (unnamed == null) {
      unnamed = fresh.get();
    }
    return unnamed;
  }

  private Recorder recorderOf(byte[] b, int from, int to) {
    if (lastRecorder == null || !Arrays.equals(b, from, to, lastHost, 0, lastHost.length)) {
      lastHost = Arrays.copyOfRange(b, from, to);
      lastRecorder = recorderOf(new String(lastHost, StandardCharsets.UTF_8));
    }
    return lastRecorder;
  }

  private Recorder recorderOf(String host) {
    Recorder r = named.get(host);
    if (r != null) {
      return r;
    }
    if (named.size() >= maxHosts && host.compareTo(named.lastKey()) > 0) {
      return other();
    }
    r = fresh.get();
    named.put(host, r);
    foldPastCap();
    return r;
  }

  private Recorder other() {
    if (other == null) {
      other = fresh.get();
    }
    return other;
  }

  /** The hosts past the cap, by name, added into {@value Recorder#OTHER}. */
  private void foldPastCap() {
    while (named.size() > maxHosts) {
      Map.Entry<String, Recorder> last = named.pollLastEntry();
      other().add(last.getValue());
      if (last.getValue() == lastRecorder) {
        lastRecorder = null;
      }
    }
  }

  /** Adds what the hosts of a later part of the input recorded. */
  void addLater(HostRecorders later) {
    for (Map.Entry<String, Recorder> theirs : later.named.entrySet()) {
      named.computeIfAbsent(theirs.getKey(), k -> fresh.get()).add(theirs.getValue());
    }
    foldPastCap();
    if (later.unnamed != null) {
      unnamedRecorder().add(later.unnamed);
    }
    if (later.other != null) {
      other().add(later.other);
    }
    lastRecorder = null;
  }

  /** Whether some request named its host: else the result's own recorder is every host's. */
  public boolean any() {
    return !named.isEmpty() || other != null;
  }

  /**
   * Whether some pause named its host: each host's recorder (and {@link #unnamed()}'s) then holds
   * its pauses too, else the pauses are the result's own recorder's alone.
   */
  public boolean pausesNamed() {
    return named.values().stream().anyMatch(r -> r.pauses() > 0)
        || other != null && other.pauses() > 0;
  }

  /** Each host's recorder, by name (those past the cap: {@link #folded()}). */
  public NavigableMap<String, Recorder> byHost() {
    return Collections.unmodifiableNavigableMap(named);
  }

  /** The recorder of the hosts past the cap, or null when none was folded. */
  public Recorder folded() {
    return other;
  }

  /**
   * The recorder of the requests (and the pauses) whose line named no host, or null when every
   * one did.
   */
  public Recorder unnamed() {
    return unnamed;
  }

  void write(DataOutput out) throws IOException {
    out.writeInt(named.size());
    for (Map.Entry<String, Recorder> e : named.entrySet()) {
      Wire.writeString(out, e.getKey());
      e.getValue().write(out);
    }
    writeOptional(out, unnamed);
    writeOptional(out, other);
  }

  private static void writeOptional(DataOutput out, Recorder r) throws IOException {
    out.writeBoolean(r != null);
    if (r != null) {
      r.write(out);
    }
  }

  static HostRecorders read(DataInput in, Supplier<Recorder> fresh, int maxHosts,
      IoReader reader) throws IOException {
    HostRecorders h = new HostRecorders(fresh, maxHosts);
    for (int n = in.readInt(); n > 0; n--) {
      h.named.put(Wire.readString(in), reader.read(in));
    }
    h.unnamed = in.readBoolean() ? reader.read(in) : null;
    h.other = in.readBoolean() ? reader.read(in) : null;
    return h;
  }

  /** Reads one recorder as the spec decodes it. */
  interface IoReader {
    Recorder read(DataInput in) throws IOException;
  }
}
