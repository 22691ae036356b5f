package tardy.record.exemplar;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@link #KEPT} slowest requests of one group, in {@link Exemplar#SLOWEST_FIRST} order, as a
 * min-heap whose root is the fastest kept: a request no slower than it is never looked at twice
 * ({@link #floorNanos}), so the common request costs one comparison.
 */
public final class Slowest {

  /** How many of a group's slowest requests are kept. */
  public static final int KEPT = 5;

  private final Exemplar[] heap = new Exemplar[KEPT]; // heap[0]: the last in SLOWEST_FIRST order
  private int size;

  /**
   * The time a request must exceed to be kept: -1 until {@link #KEPT} are kept. Within a part,
   * lines come in order, so a later request as slow as the fastest kept loses the tie.
   */
  public long floorNanos() {
    return size < KEPT ? -1 : heap[0].nanos();
  }

  /** Keeps the request if it is among the slowest so far. */
  public void offer(Exemplar e) {
    if (size < KEPT) {
      heap[size] = e;
      up(size++);
    } else if (Exemplar.SLOWEST_FIRST.compare(e, heap[0]) < 0) {
      heap[0] = e;
      down(0);
    }
  }

  /** Adds the slowest of another part, whose places move by these shifts. */
  public void addLater(Slowest later, int inputShift, long lineShift) {
    for (int i = 0; i < later.size; i++) {
      offer(later.heap[i].shifted(inputShift, lineShift));
    }
  }

  /** Adds the slowest of another group of the same part (a group folded into another). */
  public void add(Slowest other) {
    addLater(other, 0, 0);
  }

  /** The kept requests, slowest first. */
  public List<Exemplar> slowestFirst() {
    List<Exemplar> out = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      out.add(heap[i]);
    }
    out.sort(Exemplar.SLOWEST_FIRST);
    return out;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** Whether {@code a} comes after {@code b} in SLOWEST_FIRST order: the heap's "less". */
  private static boolean faster(Exemplar a, Exemplar b) {
    return Exemplar.SLOWEST_FIRST.compare(a, b) > 0;
  }

  private void up(int i) {
    while (i > 0) {
      int parent = (i - 1) / 2;
      if (!faster(heap[i], heap[parent])) {
        return;
      }
      swap(i, parent);
      i = parent;
    }
  }

  private void down(int i) {
    while (true) {
      int l = 2 * i + 1;
      int r = l + 1;
      int least = i;
      if (l < size && faster(heap[l], heap[least])) {
        least = l;
      }
      if (r < size && faster(heap[r], heap[least])) {
        least = r;
      }
      if (least == i) {
        return;
      }
      swap(i, least);
      i = least;
    }
  }

  private void swap(int a, int b) {
    Exemplar t = heap[a];
    heap[a] = heap[b];
    heap[b] = t;
  }

  void write(java.io.DataOutput out) throws java.io.IOException {
    List<Exemplar> all = slowestFirst();
    out.writeInt(all.size());
    for (Exemplar e : all) {
      e.write(out);
    }
  }

  static Slowest read(java.io.DataInput in) throws java.io.IOException {
    Slowest s = new Slowest();
    for (int n = in.readInt(); n > 0; n--) {
      s.offer(Exemplar.read(in));
    }
    return s;
  }
}
