package tardy.analysis.heap;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import tardy.events.Corpus;
import tardy.formats.jvm.GcTruth;

/**
 * The heap transitions of a GC log's pauses found the way a person would check them, apart from
 * the parsers: regular expressions over the text. Unified logging: a pause line that ends with
 * {@code before->after(capacity) N.NNNms}. JDK 6-8: the text is reduced from the innermost
 * bracket group outwards; a top-level group that opens as a GC event and closes with {@code N
 * secs} has its own transition outside its nested groups.
 */
final class HeapTruth {

  /** One pause's heap, in bytes; {@code uptimeMillis} -1 when the line has no uptime. */
  record Transition(long before, long after, long capacity, boolean full, long uptimeMillis) {}

  /**
   * The young/old split and metaspace of one pause with a transition, in bytes, each -1 when
   * the log does not give it; {@code youngOnly}: a collection of the young generation only (not
   * full, not mixed).
   */
  record Split(long youngBefore, long youngAfter, long oldBefore, long oldAfter,
      long metaspaceAfter, boolean youngOnly) {

    static final Split NONE = new Split(-1, -1, -1, -1, -1, false);

    /** Old as the heap less the young where the log gives the young generation only. */
    Split completed(Transition t, boolean youngOnly) {
      long ob = oldBefore < 0 && youngBefore >= 0 ? Math.max(0, t.before() - youngBefore) : oldBefore;
      long oa = oldAfter < 0 && youngAfter >= 0 ? Math.max(0, t.after() - youngAfter) : oldAfter;
      return new Split(youngBefore, youngAfter, ob, oa, metaspaceAfter, youngOnly && oa >= 0);
    }
  }

  private static final String SIZE = "(\\d+(?:\\.\\d+)?[BKMGT]?)";
  /** A size as G1's detail line prints it, with the locale's decimal point or comma. */
  private static final String SIZE_COMMA = "(\\d+(?:[.,]\\d+)?[BKMGT])";
  private static final Pattern UL_PAUSE = Pattern.compile(
      "^(?:\\[[^\\]]*\\])* ?(?:GC\\(\\d+\\) )?(?:[a-zA-Z]: )?(Pause .*?) " + SIZE + "->" + SIZE
          + "\\(" + SIZE + "\\) (\\d+(?:[.,]\\d+)?)ms *$");
  private static final Pattern UL_UPTIME = Pattern.compile("\\[(\\d+(?:[.,]\\d+)?)(s|ms|ns)\\]");
  private static final Pattern JDK8_OPENING = Pattern.compile(
      "^(?:Full GC|GC(?! ?Worker| concurrent-| ?ref-proc))", Pattern.DOTALL);
  private static final Pattern JDK8_SECS = Pattern.compile("[ ,](\\d+(?:[.,]\\d+)?) secs\\s*$");
  private static final Pattern JDK8_TRANSITION = Pattern.compile(
      "(?:^|[ \\u0002])" + SIZE + "->" + SIZE + "\\(" + SIZE + "\\)");

  /** JDK 8 Shenandoah: {@code Pause Full 1589M->1002M(1690M), 4077.274 ms}. */
  private static final Pattern JDK8_SHENANDOAH = Pattern.compile(
      "^(Pause [^\u0001]*?) " + SIZE + "->" + SIZE + "\\(" + SIZE + "\\), \\d+(?:[.,]\\d+)? ms\\s*$");

  private HeapTruth() {}

  static List<Transition> unified(byte[] bytes) {
    List<Transition> out = new ArrayList<>();
    for (String line : text(bytes).split("\r?\n")) {
      Matcher m = UL_PAUSE.matcher(line);
      if (m.matches()) {
        long uptime = -1;
        Matcher u = UL_UPTIME.matcher(line);
        while (u.find()) { // the uptime decorator: seconds with a fraction, or ms, or ns
          if (u.group(2).equals("s") && !u.group(1).contains(".") && !u.group(1).contains(",")) {
            continue;
          }
          BigDecimal v = new BigDecimal(u.group(1).replace(',', '.'));
          uptime = switch (u.group(2)) {
            case "s" -> v.movePointRight(3).setScale(0, RoundingMode.FLOOR).longValueExact();
            case "ms" -> v.longValue();
            default -> v.movePointLeft(6).setScale(0, RoundingMode.FLOOR).longValueExact();
          };
          break;
        }
        out.add(new Transition(bytes(m.group(2)), bytes(m.group(3)), bytes(m.group(4)),
            m.group(1).startsWith("Pause Full"), uptime));
      }
    }
    return out;
  }

