package dev.reviewgate.forge.diff;

import java.util.Objects;
import org.eclipse.jgit.lib.ObjectId;

/**
 * One file of a pull request's change set, in the words every forge maps its change list onto: what happened, the
 * paths and modes on each side, and where each side's content comes from. A side that does not exist (the old one of
 * an added file, the new one of a deleted file) has a null path and blob.
 *
 * @param oldPath the path the patch names before (null when added); for a modified file the new path
 * @param newPath the path after (null when deleted)
 * @param oldMode the mode before, 0 when the forge does not say (then a regular file, git's common case)
 * @param oldBlob where the old side's content comes from, null when the forge sent nothing to fetch it by
 */
public record ChangedFile(Kind kind, String oldPath, String newPath, int oldMode, int newMode, BlobRef oldBlob,
                          BlobRef newBlob) {

  /** What happened to the file; a rename git would not pair is written as a deletion and a creation. */
  public enum Kind { ADDED, DELETED, MODIFIED, RENAMED }

  /**
   * Where one side's content comes from: a blob the forge names by its id (Azure DevOps), fetched by that id and
   * written under it, or a file at a commit (GitLab's raw file endpoint), whose id is that of its content.
   */
  public record BlobRef(ObjectId id, String path, String commit) {

    public static BlobRef blob(ObjectId id) {
      return new BlobRef(Objects.requireNonNull(id), null, null);
    }

    /**
     * The blob a forge names by its hex id; null when it named none: no id, not an id, or git's all-zero id (which
     * stands for "no blob" on that side).
     */
    public static BlobRef blob(String hex) {
      return hex != null && ObjectId.isId(hex) && !hex.equals(ObjectId.zeroId().name()) ? blob(ObjectId.fromString(hex)) : null;
    }

    public static BlobRef file(String path, String commit) {
      return new BlobRef(null, Objects.requireNonNull(path), Objects.requireNonNull(commit));
    }
  }

  /** git's mode of a submodule: the tree holds a commit, not a blob. */
  public static final int SUBMODULE = 0160000;

  public static ChangedFile added(String path, int mode, BlobRef blob) {
    return new ChangedFile(Kind.ADDED, null, path, 0, mode, null, blob);
  }

  public static ChangedFile deleted(String path, int mode, BlobRef blob) {
    return new ChangedFile(Kind.DELETED, path, null, mode, 0, blob, null);
  }

  /** The path people name the change by: the new path, or the old one of a deleted file. */
  public String path() {
    return newPath != null ? newPath : oldPath;
  }

  public boolean submodule() {
    return oldMode == SUBMODULE || newMode == SUBMODULE;
  }

  /** Whether the forge sent what each existing side is fetched or named by. */
  boolean hasBlobs() {
    return (kind == Kind.ADDED || oldBlob != null) && (kind == Kind.DELETED || newBlob != null);
  }

  /** Whether the patch can be written from blob ids alone: a submodule's sides are commits, never fetched. */
  boolean namedByIds() {
    return (oldBlob == null || oldBlob.id() != null) && (newBlob == null || newBlob.id() != null);
  }
}
