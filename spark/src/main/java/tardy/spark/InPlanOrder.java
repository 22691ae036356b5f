package tardy.spark;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.broadcast.Broadcast;
import scala.Tuple2;
import tardy.record.Result;
import tardy.run.SpecRecipe;

/**
 * Adds encoded results in the plan's order with a tree: each level adds runs of up to
 * {@link #FAN_IN} neighbours on the cluster, so the Spark driver receives one result, not one per
 * part. Spark's own tree reductions do not keep an order; {@link Result#addLater} is
 * associative but needs one. A part that failed stops the parts after it, as in the batch run:
 * the sum is the first error in plan order.
 */
final class InPlanOrder {

  /** Neighbours one task adds: few levels, and no task holds many results at once. */
  static final int FAN_IN = 8;

  private InPlanOrder() {}

  /**
   * @param parts each part's result, keyed by its place in the plan (0 to count - 1)
   * @return the sum of every part, in key order
   */
  static Parsed add(JavaPairRDD<Integer, Parsed> parts, int count,
      Broadcast<SpecRecipe> recipe) {
    JavaPairRDD<Integer, Parsed> level = parts;
    for (int n = count; n > 1; n = (n + FAN_IN - 1) / FAN_IN) {
      int groups = (n + FAN_IN - 1) / FAN_IN;
      level = level
          .mapToPair(part -> new Tuple2<>(part._1 / FAN_IN, part))
          .groupByKey(groups)
          .mapValues(run -> addInOrder(run, recipe.value()));
    }
    List<Tuple2<Integer, Parsed>> last = level.collect();
    if (last.size() != 1) {
      throw new IllegalStateException(last.size() + " results after adding, not 1");
    }
    return last.get(0)._2;
  }

  /** Neighbouring results added in their order, encoded again; or the first one that failed. */
  private static Parsed addInOrder(Iterable<Tuple2<Integer, Parsed>> run, SpecRecipe recipe) {
    List<Tuple2<Integer, Parsed>> sorted = new ArrayList<>();
    run.forEach(sorted::add);
    sorted.sort(Comparator.comparing(Tuple2::_1));
    Result.Spec spec = recipe.spec();
    Result sum = null;
    for (Tuple2<Integer, Parsed> part : sorted) {
      if (part._2.failed()) {
        return part._2;
      }
      Result next = part._2.result(spec);
      sum = sum == null ? next : sum.addLater(next);
    }
    return Parsed.of(sum);
  }
}