  /**
   * JDK 6-8 events; a G1 pause without a transition of its own takes the {@code Heap:} of the
   * {@code [Eden: ...]} group that follows it before its {@code [Times:} or the next event.
   */
  static List<Transition> jdk8(byte[] bytes) {
    List<Transition> out = new ArrayList<>();
    Boolean waiting = null; // a pause without a transition, waiting for its Eden line: full or not
    for (String group : GcTruth.jdk8Events(bytes)) {
      Matcher shenandoah = JDK8_SHENANDOAH.matcher(group);
      Matcher eden = G1_EDEN.matcher(group);
      if (shenandoah.find()) {
        waiting = null;
        out.add(new Transition(bytes(shenandoah.group(2)), bytes(shenandoah.group(3)),
            bytes(shenandoah.group(4)), shenandoah.group(1).startsWith("Pause Full"), -1));
      } else if (JDK8_OPENING.matcher(group).find() && JDK8_SECS.matcher(group).find()) {
        Matcher t = JDK8_TRANSITION.matcher(group);
        waiting = null;
        if (t.find()) {
          out.add(new Transition(bytes(t.group(1)), bytes(t.group(2)), bytes(t.group(3)),
              group.startsWith("Full GC"), -1));
        } else {
          waiting = group.startsWith("Full GC");
        }
      } else if (waiting != null && eden.find()) {
        out.add(new Transition(bytes(eden.group(1)), bytes(eden.group(3)), bytes(eden.group(4)),
            waiting, -1));
        waiting = null;
      } else if (group.startsWith("Times: ") || JDK8_OPENING.matcher(group).find()) {
        waiting = null;
      }
    }
    return out;
  }

  /** G1's detail line: {@code Eden: ... Heap: 30.1M(256.0M)->7.9M(256.0M)}. */
  private static final Pattern G1_EDEN = Pattern.compile(
      "^Eden: .* Heap: " + SIZE_COMMA + "\\(" + SIZE_COMMA + "\\)->" + SIZE_COMMA + "\\("
          + SIZE_COMMA + "\\)\\s*$");


  private static final Pattern UL_GC_ID = Pattern.compile("\\bGC\\((\\d+)\\) ");
  private static final Pattern UL_REGION_SIZE = Pattern.compile(
      "\\] Heap [Rr]egion [Ss]ize: (\\d+[BKMG])\\s*$");
  private static final Pattern UL_REGIONS = Pattern.compile(
      "\\bGC\\((\\d+)\\) (Eden|Survivor|Old|Archive|Humongous) regions: (\\d+)->(\\d+)");
  private static final Pattern UL_SPACE = Pattern.compile("\\bGC\\((\\d+)\\) "
      + "(PSYoungGen|DefNew|ParOldGen|Tenured|Metaspace): " + SIZE + "(?:\\(" + SIZE + "\\))?->"
      + SIZE);
  /** A group nested in a JDK 6-8 event: {@code PSYoungGen: 1K->2K(3K)}, {@code ParNew (promotion failed): ...}. */
  private static final Pattern JDK8_SPACE = Pattern.compile(
      "^(PSYoungGen|ParNew|DefNew|ParOldGen|PSOldGen|Tenured|CMS|Metaspace)(?: \\([^)]*\\))?: "
          + SIZE + "->" + SIZE + "\\(");
  private static final Pattern MARKER = Pattern.compile("\u0001(\\d+)\u0002");

