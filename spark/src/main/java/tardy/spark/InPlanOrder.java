package tardy.spark;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.broadcast.Broadcast;
import scala.Tuple2;
import tardy.classify.Result;
import tardy.classify.ResultCodec;
import tardy.cli.SpecRecipe;

/**
 * Adds encoded results in the plan's order with a tree: each level adds runs of up to
 * {@link #FAN_IN} neighbours on the cluster, so the Spark driver receives one result, not one per
 * part. Spark's own tree reductions do not keep an order; {@link Result#addLater} is
 * associative but needs one.
 */
final class InPlanOrder {

  /** Neighbours one task adds: few levels, and no task holds many results at once. */
  static final int FAN_IN = 8;

  private InPlanOrder() {}

  /**
   * @param parts each part's result, keyed by its place in the plan (0 to count - 1)
   * @return the encoded sum of every part, in key order
   */
  static byte[] add(JavaPairRDD<Integer, byte[]> parts, int count,
      Broadcast<SpecRecipe> recipe) {
    JavaPairRDD<Integer, byte[]> level = parts;
    for (int n = count; n > 1; n = (n + FAN_IN - 1) / FAN_IN) {
      int groups = (n + FAN_IN - 1) / FAN_IN;
      level = level
          .mapToPair(part -> new Tuple2<>(part._1 / FAN_IN, part))
          .groupByKey(groups)
          .mapValues(run -> addInOrder(run, recipe.value()));
    }
    List<Tuple2<Integer, byte[]>> last = level.collect();
    if (last.size() != 1) {
      throw new IllegalStateException(last.size() + " results after adding, not 1");
    }
    return last.get(0)._2;
  }

  /** Neighbouring results added in their order, encoded again. */
  private static byte[] addInOrder(Iterable<Tuple2<Integer, byte[]>> run, SpecRecipe recipe) {
    List<Tuple2<Integer, byte[]>> sorted = new ArrayList<>();
    run.forEach(sorted::add);
    sorted.sort(Comparator.comparing(Tuple2::_1));
    Result.Spec spec = recipe.spec();
    Result sum = null;
    for (Tuple2<Integer, byte[]> part : sorted) {
      Result next = ResultCodec.decode(part._2, spec);
      sum = sum == null ? next : sum.addLater(next);
    }
    return ResultCodec.encode(sum);
  }
}
