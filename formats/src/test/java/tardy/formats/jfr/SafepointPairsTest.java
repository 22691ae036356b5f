package tardy.formats.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tardy.events.Times;

/**
 * A safepoint's begin and its VM operation paired by safepoint id whatever their order in the
 * recording: JFR writes thread buffers, not events in time order.
 */
class SafepointPairsTest {

  private static final int SAFEPOINTS = 50;

  /** Safepoint i takes 1,000 + i ns to reach and runs its operation for 10,000 + i ns. */
  private static long reaching(long id) {
    return 1_000 + id;
  }

  private static SafepointPairs.Operation op(long id) {
    return new SafepointPairs.Operation("G1CollectForAllocation", 10_000 + id, id, id);
  }

  /** safepoint id (its operation's record) -> the time to safepoint it was handed on with. */
  private static Map<Long, Long> pair(boolean beginsFirst, boolean interleaved) {
    Map<Long, Long> got = new TreeMap<>();
    SafepointPairs pairs = new SafepointPairs((o, r) -> got.merge(o.record(), r, (a, b) -> {
      throw new AssertionError("operation " + o.record() + " handed on twice");
    }));
    List<Runnable> begins = new ArrayList<>();
    List<Runnable> operations = new ArrayList<>();
    for (long id = 1; id <= SAFEPOINTS; id++) {
      long i = id;
      begins.add(() -> pairs.begin(i, reaching(i)));
      operations.add(() -> pairs.operation(i, op(i)));
    }
    List<Runnable> first = beginsFirst ? begins : operations;
    List<Runnable> then = beginsFirst ? operations : begins;
    List<Runnable> events = new ArrayList<>();
    if (interleaved) { // each pair in one order
      for (int i = 0; i < SAFEPOINTS; i++) {
        events.add(first.get(i));
        events.add(then.get(i));
      }
    } else { // all of one type, then all of the other: as a later thread buffer written first
      events.addAll(first);
      events.addAll(then);
    }
    events.forEach(Runnable::run);
    pairs.flushAll();
    return got;
  }

  private static Map<Long, Long> expected() {
    Map<Long, Long> want = new TreeMap<>();
    for (long id = 1; id <= SAFEPOINTS; id++) {
      want.put(id, reaching(id));
    }
    return want;
  }

  @Test
  void aBeginReadBeforeItsOperationIsItsTimeToSafepoint() {
    assertThat(pair(true, true)).isEqualTo(expected());
    assertThat(pair(true, false)).isEqualTo(expected());
  }

  @Test
  void aBeginReadAfterItsOperationIsItsTimeToSafepointAsWell() {
    assertThat(pair(false, true)).isEqualTo(expected());
    assertThat(pair(false, false)).isEqualTo(expected());
  }

  @Test
  void anOperationWhoseBeginIsNotRecordedIsHandedOnWithoutOneOnceTheReadingEnds() {
    List<Long> got = new ArrayList<>();
    SafepointPairs pairs = new SafepointPairs((o, r) -> got.add(r));
    pairs.operation(7, op(7));
    pairs.begin(8, reaching(8)); // another safepoint's
    assertThat(got).isEmpty();
    pairs.flushAll();
    assertThat(got).containsExactly(Times.NONE);
  }

  @Test
  void waitingIsBoundedAndEveryOperationIsHandedOnOnce() {
    List<Long> records = new ArrayList<>();
    SafepointPairs pairs = new SafepointPairs((o, r) -> records.add(o.record()));
    int n = SafepointPairs.KEPT * 3;
    for (long id = 0; id < n; id++) {
      pairs.operation(id, op(id)); // no begins recorded at all (default settings: from 10 ms)
    }
    assertThat(records).hasSize(n - SafepointPairs.KEPT); // the eldest handed on, not held
    pairs.flushAll();
    assertThat(records).hasSize(n).doesNotHaveDuplicates();
  }
}
