package tardy.record.grouping;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The rows a decided subtree holds, by the extension of the file each ends in: what decides
 * whether a prefix's files of one extension are one operation over its whole subtree ({@code
 * /static/{path}.png}, {@code /wp-content/uploads/{path}.jpg}) rather than a row per file or per
 * directory. One position's files are {@link PathTree}'s {@code foldFiles}; this is the same rule
 * for files spread over the directories below a prefix.
 */
final class SubtreeFiles {

  /** The rows of one extension: their requests, and where they lie. */
  private static final class Rows {
    final List<Long> requests = new ArrayList<>();
    final Set<PathTree> parents = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    final Set<String> branches = new TreeSet<>();
  }

  private final Map<String, Rows> byExtension = new TreeMap<>();
  private long pages; // rows that are not files: a section with pages is not a static directory

  private SubtreeFiles() {}

  /** The rows below a decided node, given by its decided positions ({@code value → node}). */
  static SubtreeFiles of(Map<String, PathTree> below) {
    SubtreeFiles rows = new SubtreeFiles();
    below.forEach((value, node) -> rows.add(value, value, node, null));
    return rows;
  }

  private void add(String branch, String value, PathTree node, PathTree parent) {
    Map<String, PathTree> below = node.decidedBelow();
    long ends = node.ends();
    if (ends > 0) {
      String extension = below.isEmpty() ? extensionOfRow(value) : null;
      if (extension == null) {
        pages++;
      } else {
        Rows rows = byExtension.computeIfAbsent(extension, x -> new Rows());
        rows.requests.add(ends);
        rows.parents.add(parent);
        rows.branches.add(branch);
      }
    }
    below.forEach((v, child) -> add(branch, v, child, node));
  }

  /** A file name's extension, or that of a position's folded file names ({@code {name}.pdf}). */
  private static String extensionOfRow(String value) {
    return value.startsWith(PathTree.FILE_NAME)
        ? value.substring(PathTree.FILE_NAME.length()) : PathTree.extensionOf(value);
  }

  /**
   * The extensions, other than {@code taken}, whose files fold over this subtree: at least
   * {@link PathTree#MIN_FILES} rows of them in two directories or more, not all down one branch
   * (a deeper prefix holds them all); and either half of them rare with at least two light
   * (under a tenth of their requests, and under ten), or a static directory's files (no page
   * below) with at least {@link PathTree#MIN_FILES} light: a page's images and styles, each as
   * often as the page. The light ones fold; a heavy file keeps its row.
   */
  Set<String> folding(Set<String> taken) {
    Set<String> out = new TreeSet<>();
    byExtension.forEach((extension, rows) -> {
      int n = rows.requests.size();
      if (taken.contains(extension) || n < PathTree.MIN_FILES || rows.parents.size() < 2
          || rows.branches.size() < 2) {
        return;
      }
      long total = rows.requests.stream().mapToLong(Long::longValue).sum();
      long heavy = Math.max(10, total / 10);
      long light = rows.requests.stream().filter(r -> r < heavy).count();
      long rare = rows.requests.stream().filter(r -> r <= PathTree.RARE).count();
      if (light >= 2 && rare * 2 >= n || pages == 0 && light >= PathTree.MIN_FILES) {
        out.add(extension);
      }
    });
    return out;
  }
}
