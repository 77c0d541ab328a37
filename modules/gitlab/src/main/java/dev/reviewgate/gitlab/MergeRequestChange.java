package dev.reviewgate.gitlab;

import dev.reviewgate.forge.diff.ChangedFile;
import dev.reviewgate.forge.json.Fields;

/**
 * One file of a merge request version's diffs, in the forge-neutral words of a change set. GitLab names both paths
 * on every entry (a new file's {@code old_path} is its {@code new_path}); {@code too_large}, {@code collapsed} and
 * {@code generated_file} only say how GitLab would show it: reviewgate diffs every file from its blobs anyway. A path
 * is what a change cannot do without; the flags and modes count as false and unknown (0) when GitLab leaves them out
 * (older GitLab sends no {@code generated_file}).
 *
 * @param oldMode the mode GitLab reports for the old side ({@code 100644}, {@code 100755}, {@code 120000}, {@code 160000}), or 0
 */
record MergeRequestChange(String oldPath, String newPath, boolean added, boolean renamed, boolean deleted, int oldMode,
                          int newMode, boolean tooLarge, boolean collapsed, boolean generated) {

  static MergeRequestChange from(Fields json) {
    String newPath = json.optString("new_path");
    String oldPath = json.optString("old_path", newPath);
    if (oldPath == null) {
      throw json.missing("new_path", "a string");
    }
    return new MergeRequestChange(oldPath, newPath != null ? newPath : oldPath, json.bool("new_file", false),
      json.bool("renamed_file", false), json.bool("deleted_file", false), mode(json.optString("a_mode")),
      mode(json.optString("b_mode")), json.bool("too_large", false), json.bool("collapsed", false),
      json.bool("generated_file", false));
  }

  /** The path people name the change by: the new path, or the old one of a deleted file. */
  String path() {
    return deleted ? oldPath : newPath;
  }

  /** The original path of a rename, else null. */
  String originalPath() {
    return renamed && !oldPath.equals(newPath) ? oldPath : null;
  }

  /** add, delete, rename or edit. */
  String changeType() {
    return added ? "add" : deleted ? "delete" : originalPath() != null ? "rename" : "edit";
  }

  boolean submodule() {
    return oldMode == ChangedFile.SUBMODULE || newMode == ChangedFile.SUBMODULE;
  }

  /**
   * The change in the forge pipeline's words, between {@code base} and {@code head}: each side is the file at its
   * commit (GitLab's raw file endpoint; its blob id is that of its content), with GitLab's modes.
   */
  ChangedFile file(String base, String head) {
    if (added) {
      return ChangedFile.added(newPath, newMode, ChangedFile.BlobRef.file(newPath, head));
    }
    if (deleted) {
      return ChangedFile.deleted(oldPath, oldMode, ChangedFile.BlobRef.file(oldPath, base));
    }
    boolean renamed = originalPath() != null;
    return new ChangedFile(renamed ? ChangedFile.Kind.RENAMED : ChangedFile.Kind.MODIFIED, renamed ? oldPath : newPath,
      newPath, oldMode, newMode, ChangedFile.BlobRef.file(oldPath, base), ChangedFile.BlobRef.file(newPath, head));
  }

  private static int mode(String octal) {
    if (octal == null || octal.isBlank()) {
      return 0;
    }
    try {
      return Integer.parseInt(octal.strip(), 8);
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
