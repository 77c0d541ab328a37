package dev.reviewgate.forge.diff;

import dev.reviewgate.diff.build.DiffBuilder;
import dev.reviewgate.xdiff.Abbreviator;
import dev.reviewgate.xdiff.Blobs;
import dev.reviewgate.xdiff.ContentSource;
import dev.reviewgate.xdiff.FileChange;
import dev.reviewgate.xdiff.PatchWriter;
import dev.reviewgate.xdiff.Renames;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.diff.HistogramDiff;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;

/**
 * A change's patch written from its two fetched blobs by the project's port of git's diff (module {@code xdiff})
 * straight into the diff model ({@link DiffBuilder}): the same headers, histogram hunks, hunk headings and binary
 * rules as {@code git diff -M --histogram}, and no text parsed. What a forge's API cannot tell is git's common case:
 * a mode the forge does not report is 100644 (Azure DevOps reports none, GitLab its {@code a_mode}/{@code b_mode}),
 * there are no {@code .gitattributes} rules, {@code index} lines abbreviate to 7 digits. A rename the forge reports
 * stays one only when git would find the pair similar enough (50%).
 */
final class BlobPatches {

  private static final int RENAME_THRESHOLD = 50;
  private static final int RENAME_LIMIT = 1000;
  private static final int ABBREV = 7;

  private final Blobs blobs;
  private final int contextLines;

  /**
   * @param contents blob id → its bytes, for every blob fetched within {@code maxBlobBytes}
   * @param sizes    blob id → its size, for blobs over it (git shows those as binary)
   */
  BlobPatches(Map<ObjectId, byte[]> contents, Map<ObjectId, Long> sizes, int maxBlobBytes, int contextLines) {
    this.blobs = new Blobs(ContentSource.fetched(contents, sizes), maxBlobBytes);
    this.contextLines = contextLines;
  }

  /** @param ids the ids of the blobs fetched by path, computed from their content */
  ChangeDiff write(ChangedFile change, Map<ChangedFile.BlobRef, ObjectId> ids) {
    ObjectId oldId = id(change.oldBlob(), ids);
    ObjectId newId = id(change.newBlob(), ids);
    int oldMode = mode(change.oldMode());
    int newMode = mode(change.newMode());
    FileChange gone = new FileChange(FileChange.Status.DELETED, change.oldPath(), null, oldMode, 0, oldId, null, 0);
    FileChange created = new FileChange(FileChange.Status.ADDED, null, change.newPath(), 0, newMode, null, newId, 0);
    List<FileChange> changes = switch (change.kind()) {
      case ADDED -> List.of(created);
      case DELETED -> List.of(gone);
      case RENAMED -> new Renames(blobs, RENAME_THRESHOLD, RENAME_LIMIT).detect(List.of(gone, created));
      case MODIFIED -> List.of(new FileChange(FileChange.Status.MODIFIED, change.newPath(), change.newPath(), oldMode,
        newMode, oldId, newId, 0));
    };
    PatchWriter writer = new PatchWriter(blobs, Abbreviator.fixed(ABBREV), new HistogramDiff(), contextLines);
    DiffBuilder builder = new DiffBuilder();
    int additions = 0;
    int deletions = 0;
    boolean binary = false;
    for (FileChange fileChange : changes) {
      PatchWriter.Stats stats = builder.write(writer, fileChange);
      additions += stats.additions();
      deletions += stats.deletions();
      binary |= stats.binary();
    }
    return new ChangeDiff(builder.files(), additions, deletions, binary);
  }

  private static ObjectId id(ChangedFile.BlobRef ref, Map<ChangedFile.BlobRef, ObjectId> ids) {
    return ref == null ? null : ref.id() != null ? ref.id() : ids.get(ref);
  }

  private static int mode(int reported) {
    return reported != 0 ? reported : FileMode.REGULAR_FILE.getBits();
  }
}