  /** The split of each pause {@link #unified} finds, in the same order. */
  static List<Split> unifiedSplits(byte[] bytes) {
    List<Split> out = new ArrayList<>();
    Map<String, long[]> byGc = new java.util.HashMap<>(); // yb, ya, ob, oa, meta; -1 unset
    long region = -1;
    for (String line : text(bytes).split("\r?\n")) {
      Matcher size = UL_REGION_SIZE.matcher(line);
      if (size.find()) {
        region = bytes(size.group(1));
        continue;
      }
      Matcher r = UL_REGIONS.matcher(line);
      if (r.find()) {
        if (region > 0) {
          long[] a = byGc.computeIfAbsent(r.group(1), k -> new long[] {-1, -1, -1, -1, -1});
          int at = r.group(2).equals("Eden") || r.group(2).equals("Survivor") ? 0 : 2;
          a[at] = Math.max(0, a[at]) + Long.parseLong(r.group(3)) * region;
          a[at + 1] = Math.max(0, a[at + 1]) + Long.parseLong(r.group(4)) * region;
        }
        continue;
      }
      Matcher sp = UL_SPACE.matcher(line);
      if (sp.find()) {
        long[] a = byGc.computeIfAbsent(sp.group(1), k -> new long[] {-1, -1, -1, -1, -1});
        String name = sp.group(2);
        if (name.equals("Metaspace")) {
          a[4] = bytes(sp.group(5));
        } else {
          int at = name.equals("PSYoungGen") || name.equals("DefNew") ? 0 : 2;
          a[at] = bytes(sp.group(3));
          a[at + 1] = bytes(sp.group(5));
        }
        continue;
      }
      Matcher m = UL_PAUSE.matcher(line);
      if (m.matches()) {
        Matcher id = UL_GC_ID.matcher(line);
        long[] a = id.find() ? byGc.remove(id.group(1)) : null;
        Transition t = new Transition(bytes(m.group(2)), bytes(m.group(3)), 0, false, -1);
        Split split = a == null ? Split.NONE : new Split(a[0], a[1], a[2], a[3], a[4], false);
        out.add(split.completed(t, youngOnly(m.group(1))));
      }
    }
    return out;
  }

  private static boolean youngOnly(String pause) {
    return !pause.contains("Full") && !pause.contains("(Mixed)") && !pause.contains("(mixed)");
  }

  /**
   * G1's detail line split: {@code Eden: 24.0M(24.0M)->0.0B(13.0M) Survivors: 0.0B->3072.0K Heap:
   * 30.1M(256.0M)->7.9M(256.0M)}.
   */
  private static final Pattern G1_SPLIT = Pattern.compile("^Eden: " + SIZE_COMMA + "(?:\\("
      + SIZE_COMMA + "\\))?->" + SIZE_COMMA + "(?:\\(" + SIZE_COMMA + "\\))? Survivors: "
      + SIZE_COMMA + "->" + SIZE_COMMA + " Heap: " + SIZE_COMMA + "\\(" + SIZE_COMMA + "\\)->"
      + SIZE_COMMA + "\\(" + SIZE_COMMA + "\\)\\s*$");

  /**
   * The split a G1 detail line gives: young = eden + survivors, old = heap - young (at least 0),
   * each side read from the line's own sizes.
   */
  private static Split g1Split(Matcher m, boolean youngOnly) {
    long youngBefore = bytes(m.group(1)) + bytes(m.group(5));
    long youngAfter = bytes(m.group(3)) + bytes(m.group(6));
    return new Split(youngBefore, youngAfter, Math.max(0, bytes(m.group(7)) - youngBefore),
        Math.max(0, bytes(m.group(9)) - youngAfter), -1, youngOnly);
  }

