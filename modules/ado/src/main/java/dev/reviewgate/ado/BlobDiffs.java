package dev.reviewgate.ado;

import dev.reviewgate.xdiff.Abbreviator;
import dev.reviewgate.xdiff.Blobs;
import dev.reviewgate.xdiff.ContentSource;
import dev.reviewgate.xdiff.FileChange;
import dev.reviewgate.xdiff.PatchBytes;
import dev.reviewgate.xdiff.PatchWriter;
import dev.reviewgate.xdiff.Renames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.jgit.diff.HistogramDiff;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;

/**
 * The git diff of Azure DevOps changes, written from the two blobs of each change by the project's port of git's diff
 * (module {@code xdiff}): the same headers, histogram hunks, hunk headings and binary rules as {@code git diff
 * --histogram}. What the API cannot tell is assumed as git's common case and documented: files are mode 100644
 * (the API has no modes), there are no {@code .gitattributes} rules, and {@code index} lines abbreviate to 7 digits.
 * A rename Azure DevOps reports is kept as one only when git would find the pair similar enough (50%).
 */
final class BlobDiffs {

  /** One change's diff: the bytes git writes and their line counts. */
  record Written(byte[] bytes, int additions, int deletions) {
  }

  private static final int RENAME_THRESHOLD = 50;
  private static final int ABBREV = 7;

  private BlobDiffs() {
  }

  /**
   * Whether Azure DevOps sent the ids this change's diff is written from ({@code item.objectId}, and
   * {@code item.originalObjectId} unless the file was added; either for a delete): REST 7.1 marks neither required.
   */
  static boolean hasIds(AdoChange change) {
    ObjectId newId = id(change.objectId());
    ObjectId oldId = id(change.originalObjectId());
    if (change.types().contains("delete")) {
      return oldId != null || newId != null;
    }
    return newId != null && (oldId != null || change.types().contains("add"));
  }

  /** The blob ids a change needs (neither side of a submodule is a blob). */
  static Set<ObjectId> blobsOf(AdoChange change) {
    Set<ObjectId> ids = new TreeSet<>();
    if (!change.isSubmodule()) {
      for (FileChange side : fileChanges(change)) {
        if (side.oldId() != null) {
          ids.add(side.oldId());
        }
        if (side.newId() != null) {
          ids.add(side.newId());
        }
      }
    }
    return ids;
  }

  /**
   * @param fetched blob id → its bytes (null when over the size limit)
   * @param sizes   blob id → its size, for blobs not fetched
   */
  static Written write(AdoChange change, Map<ObjectId, byte[]> fetched, Map<ObjectId, Long> sizes, int maxBlobBytes,
                       int contextLines) {
    Blobs blobs = new Blobs(ContentSource.fetched(fetched, sizes), maxBlobBytes);
    List<FileChange> changes = fileChanges(change);
    if (changes.size() == 2) {
      changes = new Renames(blobs, RENAME_THRESHOLD, 1000).detect(changes);
    }
    PatchWriter writer = new PatchWriter(blobs, Abbreviator.fixed(ABBREV), new HistogramDiff(), contextLines);
    PatchBytes out = new PatchBytes();
    int additions = 0;
    int deletions = 0;
    for (FileChange fileChange : changes) {
      PatchWriter.Stats stats = writer.write(fileChange, out);
      additions += stats.additions();
      deletions += stats.deletions();
    }
    return new Written(out.toByteArray(), additions, deletions);
  }

  /** The change in git's terms; a rename is a deletion and a creation until rename detection pairs them. */
  static List<FileChange> fileChanges(AdoChange change) {
    int mode = change.isSubmodule() ? FileMode.GITLINK.getBits() : FileMode.REGULAR_FILE.getBits();
    ObjectId newId = id(change.objectId());
    ObjectId oldId = id(change.originalObjectId());
    String path = change.path();
    String original = change.originalPath() != null ? change.originalPath() : path;
    List<FileChange> list = new ArrayList<>();
    if (change.types().contains("delete")) {
      list.add(new FileChange(FileChange.Status.DELETED, original, null, mode, 0, oldId != null ? oldId : newId, null, 0));
    } else if (change.types().contains("add") || oldId == null) {
      list.add(new FileChange(FileChange.Status.ADDED, null, path, 0, mode, null, newId, 0));
    } else if (change.types().contains("rename") && !original.equals(path)) {
      list.add(new FileChange(FileChange.Status.DELETED, original, null, mode, 0, oldId, null, 0));
      list.add(new FileChange(FileChange.Status.ADDED, null, path, 0, mode, null, newId, 0));
    } else {
      list.add(new FileChange(FileChange.Status.MODIFIED, path, path, mode, mode, oldId, newId, 0));
    }
    return list;
  }

  private static ObjectId id(String hex) {
    return hex != null && ObjectId.isId(hex) && !hex.equals(ObjectId.zeroId().name()) ? ObjectId.fromString(hex) : null;
  }
}
