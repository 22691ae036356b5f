package tardy.events;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PauseEventTest {

  /** The kind's hash is worked out once per kind, and never outlives the kind it was made from. */
  @Test
  void kindHashFollowsTheKind() {
    byte[] line = Ascii.bytes("xx Cleanup G1CollectForAllocation");
    PauseEvent e = new PauseEvent().kind(line, 3, 10);
    assertThat(e.kindHash()).isEqualTo(Ascii.hash(Ascii.bytes("Cleanup"), 0, 7));
    e.kind(line, 11, line.length);
    assertThat(e.kindHash()).isEqualTo(Ascii.hash(Ascii.bytes("G1CollectForAllocation"), 0, 22));
    e.reset();
    assertThat(e.kindHash()).isEqualTo(Ascii.hash(line, 0, 0));
    assertThat(Ascii.hash(line, 3, 10)).isNotEqualTo(Ascii.hash(line, 11, line.length));
  }
}
