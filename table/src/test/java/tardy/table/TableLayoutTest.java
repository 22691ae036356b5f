package tardy.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.JulianFields;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.events.Family;
import tardy.record.table.TableRow;

/**
 * The table's own spelling: partition directories as Spark spells them, INT96 times as Spark
 * writes them (checked against java.time's Julian day), and rows written and read back whole:
 * nulls, intervals, histograms' bytes.
 */
class TableLayoutTest {

  @TempDir Path dir;

  @Test
  void partitionValuesAreSparksDirectoryNames() {
    assertThat(PartitionDirs.dir("host", "web-07")).isEqualTo("host=web-07");
    assertThat(PartitionDirs.dir("path", "a/b:c=d%")).isEqualTo("path=a%2Fb%3Ac%3Dd%25");
    assertThat(PartitionDirs.dir("host", null)).isEqualTo("host=__HIVE_DEFAULT_PARTITION__");
    for (String v : List.of("web-07", "a/b:c=d%", "x y", "é{}[]^", "100%")) {
      assertThat(PartitionDirs.unescape(PartitionDirs.escape(v))).isEqualTo(v);
    }
    assertThat(PartitionDirs.unescape(PartitionDirs.NULL)).isNull();
  }

  @Test
  void int96IsTheJulianDayAndTheNanosecondOfTheDay() {
    long at = Instant.parse("2026-11-27T13:45:10.123Z").toEpochMilli();
    byte[] b = TableWriter.int96(at).getBytes();
    long nanosOfDay = 0;
    for (int i = 7; i >= 0; i--) {
      nanosOfDay = nanosOfDay << 8 | (b[i] & 0xff);
    }
    int day = (b[8] & 0xff) | (b[9] & 0xff) << 8 | (b[10] & 0xff) << 16 | (b[11] & 0xff) << 24;
    assertThat((long) day).isEqualTo(LocalDate.of(2026, 11, 27).getLong(JulianFields.JULIAN_DAY));
    assertThat(nanosOfDay).isEqualTo(((13 * 60 + 45) * 60 + 10) * 1_000_000_000L + 123_000_000L);
    assertThat(TableWriter.millisOfInt96(b)).isEqualTo(at);
    long before1970 = LocalDate.of(1969, 12, 31).atStartOfDay(ZoneOffset.UTC).toInstant()
        .toEpochMilli() + 5;
    assertThat(TableWriter.millisOfInt96(TableWriter.int96(before1970).getBytes()))
        .isEqualTo(before1970);
  }

  private static byte[] hdr(long... values) {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    for (long v : values) {
      h.recordValue(v);
    }
    java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buf);
    return Arrays.copyOf(buf.array(), n);
  }

  @Test
  void rowsAreReadBackAsWritten() throws Exception {
    long hour = Instant.parse("2026-11-27T10:00:00Z").toEpochMilli();
    List<TableRow> rows = new ArrayList<>();
    rows.add(new TableRow(List.of("2026-11-27", "web-07"), Family.REQUEST, "GET /a", 0, 0, 2,
        5, 5, 9, 9, 9, 9, 14, hdr(5, 9)));
    rows.add(new TableRow(List.of("2026-11-27", "web-07"), Family.GC_PAUSE, "Pause Young", hour,
        3_600_000, 1, TableRow.NO_MIN, 7, 7, 7, 7, 7, TableRow.NO_SUM, hdr(7)));
    rows.add(new TableRow(Arrays.asList("2026-11-28", null), Family.REQUEST, "GET /a", 0, 0, 1,
        3, 3, 3, 3, 3, 3, 3, hdr(3)));
    Path table = dir.resolve("t");
    assertThat(TableWriter.write(table, List.of("dt", "host"), rows)).isEqualTo(2);
    assertThat(Files.exists(table.resolve("dt=2026-11-28/host=__HIVE_DEFAULT_PARTITION__")))
        .isTrue();
    TableReader.Read read = TableReader.read(table, List.of());
    assertThat(read.columns()).containsExactly("dt", "host");
    assertThat(read.rows()).containsExactlyInAnyOrderElementsOf(rows);
    assertThat(TableReader.read(table, List.of(new Where("family", "gc-pause"))).rows())
        .containsExactly(rows.get(1));
    assertThatThrownBy(() -> TableReader.read(table, List.of(new Where("dt", "2026-11-29"))))
        .isInstanceOf(TableException.class)
        .hasMessage("no rows match --where dt=2026-11-29 in " + table
            + "; columns: dt, host, family, name; dt has 2026-11-27, 2026-11-28");
    Path notEmpty = Files.createDirectories(dir.resolve("mine"));
    Files.writeString(notEmpty.resolve("notes.txt"), "x");
    assertThatThrownBy(() -> TableWriter.write(notEmpty, List.of(), rows))
        .isInstanceOf(TableException.class).hasMessageContaining("not a histogram table");
    assertThat(Files.readString(notEmpty.resolve("notes.txt"))).isEqualTo("x");
  }

  @Test
  void objectiveCountsAreReadBackAsWrittenAndTheirVersionIsTwo() throws Exception {
    tardy.record.objective.MinuteCounts counts = new tardy.record.objective.MinuteCounts();
    counts.record(Instant.parse("2026-11-27T10:00:05Z").toEpochMilli(), true);
    counts.record(Instant.parse("2026-11-27T10:03:05Z").toEpochMilli(), false);
    counts.unplaced();
    long end = Instant.parse("2026-11-27T10:09:00Z").toEpochMilli();
    List<TableRow> rows = new ArrayList<>();
    rows.add(new TableRow(List.of("web-07"), Family.REQUEST, "Orders", 0, 0, 3, 5, 5, 9, 9, 9,
        9, 23, hdr(5, 9, 9)).withObjective(tardy.record.table.TableObjective.of(
            "slower than 8ns", counts, end)));
    rows.add(new TableRow(List.of("web-07"), Family.REQUEST, "GET /b", 0, 0, 1, 3, 3, 3, 3, 3,
        3, 3, hdr(3)).withObjective(tardy.record.table.TableObjective.endOnly(end)));
    rows.add(new TableRow(List.of("web-07"), Family.GC_PAUSE, "Pause Young", 0, 0, 1, 7, 7, 7,
        7, 7, 7, 7, hdr(7)));
    Path table = dir.resolve("slo");
    TableWriter.write(table, List.of("host"), rows);
    assertThat(TableReader.read(table, List.of()).rows()).containsExactlyInAnyOrderElementsOf(rows);
    Path file = table.resolve("host=web-07").resolve(TableWriter.FILE);
    String bytes = new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
    assertThat(bytes).contains("\"tardy_table_version\":2").contains("\"slo_minutes\"");
    // without objectives: version 1, no objective column, as every table before them
    Path plain = dir.resolve("plain");
    TableWriter.write(plain, List.of("host"), List.of(rows.get(2)));
    String old = new String(Files.readAllBytes(plain.resolve("host=web-07")
        .resolve(TableWriter.FILE)), java.nio.charset.StandardCharsets.ISO_8859_1);
    assertThat(old).contains("\"tardy_table_version\":1").doesNotContain("slo");
  }
}
