package tardy.run;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;
import tardy.analysis.requirements.Requirements;
import tardy.analysis.requirements.RequirementsException;
import tardy.analysis.requirements.RequirementsLoader;
import tardy.record.Result;
import tardy.record.ResultCodec;
import tardy.record.grouping.GroupingMode;
import tardy.record.grouping.SampledGrouping;
import tardy.record.pause.PauseIndex;
import tardy.record.window.TimeWindow;
import tardy.record.wire.Wire;

/**
 * A report's result saved to a file ({@code --save}) and read back as an input: the encoded
 * result ({@link ResultCodec}) and what it was recorded with, so that reading it gives the very
 * analysis its logs gave, and so that logs read beside it are grouped as it was.
 *
 * <p>The file, big-endian:
 *
 * <pre>
 *   magic          8 bytes  0x89 'T' 'A' 'R' 'D' 'Y' '\r' '\n' (a text-mode copy breaks it)
 *   format         int      {@link #FORMAT_VERSION}
 *   tool           string   the tardy that wrote it, e.g. "tardy 1.0.0"
 *   grouping       string   infer, ids or raw
 *   max groups     int      --max-operations
 *   sample         int n, then n × (string "METHOD path", long requests), in the order first seen
 *   requirements   boolean, then (string file, string text): the check's; none for a report
 *   window         boolean, then long from, long to, long JVM start (epoch ms; --from/--to)
 *   per interval   long     --interval in ms (0: none)
 *   JVM start      long     --start-time, epoch ms (Long.MIN_VALUE: none)
 *   pauses         boolean, then the JVM pauses requests were put against ({@link PauseIndex#write})
 *   result         int length, then that many bytes: {@link ResultCodec#encodeSettled}
 *                  (versioned on its own)
 *   checksum       long     CRC-32 of every byte before it
 * </pre>
 *
 * <p>The grouping is kept as the sample it was decided from: {@link SampledGrouping#of} is a
 * function of that data alone, so the same requests fall in the same operations wherever it is
 * rebuilt. A file of another format or result version is refused, never guessed at.
 */
public final class SavedRun {

  /** What a saved result's name usually ends with; its content, not its name, decides. */
  public static final String EXTENSION = ".tardy";

  /** Bumped on any change of the layout above; a file of another version is refused. */
  public static final int FORMAT_VERSION = 1;

  private static final byte[] MAGIC = {(byte) 0x89, 'T', 'A', 'R', 'D', 'Y', '\r', '\n'};

  /** A file that is not a saved result this tardy reads, and why (words for a user). */
  public static final class Unreadable extends Exception {
    private static final long serialVersionUID = 1L;

    Unreadable(String message) {
      super(message);
    }

    Unreadable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final String tool;
  private final GroupingMode mode;
  private final LinkedHashMap<String, Long> sample;
  private final int maxGroups;
  private final RequirementsLoader.Text requirements; // null: saved by a report
  private final Result result;

  private SavedRun(String tool, GroupingMode mode, LinkedHashMap<String, Long> sample,
      int maxGroups, RequirementsLoader.Text requirements, Result result) {
    this.tool = tool;
    this.mode = mode;
    this.sample = sample;
    this.maxGroups = maxGroups;
    this.requirements = requirements;
    this.result = result;
  }

