package tardy.events;

import java.util.Objects;

/**
 * What one line turned out to be. Reasons are constants that each format declares once, so
 * returning one allocates nothing and a new format never edits a shared list.
 */
public final class Outcome {

  /** The three kinds of line; every line is exactly one. */
  public enum Kind {
    PARSED,
    IGNORED,
    MALFORMED
  }

  public static final Outcome PARSED = new Outcome(Kind.PARSED, "parsed");
  public static final Outcome EMPTY_LINE = ignored("empty line");

  private final Kind kind;
  private final String reason;
  private final int unparsed;

  private Outcome(Kind kind, String reason) {
    this.kind = kind;
    this.reason = Objects.requireNonNull(reason);
    this.unparsed = kind == Kind.PARSED ? 0 : 1;
  }

  /** A line of the log that carries no latency, such as a GC detail line. */
  public static Outcome ignored(String reason) {
    return new Outcome(Kind.IGNORED, reason);
  }

  /** A line that should have carried a latency but could not be read. */
  public static Outcome malformed(String reason) {
    return new Outcome(Kind.MALFORMED, reason);
  }

  public Kind kind() {
    return kind;
  }

  public String reason() {
    return reason;
  }

  public boolean isParsed() {
    return kind == Kind.PARSED;
  }

  /** 0 when parsed, else 1: for a per-line test with no branch of its own ({@link RareBranch}). */
  public int unparsed() {
    return unparsed;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Outcome other && kind == other.kind && reason.equals(other.reason);
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + reason.hashCode();
  }

  @Override
  public String toString() {
    return kind.name().toLowerCase(java.util.Locale.ROOT) + ": " + reason;
  }
}
