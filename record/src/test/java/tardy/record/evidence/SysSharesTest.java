package tardy.record.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tardy.events.Ascii;
import tardy.events.Family;
import tardy.events.PauseEvent;

/**
 * GC pauses kept by their share of sys in user + sys: the kernel-time evidence over any whole
 * percentage is that of the pauses a plain filter finds above it (count, time, worst five), at the
 * edges (exactly p % is not above p %), after adding parts and after an encoding.
 */
class SysSharesTest {

  private static final long MS = 1_000_000;

  private record Pause(long line, long nanos, long user, long sys) {}

  @Test
  void aShareExactlyAtTheThresholdIsNotAboveIt() {
    assertThat(SysShares.bucket(60 * MS, 60 * MS)).isEqualTo(49); // 50 %: not above 50 %
    assertThat(SysShares.bucket(59 * MS, 61 * MS)).isEqualTo(50); // 50.8 %: above 50 %
    assertThat(SysShares.bucket(0, 70 * MS)).isEqualTo(99); // 100 %
    assertThat(SysShares.bucket(99 * MS, 1 * MS)).isZero(); // 1 %: above 0 %, not above 1 %
  }

  @Test
  void theEvidenceOverAShareIsThePausesAboveItWholeOrInParts() throws IOException {
    Random random = new Random(42);
    List<Pause> pauses = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      long user = random.nextInt(40) * 10 * MS; // logs' 10 ms resolution: many equal shares
      long sys = random.nextInt(40) * 10 * MS;
      pauses.add(new Pause(i + 1, (1 + random.nextInt(50)) * 10 * MS, user, sys));
    }
    PauseEvidence whole = read(pauses, 0, pauses.size(), true);
    PauseEvidence parts = read(pauses, 0, 137, true);
    parts.addLater(read(pauses, 137, 290, false));
    parts.addLater(read(pauses, 290, pauses.size(), false));
    PauseEvidence decoded = new PauseEvidence();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    parts.write(new DataOutputStream(bytes));
    decoded.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    for (int percent : new int[] {0, 1, 25, 49, 50, 51, 66, 75, 90, 99}) {
      List<Pause> truth = pauses.stream()
          .filter(p -> p.sys >= 50 * MS && p.sys * 100 > percent * (p.user + p.sys))
          .sorted(Comparator.comparingLong(Pause::nanos).reversed()
              .thenComparingLong(Pause::line))
          .toList();
      for (PauseEvidence e : List.of(whole, parts, decoded)) {
        Evidence ev = e.sysShares().over(percent);
        assertThat(ev.count()).as("at %d%%", percent).isEqualTo(truth.size());
        assertThat(ev.nanos()).isEqualTo(truth.stream().mapToLong(Pause::nanos).sum());
        assertThat(ev.worst().stream().map(Instance::line).toList())
            .isEqualTo(truth.stream().limit(5).map(Pause::line).toList());
      }
    }
    assertThat(whole.evidence()).noneMatch(ev -> ev.signature() == Signature.KERNEL_TIME);
  }

  /**
   * Pauses {@code from} to {@code to} of one input, as a part reads them: its lines counted from
   * 1 where it starts.
   */
  private static PauseEvidence read(List<Pause> pauses, int from, int to, boolean start) {
    PauseEvidence out = new PauseEvidence();
    long offset = start ? 0 : pauses.get(from).line - 1;
    long[] line = {pauses.get(from).line - offset};
    out.reading(new tardy.events.LinePosition() {
      @Override
      public long line() {
        return line[0];
      }

      @Override
      public boolean startOfInput() {
        return start;
      }
    });
    byte[] kind = Ascii.bytes("Pause Young (Allocation Failure)");
    PauseEvent e = new PauseEvent();
    for (int i = from; i < to; i++) {
      Pause p = pauses.get(i);
      line[0] = p.line - offset;
      e.reset().family(Family.GC_PAUSE).kind(kind, 0, kind.length).totalNanos(p.nanos)
          .uptimeMillis(p.line * 100).cpuNanos(p.user, p.sys, p.nanos);
      out.pause(e);
    }
    line[0] = (to < pauses.size() ? pauses.get(to).line : pauses.size() + 1) - offset;
    return out;
  }
}
