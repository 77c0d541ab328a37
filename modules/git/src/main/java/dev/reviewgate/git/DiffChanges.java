package dev.reviewgate.git;

import dev.reviewgate.xdiff.Blobs;
import dev.reviewgate.xdiff.DiffAttributes;
import dev.reviewgate.xdiff.FileChange;
import dev.reviewgate.xdiff.Renames;
import dev.reviewgate.xdiff.RepoDiffConfig;
import java.util.List;

/**
 * The changed paths as the two trees list them, the rename detection to run on them (null when the repository
 * turns it off), and the blobs and attributes they are compared with.
 */
record DiffChanges(List<FileChange> changes, Renames renames, Blobs blobs, DiffAttributes attributes,
                   RepoDiffConfig config) {

  /** The changed paths after rename detection; it runs on the caller's thread. */
  List<FileChange> renamed() {
    return renames == null ? changes : renames.detect(changes);
  }
}
