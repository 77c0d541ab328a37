package dev.reviewgate.xdiff;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.PathFilterGroup;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/** The changed paths between two trees, in git's order (the order of a recursive tree walk). */
public final class TreeChanges {

  private TreeChanges() {
  }

  /**
   * @param oldTree the old tree, or {@code null} for the empty tree (root commits)
   * @param paths   only these paths (files or folders); empty for all
   */
  public static List<FileChange> between(ObjectReader reader, ObjectId oldTree, ObjectId newTree, List<String> paths,
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
        : AndTreeFilter.create(PathFilterGroup.createFromStrings(paths), TreeFilter.ANY_DIFF));
      List<FileChange> changes = new ArrayList<>();
      while (walk.next()) {
        cancellation.check();
        int oldMode = walk.getRawMode(0);
        int newMode = walk.getRawMode(1);
        String path = walk.getPathString();
        ObjectId oldId = oldMode == 0 ? null : walk.getObjectId(0);
        ObjectId newId = newMode == 0 ? null : walk.getObjectId(1);
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
        changes.add(new FileChange(status, status == FileChange.Status.ADDED ? null : path,
          status == FileChange.Status.DELETED ? null : path, oldMode, newMode, oldId, newId, 0));
      }
      return changes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