  /**
   * The split of each pause {@link #jdk8} finds, in the same order: from the groups nested in it,
   * or for G1 from the {@code [Eden: …]} line that follows it (a full collection's too).
   */
  static List<Split> jdk8Splits(byte[] bytes) {
    List<Split> out = new ArrayList<>();
    List<String> groups = new ArrayList<>();
    String waiting = null; // a pause without a transition, waiting for its Eden line
    int fullWithoutSplit = -1; // a full collection with its transition but no split, until its Eden line
    for (String group : GcTruth.jdk8Events(bytes, groups)) {
      Matcher shenandoah = JDK8_SHENANDOAH.matcher(group);
      Matcher eden = G1_EDEN.matcher(group);
      Matcher split = G1_SPLIT.matcher(group);
      if (fullWithoutSplit >= 0 && split.find()) {
        out.set(fullWithoutSplit, g1Split(split, false));
        fullWithoutSplit = -1;
        continue;
      }
      if (shenandoah.find()) {
        waiting = null;
        fullWithoutSplit = -1;
        out.add(Split.NONE);
      } else if (JDK8_OPENING.matcher(group).find() && JDK8_SECS.matcher(group).find()) {
        Matcher t = JDK8_TRANSITION.matcher(group);
        waiting = null;
        fullWithoutSplit = -1;
        if (t.find()) {
          long[] a = {-1, -1, -1, -1, -1};
          Matcher k = MARKER.matcher(group);
          while (k.find()) {
            Matcher g = JDK8_SPACE.matcher(groups.get(Integer.parseInt(k.group(1))));
            if (g.find()) {
              String name = g.group(1);
              if (name.equals("Metaspace")) {
                a[4] = bytes(g.group(3));
              } else {
                int at = name.equals("PSYoungGen") || name.equals("ParNew")
                    || name.equals("DefNew") ? 0 : 2;
                a[at] = bytes(g.group(2));
                a[at + 1] = bytes(g.group(3));
              }
            }
          }
          Transition tr = new Transition(bytes(t.group(1)), bytes(t.group(2)), 0, false, -1);
          out.add(new Split(a[0], a[1], a[2], a[3], a[4], false)
              .completed(tr, !group.startsWith("Full GC")));
          if (group.startsWith("Full GC") && a[0] < 0 && a[2] < 0) {
            fullWithoutSplit = out.size() - 1;
          }
        } else {
          waiting = group;
        }
      } else if (waiting != null && eden.find()) {
        out.add(split.find() ? g1Split(split, !waiting.startsWith("Full GC")
            && !waiting.contains("(mixed)")) : Split.NONE);
        waiting = null;
      } else if (group.startsWith("Times: ") || JDK8_OPENING.matcher(group).find()) {
        waiting = null;
        fullWithoutSplit = -1;
      }
    }
    return out;
  }


  /** {@code 26M}, {@code 21.4M}, {@code 8441K} (a bare number: K, as JDK 6 prints) as bytes, rounded down. */
  static long bytes(String size) {
    char unit = size.charAt(size.length() - 1);
    long scale = switch (unit) {
      case 'B' -> 1L;
      case 'K' -> 1L << 10;
      case 'M' -> 1L << 20;
      case 'G' -> 1L << 30;
      case 'T' -> 1L << 40;
      default -> -1L;
    };
    String number = (scale < 0 ? size : size.substring(0, size.length() - 1)).replace(',', '.');
    return new BigDecimal(number).multiply(BigDecimal.valueOf(scale < 0 ? 1024 : scale))
        .setScale(0, RoundingMode.FLOOR).longValueExact();
  }

  /** The bytes allocated by the definition tardy states, computed over the transitions in order. */
  static long allocated(List<Transition> ts) {
    long sum = 0;
    for (int i = 1; i < ts.size(); i++) {
      sum += Math.max(0, ts.get(i).before() - ts.get(i - 1).after());
    }
    return sum;
  }

  /** What a test does with one GC log of the corpus. */
  interface CorpusLog {
    void check(String name, byte[] text, boolean unified) throws IOException;
  }

  /** Every GC log of the corpus (each member of an archive), HdrHistogram logs left out. */
  static void forEachGcLog(CorpusLog each) throws IOException {
    Path dir = Corpus.require("jvm");
    List<String> rows = Files.readAllLines(dir.resolve("INDEX.tsv"), StandardCharsets.UTF_8);
    for (String row : rows.subList(1, rows.size())) {
      String[] cols = row.split("\t");
      if (cols[0].startsWith("hlog/") || cols[5].startsWith("hlog")) {
        continue;
      }
      boolean unified = cols[5].startsWith("ul");
      for (Map.Entry<String, byte[]> text : texts(dir.resolve(cols[0])).entrySet()) {
        each.check(text.getKey(), text.getValue(), unified);
      }
    }
  }

  /** The file's text: gunzipped, or each member of a zip, keyed by name. */
  static Map<String, byte[]> texts(Path path) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    String name = path.toString();
    if (name.endsWith(".gz")) {
      try (InputStream in = new GZIPInputStream(Files.newInputStream(path))) {
        out.put(name, in.readAllBytes());
      }
    } else if (name.endsWith(".zip")) {
      try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(path))) {
        for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
          if (!e.isDirectory()) {
            out.put(name + "!" + e.getName(), zip.readAllBytes());
          }
        }
      }
    } else {
      out.put(name, Files.readAllBytes(path));
    }
    return out;
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }
}
