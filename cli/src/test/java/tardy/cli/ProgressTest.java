package tardy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressTest {

  @Test
  void saysBytesOfTheTotalTheRateAndTheTimeLeft() {
    long second = 1_000_000_000L;
    assertThat(Progress.line(300L << 20, 1200L << 20, 2 * second))
        .isEqualTo("reading 300 MiB of 1.17 GiB (25%), 150 MiB/s, 6 s left");
    assertThat(Progress.line(5L << 20, -1, second)).isEqualTo("reading 5.00 MiB, 5.00 MiB/s");
    assertThat(Progress.line(101, 100, 3 * second / 2)).isEqualTo("read 100 B in 2 s; finishing");
    assertThat(Progress.size(1023)).isEqualTo("1023 B");
    assertThat(Progress.size(1536)).isEqualTo("1.50 KiB");
  }

  @Test
  void showsNothingForAShortRunAndErasesItselfAfterALongOne() throws Exception {
    ByteArrayOutputStream quick = new ByteArrayOutputStream();
    AtomicLong bytes = new AtomicLong();
    Progress fast = Progress.start(new PrintStream(quick, true, StandardCharsets.UTF_8), 100,
        bytes::get, System::nanoTime);
    bytes.set(100);
    fast.close();
    assertThat(quick.size()).isZero();

    ByteArrayOutputStream slow = new ByteArrayOutputStream();
    Progress running = Progress.start(new PrintStream(slow, true, StandardCharsets.UTF_8), 100,
        bytes::get, System::nanoTime);
    Thread.sleep(Progress.QUIET_MILLIS + 500);
    running.close();
    String shown = slow.toString(StandardCharsets.UTF_8);
    assertThat(shown).startsWith("\rread").contains("100 B").endsWith("\r\u001b[K");
  }

  @Test
  void neverInAPipeWithNoColorOrQuiet() {
    Streams pipe = new Streams(System.in, new ByteArrayOutputStream(),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), Map.of(), () -> false);
    assertThat(Progress.start(pipe, List.of(), false)).isSameAs(Progress.NONE);
    Streams noColor = new Streams(System.in, System.out, System.err, Map.of("NO_COLOR", "1"), () -> true);
    assertThat(Progress.start(noColor, List.of(), false)).isSameAs(Progress.NONE);
    Streams own = new Streams(System.in, System.out, System.err, Map.of(), () -> true);
    assertThat(Progress.start(own, List.of(), true)).isSameAs(Progress.NONE);
  }
}
