package dev.reviewgate.gitlab;

import dev.reviewgate.xdiff.Abbreviator;
import dev.reviewgate.xdiff.Blobs;
import dev.reviewgate.xdiff.ContentSource;
import dev.reviewgate.xdiff.FileChange;
import dev.reviewgate.xdiff.PatchBytes;
import dev.reviewgate.xdiff.PatchWriter;
import dev.reviewgate.xdiff.Renames;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.diff.HistogramDiff;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;

/**
 * The git diff of one merge request change, written from the two versions of the file by the project's port of git's
 * diff (module {@code xdiff}): the same headers, histogram hunks, hunk headings and binary rules as {@code git diff
 * -M --histogram}. The blob ids of the index line are computed from the contents (git's object id of a blob), the
 * modes are GitLab's {@code a_mode}/{@code b_mode}; what the API cannot tell is git's common case: no
 * {@code .gitattributes} rules, {@code index} lines abbreviated to 7 digits. A rename GitLab reports stays one only
 * when git would find the pair similar enough (50%). The only class of this module that uses {@code xdiff}.
 */
final class FileDiffWriter {

  /** One change's diff: git's text and its line counts. */
  record Written(String text, int additions, int deletions, boolean binary) {
  }

  private static final int RENAME_THRESHOLD = 50;
  private static final int ABBREV = 7;

  private FileDiffWriter() {
  }

  /**
   * @param oldBytes the file before (null when it does not exist on that side)
   * @param newBytes the file after (null when deleted)
   */
  static Written write(MergeRequestChange change, byte[] oldBytes, byte[] newBytes, int maxBlobBytes, int contextLines) {
    ObjectInserter.Formatter hasher = new ObjectInserter.Formatter();
    ObjectId oldId = oldBytes == null ? null : hasher.idFor(Constants.OBJ_BLOB, oldBytes);
    ObjectId newId = newBytes == null ? null : hasher.idFor(Constants.OBJ_BLOB, newBytes);
    Map<ObjectId, byte[]> fetched = new HashMap<>();
    Map<ObjectId, Long> sizes = new HashMap<>();
    remember(oldId, oldBytes, maxBlobBytes, fetched, sizes);
    remember(newId, newBytes, maxBlobBytes, fetched, sizes);
    Blobs blobs = new Blobs(ContentSource.fetched(fetched, sizes), maxBlobBytes);
    int oldMode = change.oldMode() != 0 ? change.oldMode() : FileMode.REGULAR_FILE.getBits();
    int newMode = change.newMode() != 0 ? change.newMode() : FileMode.REGULAR_FILE.getBits();
    List<FileChange> changes;
    if (oldId == null) {
      changes = List.of(new FileChange(FileChange.Status.ADDED, null, change.newPath(), 0, newMode, null, newId, 0));
    } else if (newId == null) {
      changes = List.of(new FileChange(FileChange.Status.DELETED, change.oldPath(), null, oldMode, 0, oldId, null, 0));
    } else if (change.originalPath() != null) {
      changes = new Renames(blobs, RENAME_THRESHOLD, 1000).detect(List.of(
        new FileChange(FileChange.Status.DELETED, change.oldPath(), null, oldMode, 0, oldId, null, 0),
        new FileChange(FileChange.Status.ADDED, null, change.newPath(), 0, newMode, null, newId, 0)));
    } else {
      changes = List.of(new FileChange(FileChange.Status.MODIFIED, change.newPath(), change.newPath(), oldMode, newMode, oldId,
        newId, 0));
    }
    PatchWriter writer = new PatchWriter(blobs, Abbreviator.fixed(ABBREV), new HistogramDiff(), contextLines);
    PatchBytes out = new PatchBytes();
    int additions = 0;
    int deletions = 0;
    boolean binary = false;
    for (FileChange fileChange : changes) {
      PatchWriter.Stats stats = writer.write(fileChange, out);
      additions += stats.additions();
      deletions += stats.deletions();
      binary |= stats.binary();
    }
    return new Written(out.takeUtf8(), additions, deletions, binary);
  }

  private static void remember(ObjectId id, byte[] bytes, int max, Map<ObjectId, byte[]> fetched, Map<ObjectId, Long> sizes) {
    if (id == null) {
      return;
    }
    if (bytes.length > max) {
      sizes.put(id, (long) bytes.length);
    } else {
      fetched.put(id, bytes);
    }
  }
}
