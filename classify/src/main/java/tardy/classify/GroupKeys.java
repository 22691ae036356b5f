package tardy.classify;

import tardy.parse.Ascii;
import tardy.parse.PauseEvent;
import tardy.parse.RequestEvent;

/**
 * Names the group of each event through a {@link Grouping}, asking it once per distinct raw key:
 * "METHOD path" as logged (query dropped) or the pause kind. One instance per thread.
 */
public final class GroupKeys {

  private final Grouping grouping;
  private final RawKeyCache<String> cache = new RawKeyCache<>();
  private byte[] scratch = new byte[256];

  public GroupKeys(Grouping grouping) {
    this.grouping = grouping;
  }

  /** The group of a request; {@link Grouping#INVALID_REQUEST} when it is not well formed. */
  public String request(RequestEvent e) {
    if (!e.wellFormed()) {
      return Grouping.INVALID_REQUEST;
    }
    byte[] b = e.buf();
    int pathTo = Ascii.indexOf(b, e.targetFrom(), e.targetTo(), (byte) '?');
    if (pathTo < 0) {
      pathTo = e.targetTo();
    }
    int methodLen = e.methodTo() - e.methodFrom();
    int pathLen = pathTo - e.targetFrom();
    int len = methodLen + 1 + pathLen;
    if (scratch.length < len) {
      scratch = new byte[Math.max(len, scratch.length * 2)];
    }
    System.arraycopy(b, e.methodFrom(), scratch, 0, methodLen);
    scratch[methodLen] = ' ';
    System.arraycopy(b, e.targetFrom(), scratch, methodLen + 1, pathLen);
    int hash = RawKeyCache.hash(scratch, 0, len);
    String name = cache.get(scratch, 0, len, hash);
    if (name == null) {
      String method = Ascii.text(scratch, 0, methodLen);
      String path = Ascii.text(scratch, methodLen + 1, len);
      name = grouping.requestGroup(method, path);
      cache.put(scratch, 0, len, hash, name);
    }
    return name;
  }

  /** The group of a pause; {@link Grouping#UNNAMED_PAUSE} when the log names no operation. */
  public String pause(PauseEvent e) {
    if (!e.hasKind()) {
      return Grouping.UNNAMED_PAUSE;
    }
    byte[] b = e.kindBuf();
    int hash = RawKeyCache.hash(b, e.kindFrom(), e.kindTo());
    String name = cache.get(b, e.kindFrom(), e.kindTo(), hash);
    if (name == null) {
      name = grouping.pauseGroup(Ascii.text(b, e.kindFrom(), e.kindTo()));
      cache.put(b, e.kindFrom(), e.kindTo(), hash, name);
    }
    return name;
  }
}
