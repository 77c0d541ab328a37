package dev.reviewgate.git;

import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.xdiff.FileChange;
import java.util.ArrayList;
import java.util.List;

/**
 * Changed files as the diff engine's file diffs without headers or hunks, for {@code files_only} with
 * {@code counts: false}: the engine then selects, pages and lists them as it does a parsed diff, while no file's
 * content was read. Each file gets the paths, change type, modes and similarity the engine's parser finds in the text
 * git would write for it ({@link GitReader#count} keeps the same classification for the counted path), so the list
 * equals what {@code files_only} gives for that text, minus the counts.
 */
final class ListedFiles {

  private ListedFiles() {
  }

  static Diff of(List<FileChange> changes) {
    List<FileDiff> files = new ArrayList<>(changes.size());
    for (FileChange change : changes) {
      switch (change.status()) {
        case ADDED -> files.add(file(null, change.newPath(), ChangeType.ADDED, 0, change.newMode(), null));
        case DELETED -> files.add(file(change.oldPath(), null, ChangeType.DELETED, change.oldMode(), 0, null));
        case RENAMED -> files.add(file(change.oldPath(), change.newPath(), ChangeType.RENAMED, change.oldMode(),
          change.newMode(), change.similarity()));
        // git writes a type change (file to symlink, say) as a deletion and a creation of the same path
        case TYPE_CHANGED -> {
          files.add(file(change.oldPath(), null, ChangeType.DELETED, change.oldMode(), 0, null));
          files.add(file(null, change.newPath(), ChangeType.ADDED, 0, change.newMode(), null));
        }
        case MODIFIED -> files.add(file(change.oldPath(), change.newPath(),
          change.oldMode() != change.newMode() && change.oldId().equals(change.newId()) ? ChangeType.MODE_CHANGED
            : ChangeType.MODIFIED, change.oldMode(), change.newMode(), null));
      }
    }
    return new Diff(files, ByteSlice.EMPTY);
  }

  /** @param oldMode raw git mode bits, 0 for a side that does not exist (as {@code newMode}) */
  private static FileDiff file(String oldPath, String newPath, ChangeType type, int oldMode, int newMode, Integer similarity) {
    return new FileDiff(ByteSlice.EMPTY, ByteSlice.EMPTY, List.of(), oldPath, newPath, type, mode(oldMode), mode(newMode),
      similarity, null, false, ByteSlice.EMPTY, List.of(), 0, 0, false);
  }

  private static String mode(int mode) {
    return mode == 0 ? null : FileChange.octalMode(mode);
  }
}
