package tardy.run.live;

import tardy.analysis.Analyzer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tardy.analysis.Analysis;
import tardy.events.Corpus;
import tardy.events.input.InputException;
import tardy.events.input.LineReader;

/**
 * Every real log of the corpus (decompressed), written into a followed file in twenty pieces cut
 * anywhere, gives what the batch run of the whole file gives: the same groups, percentiles, findings and
 * accounting of every line.
 */
class FollowCorpusTest {

  private static final long SECOND = 1_000_000_000L;

  @TempDir Path dir;

  private static List<Path> logs(Path corpus) throws IOException {
    List<Path> logs = new ArrayList<>();
    for (String row : Files.readAllLines(corpus.resolve("INDEX.tsv")).subList(1,
        Files.readAllLines(corpus.resolve("INDEX.tsv")).size())) {
      Path log = corpus.resolve(row.split("\t")[0]);
      if (Files.isRegularFile(log)) {
        logs.add(log);
      }
    }
    return logs;
  }

  @Test
  void everyCorpusLogFollowedInPiecesGivesTheBatchNumbers() throws Exception {
    List<Path> logs = new ArrayList<>(logs(Corpus.require("jvm")));
    logs.addAll(logs(Corpus.require("access")));
    int compared = 0;
    for (Path source : logs) {
      byte[] all; // a compressed log as it was written, before its rotation compressed it
      try (var in = tardy.events.input.Input.file(source).open()) {
        all = in.readAllBytes();
      } catch (InputException e) {
        continue; // a compression tardy does not read
      }
      Path log = dir.resolve(compared + "-" + source.getFileName().toString().replace(".gz", ""));
      Analysis batch;
      Files.write(log, all);
      try {
        batch = FollowTest.batch(log);
      } catch (InputException e) {
        continue; // not a log tardy reads: the live run says the same (below, for one)
      }
      Files.write(log, new byte[0]);
      ScriptedTicker ticker = new ScriptedTicker();
      int piece = all.length / 20 + 1;
      for (int at = 0; at < all.length; at += piece) {
        int from = at;
        ticker.then(() -> Files.write(log, Arrays.copyOfRange(all, from,
            Math.min(all.length, from + piece)), StandardOpenOption.APPEND));
      }
      List<Follow.Snapshot> shown = new ArrayList<>();
      new Follow(FileTail.open(log), new Follow.Settings(SECOND, 3600 * SECOND, SECOND / 10,
          LineReader.DEFAULT_MAX_LINE_BYTES, Optional.empty()), FollowTest::raw, ticker,
          ticker::done, shown::add).run();
      String[] live = FollowTest.numbers(Analyzer.analyze("t", shown.get(shown.size() - 1).sinceStart()))
          .split("\n");
      String[] whole = FollowTest.numbers(batch).split("\n");
      for (int i = 0; i < Math.max(live.length, whole.length); i++) { // the first line that differs
        assertThat(i < live.length ? live[i] : "").as(source + " line " + i)
            .isEqualTo(i < whole.length ? whole[i] : "");
      }
      compared++;
    }
    assertThat(compared).as("corpus logs compared").isGreaterThan(200);
  }
}
