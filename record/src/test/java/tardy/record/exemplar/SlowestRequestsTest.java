package tardy.record.exemplar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Past {@link SlowestRequests#MAX_PLAIN_GROUPS} names the log brings, their slowest share one
 * pool: what is kept stays bounded, the total and the pinned or expected groups stay exact against a plain
 * sort, and the result is the same however the lines are split.
 */
class SlowestRequestsTest {

  private static final int GROUPS = SlowestRequests.MAX_PLAIN_GROUPS + 500;

  record Request(String group, Exemplar e) {}

  /** One request per plain group, and some for the user's own group "op". */
  private static List<Request> requests() {
    Random random = new Random(7);
    List<Request> out = new ArrayList<>();
    for (int line = 1; line <= GROUPS + 300; line++) {
      String group = line % 37 == 0 ? "op" : "/p/" + line;
      out.add(new Request(group, new Exemplar(random.nextInt(1000) * 1_000L, 0, line, 0, 200,
          "id-" + line)));
    }
    return out;
  }

  private static SlowestRequests recorded(List<Request> part) {
    SlowestRequests s = new SlowestRequests(name -> !name.equals("op"));
    for (Request r : part) {
      s.of(r.group()).offer(r.e());
    }
    return s;
  }

  private static List<Exemplar> truth(List<Request> all, java.util.function.Predicate<String> in) {
    return all.stream().filter(r -> in.test(r.group())).map(Request::e)
        .sorted(Comparator.comparingLong((Exemplar e) -> -e.nanos())
            .thenComparingLong(Exemplar::line))
        .limit(Slowest.KEPT).toList();
  }

  @Test
  void pastTheBoundThePlainGroupsShareOnePoolAndTheTotalStaysExact() {
    List<Request> all = requests();
    SlowestRequests s = recorded(all);
    assertThat(s.pooled()).isTrue();
    assertThat(s.rows()).containsOnlyKeys("op"); // no plain group keeps its own any more
    assertThat(s.all().slowestFirst()).isEqualTo(truth(all, g -> true));

    // only the user's group is a row: (other) holds every plain group, exactly
    Map<String, Slowest> rows = s.as(Set.of("op"), "(other)").rows();
    assertThat(rows.get("op").slowestFirst()).isEqualTo(truth(all, g -> g.equals("op")));
    assertThat(rows.get("(other)").slowestFirst()).isEqualTo(truth(all, g -> !g.equals("op")));

    // a plain row lost its own: neither it nor (other) claims a list it cannot know
    SlowestRequests shown = s.as(Set.of("op", "/p/1"), "(other)");
    assertThat(shown.rows()).containsOnlyKeys("op");
    assertThat(shown.all().slowestFirst()).isEqualTo(truth(all, g -> true));
  }

  @Test
  void underTheBoundEachGroupKeepsItsOwn() {
    List<Request> all = requests().subList(0, 2000);
    SlowestRequests s = recorded(all);
    assertThat(s.pooled()).isFalse();
    assertThat(s.rows().get("/p/5").slowestFirst()).isEqualTo(truth(all, g -> g.equals("/p/5")));
  }

  @Test
  void splitInPartsNeitherOfWhichIsPastTheBoundTheWholeStillPoolsAlike() throws Exception {
    List<Request> all = requests();
    int half = all.size() / 2;
    SlowestRequests first = recorded(all.subList(0, half));
    SlowestRequests second = recorded(all.subList(half, all.size()));
    assertThat(first.pooled()).isFalse();
    assertThat(second.pooled()).isFalse();
    first.addLater(second, 0, 0, name -> name);
    SlowestRequests whole = recorded(all);
    assertThat(first.pooled()).isTrue();
    assertThat(encoded(first)).isEqualTo(encoded(whole));
    assertThat(encoded(first.as(Set.of("op"), "(other)")))
        .isEqualTo(encoded(whole.as(Set.of("op"), "(other)")));
  }

  @Test
  void whatIsWrittenIsReadBack() throws Exception {
    SlowestRequests s = recorded(requests());
    SlowestRequests back = new SlowestRequests(name -> !name.equals("op"));
    byte[] bytes = encoded(s);
    back.read(new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes)));
    assertThat(encoded(back)).isEqualTo(bytes);
    assertThat(back.all().slowestFirst()).isEqualTo(s.all().slowestFirst());
  }

  private static byte[] encoded(SlowestRequests s) throws java.io.IOException {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    s.write(new java.io.DataOutputStream(bytes));
    return bytes.toByteArray();
  }
}
