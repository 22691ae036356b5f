package tardy.formats.wrap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import tardy.events.Ascii;
import tardy.events.Match;
import tardy.events.Sample;

/** The known wrappers, and finding one around a sample's lines. */
public final class Wrappers {

  private static final List<Wrapper> ALL =
      List.of(new CriWrapper(), new DockerJsonWrapper(), new SyslogWrapper());

  private Wrappers() {}

  public static List<Wrapper> all() {
    return ALL;
  }

  public static Optional<Wrapper> byName(String name) {
    return ALL.stream().filter(w -> w.name().equals(name)).findFirst();
  }

  /** A sample's inner lines, and how many of its non-blank lines had the wrapper's envelope. */
  public record Unwrapped(Wrapper wrapper, Sample inner, Match match) {}

  /**
   * The wrapper around at least half of the sample's non-blank lines (the first on a tie), with
   * the sample unwrapped; empty when no wrapper is that common.
   */
  public static Optional<Unwrapped> detect(Sample sample) {
    Unwrapped best = null;
    for (Wrapper wrapper : ALL) {
      Unwrapped u = unwrap(wrapper, sample);
      if (u.match().atLeast(Match.SOLID) && (best == null || u.match().compareTo(best.match()) > 0)) {
        best = u;
      }
    }
    return Optional.ofNullable(best);
  }

  /** The inner lines of a sample, split lines joined, as the wrapper's parser would see them. */
  public static Unwrapped unwrap(Wrapper wrapper, Sample sample) {
    Unwrapper unwrapper = wrapper.newUnwrapper();
    List<byte[]> inner = new ArrayList<>();
    int wrapped = 0;
    int candidates = 0;
    for (byte[] line : sample.lines()) {
      if (Ascii.isBlank(line, 0, line.length)) {
        continue;
      }
      candidates++;
      var outcome = unwrapper.unwrap(line, 0, line.length);
      if (outcome == null) {
        wrapped++;
        inner.add(Arrays.copyOfRange(unwrapper.buf(), unwrapper.from(), unwrapper.to()));
      } else if (outcome.kind() != tardy.events.Outcome.Kind.MALFORMED) {
        wrapped++; // a part of a split line: wrapped, its text read with the rest
      }
    }
    return new Unwrapped(wrapper, new Sample(inner), Match.ofShare(wrapped, candidates));
  }
}