  /** Whether these first bytes of a file are a saved result's. */
  public static boolean startsSaved(byte[] head) {
    return head.length >= MAGIC.length
        && Arrays.equals(head, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
  }

  /** How many first bytes {@link #startsSaved} needs. */
  public static int magicLength() {
    return MAGIC.length;
  }

  /**
   * The file's bytes for a report's result.
   *
   * @param decided the grouping the result was recorded with, as decided from the plan's sample
   * @param requirements the check's requirements whose grouping it was recorded with; null: none
   */
  public static byte[] encode(String tool, SampledGrouping decided,
      RequirementsLoader.Text requirements, Result result) {
    Result.Spec spec = result.spec();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.write(MAGIC);
      out.writeInt(FORMAT_VERSION);
      Wire.writeString(out, tool);
      Wire.writeString(out, decided.mode().option());
      out.writeInt(spec.maxGroups());
      out.writeInt(decided.sample().size());
      for (Map.Entry<String, Long> e : decided.sample().entrySet()) {
        Wire.writeString(out, e.getKey());
        out.writeLong(e.getValue());
      }
      out.writeBoolean(requirements != null);
      if (requirements != null) {
        Wire.writeString(out, requirements.file());
        Wire.writeString(out, requirements.text());
      }
      TimeWindow w = spec.window();
      out.writeBoolean(w != null);
      if (w != null) {
        out.writeLong(w.fromMillis());
        out.writeLong(w.toMillis());
        out.writeLong(w.jvmStartMillis());
      }
      out.writeLong(spec.perIntervalMillis());
      out.writeLong(spec.jvmStartMillis());
      out.writeBoolean(spec.pauses() != null);
      if (spec.pauses() != null) {
        spec.pauses().write(out);
      }
      byte[] encoded = ResultCodec.encodeSettled(result);
      out.writeInt(encoded.length);
      out.write(encoded);
      out.flush();
      CRC32 crc = new CRC32();
      crc.update(bytes.toByteArray());
      out.writeLong(crc.getValue());
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
    return bytes.toByteArray();
  }

  /**
   * The saved result those bytes hold.
   *
   * @param name the file's name, for the messages
   * @throws Unreadable when they are not a whole saved result this tardy reads
   */
  public static SavedRun decode(String name, byte[] bytes) throws Unreadable {
    if (!startsSaved(bytes)) {
      throw new Unreadable(name + ": not a result saved by tardy (it does not start with a saved"
          + " result's magic bytes); save one with 'tardy report … --save " + name + "'");
    }
    if (bytes.length < MAGIC.length + 4) {
      throw new Unreadable(name + ": a truncated saved result (" + bytes.length + " bytes)");
    }
    int version = java.nio.ByteBuffer.wrap(bytes).getInt(MAGIC.length);
    if (version != FORMAT_VERSION) {
      throw new Unreadable(name + ": a saved result of file format " + version + "; this tardy"
          + " reads format " + FORMAT_VERSION + (version > FORMAT_VERSION
              ? ": read it with the tardy that saved it, or a later one"
              : ": save it again from its logs"));
    }
    if (bytes.length < MAGIC.length + 4 + 8 || !checksumHolds(bytes)) {
      throw new Unreadable(name + ": a damaged or truncated saved result (its checksum does not"
          + " match its " + bytes.length + " bytes)");
    }
    try (DataInputStream in = new DataInputStream(
        new ByteArrayInputStream(bytes, MAGIC.length + 4, bytes.length - MAGIC.length - 4 - 8))) {
      String tool = Wire.readString(in);
      GroupingMode mode = mode(in, name);
      int maxGroups = in.readInt();
      LinkedHashMap<String, Long> sample = new LinkedHashMap<>();
      for (int n = Wire.count(in); n > 0; n--) {
        sample.put(Wire.readString(in), in.readLong());
      }
      RequirementsLoader.Text requirements = in.readBoolean()
          ? new RequirementsLoader.Text(Wire.readString(in), Wire.readString(in)) : null;
      TimeWindow window = in.readBoolean()
          ? new TimeWindow(in.readLong(), in.readLong(), in.readLong()) : null;
      long perInterval = in.readLong();
      long jvmStart = in.readLong();
      PauseIndex pauses = in.readBoolean() ? PauseIndex.read(in) : null;
      byte[] encoded = new byte[Wire.count(in)];
      in.readFully(encoded);
      if (in.read() != -1) {
        throw new Unreadable(name + ": a damaged saved result (bytes after its result)");
      }
      int codec = ResultCodec.versionOf(encoded);
      if (codec != ResultCodec.version()) {
        throw new Unreadable(name + ": saved by " + tool + " with result encoding " + codec
            + "; this tardy reads encoding " + ResultCodec.version()
            + ": save it again from its logs with this tardy");
      }
      SavedRun run = new SavedRun(tool, mode, sample, maxGroups, requirements, null);
      Result.Spec spec = run.recipe().spec().withPauses(pauses).withWindow(window)
          .withPerInterval(perInterval).withJvmStart(jvmStart);
      return new SavedRun(tool, mode, sample, maxGroups, requirements,
          ResultCodec.decode(encoded, spec));
    } catch (IOException | IllegalArgumentException | IllegalStateException e) {
      throw new Unreadable(name + ": a damaged saved result: " + e.getMessage(), e);
    }
  }

  private static boolean checksumHolds(byte[] bytes) {
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, bytes.length - 8);
    return java.nio.ByteBuffer.wrap(bytes).getLong(bytes.length - 8) == crc.getValue();
  }

  private static GroupingMode mode(DataInputStream in, String name) throws IOException,
      Unreadable {
    String option = Wire.readString(in);
    for (GroupingMode m : GroupingMode.values()) {
      if (m.option().equals(option)) {
        return m;
      }
    }
    throw new Unreadable(name + ": a saved result of an unknown grouping '" + option + "'");
  }

  /** The result as it was saved. */
  public Result result() {
    return result;
  }

  /** The tardy that saved it, e.g. "tardy 1.0.0". */
  public String tool() {
    return tool;
  }

  /** --max-operations when it was saved. */
  public int maxGroups() {
    return maxGroups;
  }

  /** The grouping it was recorded with, rebuilt from its sample. */
  public SampledGrouping grouping() {
    return SampledGrouping.of(mode, sample, SpecRecipe.expectedGroups(maxGroups));
  }

  /** The requirements a check saved it with; empty when a report saved it. */
  public Optional<RequirementsLoader.Text> requirements() {
    return Optional.ofNullable(requirements);
  }

  /**
   * The shape it was recorded with, without window, pauses or intervals: logs read with it are
   * grouped as this result was (the same operations for the same requests).
   */
  public SpecRecipe recipe() throws Unreadable {
    SampledGrouping grouping = grouping();
    if (requirements == null) {
      return SpecRecipe.report(grouping, maxGroups);
    }
    try {
      Requirements r = RequirementsLoader.parse(requirements.file(), requirements.text());
      return SpecRecipe.check(requirements, r, grouping, maxGroups);
    } catch (RequirementsException e) {
      throw new Unreadable("the requirements saved with the result no longer read: "
          + String.join("; ", e.problems()), e);
    }
  }

  /** Whether {@code other} was grouped exactly as this one: the same request, the same operation. */
  public boolean groupedAs(SavedRun other) {
    return mode == other.mode && maxGroups == other.maxGroups
        && java.util.List.copyOf(sample.entrySet()).equals(java.util.List.copyOf(other.sample.entrySet()))
        && java.util.Objects.equals(requirements, other.requirements);
  }
}
