package tardy.record;

import tardy.record.wire.Wire;

import tardy.record.interval.FamilyIntervals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.PackedHistogram;
import tardy.events.Outcome;
import tardy.events.ParseStats;

/**
 * A {@link Result} as bytes and back, so that a result parsed on one machine is added on another:
 * histograms in HdrHistogram's compressed encoding, everything else as plain numbers and strings.
 * What is read back adds and analyses exactly as the result that was written, and its interval
 * histograms write the same .hlog.
 */
public final class ResultCodec {

  private static final int MAGIC = 0x74415244; // "tARD"
  private static final int VERSION = 15; // 2: a group's family; 3: interval histograms; 4: 499 waits;
  // 5: the GC pauses' heap series, and good and bad events per minute of objectives; 6: the
  // heap series' input and line of each pause; 7: a group's counts per error status code; 8: each
  // heap-series pause's young and old generations and metaspace; 9: the GC pauses with sys CPU by
  // its share of user + sys (the kernel-time finding's share is decided in analysis); 10: the
  // requests per slot of the clock (their rate over time); 11: the offsets from UTC the logged
  // times carried (the logs' own zone); 12: the slowest requests of each group; 13: the heap
  // series' concurrent cycles (ZGC, Shenandoah); 14: the requests per host their lines name;
  // 15: each concurrent cycle's young and old generations, promotion, metaspace and warm-up mark

  private ResultCodec() {}

  /** The version of the encoding {@link #encode} writes and {@link #decode} reads. */
  public static int version() {
    return VERSION;
  }

  /** The version {@code encoded} says it is of; -1 when it is not an encoded result. */
  public static int versionOf(byte[] encoded) {
    if (encoded.length < 8 || ByteBuffer.wrap(encoded).getInt(0) != MAGIC) {
      return -1;
    }
    return ByteBuffer.wrap(encoded).getInt(4);
  }

  public static byte[] encode(Result result) {
    return encode(result, false);
  }

  /**
   * The same for a result that is kept rather than added to ({@code --save}): its groups settled
   * as its analysis shows them (see {@code Recorder#writeSettled}), so that the bytes are the
   * same whatever the threads that parsed it; it reads back with {@link #decode}.
   */
  public static byte[] encodeSettled(Result result) {
    return encode(result, true);
  }

  private static byte[] encode(Result result, boolean settled) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(MAGIC);
      out.writeInt(VERSION);
      List<Result.Account> accounts = result.accounts();
      out.writeInt(accounts.size());
      for (Result.Account a : accounts) {
        out.writeInt(a.input());
        Wire.writeString(out, a.name());
        Wire.writeString(out, a.format());
        writeStats(a.stats(), out);
      }
      out.writeBoolean(result.recorder().isPresent());
      if (result.recorder().isPresent()) {
        if (settled) {
          result.recorder().get().writeSettled(out);
        } else {
          result.recorder().get().write(out);
        }
      }
      out.writeBoolean(result.familyIntervals().isPresent());
      if (result.familyIntervals().isPresent()) {
        result.familyIntervals().get().write(out);
      }
      boolean hosts = !settled && result.hosts().isPresent(); // a table's, not a saved run's
      out.writeBoolean(hosts);
      if (hosts) {
        result.hosts().get().write(out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
    return bytes.toByteArray();
  }

  /**
   * The result those bytes hold, recording further by {@code spec} (which must ask for what the
   * encoded result holds).
   *
   * @throws IllegalArgumentException when the bytes are not an encoded result
   */
  public static Result decode(byte[] encoded, Result.Spec spec) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
      if (in.readInt() != MAGIC || in.readInt() != VERSION) {
        throw new IllegalArgumentException("not an encoded result of this version");
      }
      int count = in.readInt();
      List<Result.Account> accounts = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        accounts.add(new Result.Account(in.readInt(), Wire.readString(in), Wire.readString(in), readStats(in)));
      }
      Recorder recorder = null;
      if (in.readBoolean()) {
        recorder = Recorder.read(in, spec.grouping(), spec.maxGroups(), spec.pauses(),
            spec.jvmStartMillis());
      }
      boolean hasIntervals = in.readBoolean();
      if (spec.report() != (recorder != null) || spec.intervals().isPresent() != hasIntervals) {
        throw new IllegalArgumentException("the encoded result has another shape than " + spec);
      }
      FamilyIntervals intervals = hasIntervals
          ? FamilyIntervals.read(in, spec.intervals().get(), spec.grouping())
          : null;
      HostRecorders hosts = null;
      if (in.readBoolean()) {
        if (recorder == null || !spec.hosts()) {
          throw new IllegalArgumentException("the encoded result has another shape than " + spec);
        }
        hosts = HostRecorders.read(in, () -> Result.hostRecorder(spec), HostRecorders.MAX_HOSTS,
            from -> Recorder.read(from, spec.grouping(), spec.maxGroups(), null,
                spec.jvmStartMillis()));
      } else if (recorder != null && spec.hosts()) {
        hosts = Result.hostsOf(spec);
      }
      if (in.read() != -1) {
        throw new IllegalArgumentException("an encoded result with bytes after its end");
      }
      return Result.of(spec, recorder, intervals, hosts, accounts);
    } catch (IOException e) {
      throw new IllegalArgumentException("a damaged encoded result: " + e.getMessage(), e);
    }
  }

  private static void writeStats(ParseStats stats, DataOutput out) throws IOException {
    out.writeLong(stats.parsed());
    List<ParseStats.Reason> reasons = stats.reasons();
    out.writeInt(reasons.size());
    for (ParseStats.Reason r : reasons) {
      out.writeBoolean(r.outcome().kind() == Outcome.Kind.MALFORMED);
      Wire.writeString(out, r.outcome().reason());
      out.writeLong(r.count());
      out.writeInt(r.firstLines().size());
      for (long line : r.firstLines()) {
        out.writeLong(line);
      }
    }
  }

  private static ParseStats readStats(DataInput in) throws IOException {
    ParseStats stats = new ParseStats();
    stats.count(Outcome.PARSED, in.readLong(), List.of());
    int reasons = in.readInt();
    for (int i = 0; i < reasons; i++) {
      boolean malformed = in.readBoolean();
      String reason = Wire.readString(in);
      Outcome outcome = malformed ? Outcome.malformed(reason) : Outcome.ignored(reason);
      long count = in.readLong();
      List<Long> lines = new ArrayList<>();
      for (int n = in.readInt(); n > 0; n--) {
        lines.add(in.readLong());
      }
      stats.count(outcome, count, lines);
    }
    return stats;
  }

}
