package dev.reviewgate.xdiff;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.TreeFilter;
import org.eclipse.jgit.util.Paths;

/** The changed paths between two trees, in git's order (the order of a recursive tree walk). */
public final class TreeChanges {

  private static final int TREE = FileMode.TREE.getBits();

  private TreeChanges() {
  }

  /**
   * @param oldTree the old tree, or {@code null} for the empty tree (root commits)
   * @param paths   only these paths (files or folders); empty for all
   */
  public static List<FileChange> between(ObjectReader reader, ObjectId oldTree, ObjectId newTree, List<String> paths,
                                         CancelCheck cancellation) {
    if (!paths.isEmpty()) {
      return walked(reader, oldTree, newTree, paths, cancellation);
    }
    try {
      List<FileChange> changes = new ArrayList<>();
      new RawWalk(reader, cancellation, changes).trees(oldTree == null ? new byte[0] : tree(reader, oldTree),
        tree(reader, newTree), new byte[0]);
      return changes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The same list through JGit's {@link TreeWalk}, which also filters by path (and is what the raw walk must match). */
  static List<FileChange> walked(ObjectReader reader, ObjectId oldTree, ObjectId newTree, List<String> paths,
                                 CancelCheck cancellation) {
    try (TreeWalk walk = new TreeWalk(reader)) {
      walk.setRecursive(true);
      if (oldTree == null) {
        walk.addTree(new EmptyTreeIterator());
      } else {
        walk.addTree(new CanonicalTreeParser(null, reader, oldTree));
      }
      walk.addTree(new CanonicalTreeParser(null, reader, newTree));
      walk.setFilter(paths.isEmpty() ? TreeFilter.ANY_DIFF
        : AndTreeFilter.create(PathFilters.of(paths), TreeFilter.ANY_DIFF));
      List<FileChange> changes = new ArrayList<>();
      while (walk.next()) {
        cancellation.check();
        int oldMode = walk.getRawMode(0);
        int newMode = walk.getRawMode(1);
        changes.add(change(PathBytes.decode(walk.getRawPath()), oldMode, newMode, oldMode == 0 ? null : walk.getObjectId(0),
          newMode == 0 ? null : walk.getObjectId(1)));
      }
      return changes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static FileChange change(String path, int oldMode, int newMode, ObjectId oldId, ObjectId newId) {
    FileChange.Status status;
    if (oldMode == 0) {
      status = FileChange.Status.ADDED;
    } else if (newMode == 0) {
      status = FileChange.Status.DELETED;
    } else if ((oldMode & FileMode.TYPE_MASK) != (newMode & FileMode.TYPE_MASK)) {
      status = FileChange.Status.TYPE_CHANGED;
    } else {
      status = FileChange.Status.MODIFIED;
    }
    return new FileChange(status, status == FileChange.Status.ADDED ? null : path,
      status == FileChange.Status.DELETED ? null : path, oldMode, newMode, oldId, newId, 0);
  }

  private static byte[] tree(ObjectReader reader, ObjectId id) throws IOException {
    return reader.open(id, Constants.OBJ_TREE).getCachedBytes(); // as JGit's CanonicalTreeParser reads a tree
  }

  /**
   * Two trees compared on their raw bytes, entry by entry in git's order (names compared as unsigned bytes, a tree's
   * name as if it ended in '/'), the entries whose bytes (mode, name and id) are the same on both sides passed over
   * together, up to the first byte that differs. JGit's TreeWalk parsed, compared by path and copied each of them: a
   * sixth of a git.git first call, whose root tree has hundreds of entries and changes in one or two.
   */
  private static final class RawWalk {
    private final ObjectReader reader;
    private final CancelCheck cancellation;
    private final List<FileChange> out;

    RawWalk(ObjectReader reader, CancelCheck cancellation, List<FileChange> out) {
      this.reader = reader;
      this.cancellation = cancellation;
      this.out = out;
    }

    /** The changes between trees {@code a} and {@code b} (raw bytes) under {@code prefix} (empty, or ending in '/'). */
    void trees(byte[] a, byte[] b, byte[] prefix) throws IOException {
      int i = 0;
      int j = 0;
      while (i < a.length || j < b.length) {
        if (i < a.length && j < b.length) {
          // Every whole entry within the bytes both sides share from here is the same entry: one mismatch finds
          // them, and only this side's entries are measured to pass over them.
          int same = Arrays.mismatch(a, i, a.length, b, j, b.length);
          int shared = same < 0 ? a.length - i : same;
          int k = i;
          while (k < a.length) {
            int end = entryEnd(a, k);
            if (end - i > shared) {
              break;
            }
            k = end;
          }
          j += k - i;
          i = k;
          if (i >= a.length && j >= b.length) {
            break;
          }
        }
        int endA = i < a.length ? entryEnd(a, i) : i;
        int endB = j < b.length ? entryEnd(b, j) : j;
        int order = i >= a.length ? 1 : j >= b.length ? -1 : compare(a, i, b, j);
        if (order < 0) {
          one(a, i, prefix, true);
          i = endA;
        } else if (order > 0) {
          one(b, j, prefix, false);
          j = endB;
        } else {
          both(a, i, b, j, prefix);
          i = endA;
          j = endB;
        }
      }
    }

    /** An entry on one side only: a file added or deleted, or every file of a tree. */
    private void one(byte[] tree, int at, byte[] prefix, boolean old) throws IOException {
      int mode = mode(tree, at);
      int nameEnd = nameEnd(tree, at);
      byte[] path = path(prefix, tree, nameStart(tree, at), nameEnd);
      ObjectId id = ObjectId.fromRaw(tree, nameEnd + 1);
      if (mode == TREE) {
        byte[] inner = tree(reader, id);
        byte[] none = new byte[0];
        trees(old ? inner : none, old ? none : inner, withSlash(path));
        return;
      }
      cancellation.check();
      String name = pathString(path);
      out.add(old ? change(name, mode, 0, id, null) : change(name, 0, mode, null, id));
    }

    /** An entry of the same name and kind (both trees, or neither) on both sides whose bytes differ. */
    private void both(byte[] a, int i, byte[] b, int j, byte[] prefix) throws IOException {
      int oldMode = mode(a, i);
      int newMode = mode(b, j);
      int nameEnd = nameEnd(a, i);
      int otherNameEnd = nameEnd(b, j);
      boolean sameId = Arrays.equals(a, nameEnd + 1, nameEnd + 1 + Constants.OBJECT_ID_LENGTH,
        b, otherNameEnd + 1, otherNameEnd + 1 + Constants.OBJECT_ID_LENGTH);
      if (sameId && oldMode == newMode) {
        return; // the same entry written differently (a mode with a leading zero): no change, as for JGit's walk
      }
      byte[] path = path(prefix, a, nameStart(a, i), nameEnd);
      if (oldMode == TREE && newMode == TREE) {
        trees(tree(reader, ObjectId.fromRaw(a, nameEnd + 1)), tree(reader, ObjectId.fromRaw(b, otherNameEnd + 1)),
          withSlash(path));
        return;
      }
      cancellation.check();
      out.add(change(pathString(path), oldMode, newMode,
        ObjectId.fromRaw(a, nameEnd + 1), ObjectId.fromRaw(b, otherNameEnd + 1)));
    }

    /** A path's bytes as text that gives them back ({@link PathBytes}): a name need not be UTF-8. */
    private static String pathString(byte[] path) {
      return PathBytes.decode(path);
    }

    private static byte[] path(byte[] prefix, byte[] tree, int from, int to) {
      byte[] path = Arrays.copyOf(prefix, prefix.length + to - from);
      System.arraycopy(tree, from, path, prefix.length, to - from);
      return path;
    }

    private static byte[] withSlash(byte[] path) {
      byte[] folder = Arrays.copyOf(path, path.length + 1);
      folder[path.length] = '/';
      return folder;
    }
  }

  /** An entry's mode: octal digits up to the space, as JGit's tree parser reads them. */
  static int mode(byte[] tree, int at) {
    int mode = 0;
    for (int k = at; tree[k] != ' '; k++) {
      mode = (mode << 3) + (tree[k] - '0');
    }
    return mode;
  }

  static int nameStart(byte[] tree, int at) {
    int k = at;
    while (tree[k] != ' ') {
      k++;
    }
    return k + 1;
  }

  /** The offset of the NUL that ends the entry's name; its id's 20 bytes follow. */
  static int nameEnd(byte[] tree, int at) {
    int k = nameStart(tree, at);
    while (tree[k] != 0) {
      k++;
    }
    return k;
  }

  static int entryEnd(byte[] tree, int at) {
    return nameEnd(tree, at) + 1 + Constants.OBJECT_ID_LENGTH;
  }

  /** git's base_name_compare of two entries' names (a tree's as if it ended in '/'), as JGit's tree walk orders them. */
  static int compare(byte[] a, int i, byte[] b, int j) {
    return Paths.compare(a, nameStart(a, i), nameEnd(a, i), mode(a, i), b, nameStart(b, j), nameEnd(b, j), mode(b, j));
  }
}
