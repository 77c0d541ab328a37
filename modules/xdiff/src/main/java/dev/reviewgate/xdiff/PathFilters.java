package dev.reviewgate.xdiff;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.lib.AnyObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.OrTreeFilter;
import org.eclipse.jgit.treewalk.filter.PathFilterGroup;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * Tree walks limited to paths given as {@link PathBytes} strings: JGit's own filters encode a name as UTF-8, which
 * cannot name a file whose bytes are not, so such a name is matched on its bytes here, as JGit's {@code PathFilter}
 * matches (a file, or a folder and everything under it).
 */
public final class PathFilters {

  private PathFilters() {
  }

  /** A filter passing {@code paths} (files or folders) and what they hold; JGit's group when every name is UTF-8. */
  public static TreeFilter of(List<String> paths) {
    if (paths.stream().noneMatch(PathBytes::hasEscapes)) {
      return PathFilterGroup.createFromStrings(paths);
    }
    List<TreeFilter> each = new ArrayList<>();
    for (String path : paths) {
      each.add(new RawPath(PathBytes.encode(path)));
    }
    return each.size() == 1 ? each.get(0) : OrTreeFilter.create(each);
  }

  /** As {@link TreeWalk#forPath(ObjectReader, String, AnyObjectId...)} for any name: the entry at {@code path}, or null. */
  public static TreeWalk forPath(ObjectReader reader, String path, AnyObjectId tree) throws IOException {
    if (!PathBytes.hasEscapes(path)) {
      return TreeWalk.forPath(reader, path, tree);
    }
    RawPath filter = new RawPath(PathBytes.encode(path));
    TreeWalk walk = new TreeWalk(reader);
    walk.setFilter(filter);
    walk.reset(tree);
    walk.setRecursive(false);
    while (walk.next()) {
      if (filter.isDone(walk)) {
        return walk;
      }
      if (walk.isSubtree()) {
        walk.enterSubtree();
      }
    }
    walk.close();
    return null;
  }

  /** One path's bytes: the entry itself, the folders on the way to it, and what is under it. */
  private static final class RawPath extends TreeFilter {
    private final byte[] path;

    RawPath(byte[] path) {
      this.path = path;
    }

    @Override
    public boolean include(TreeWalk walker) {
      return matchFilter(walker) <= 0;
    }

    @Override
    public int matchFilter(TreeWalk walker) {
      return walker.isPathMatch(path, path.length);
    }

    boolean isDone(TreeWalk walker) {
      return path.length == walker.getPathLength();
    }

    @Override
    public boolean shouldBeRecursive() {
      for (byte b : path) {
        if (b == '/') {
          return true;
        }
      }
      return false;
    }

    @Override
    public TreeFilter clone() {
      return this;
    }
  }
}
