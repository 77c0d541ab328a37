package dev.reviewgate.gitlab;

import io.vertx.core.json.JsonObject;

/**
 * One file of a merge request version's diffs, in the forge-neutral words of a change set. GitLab names both paths
 * on every entry (a new file's {@code old_path} is its {@code new_path}); {@code too_large}, {@code collapsed} and
 * {@code generated_file} only say how GitLab would show it: reviewgate diffs every file from its blobs anyway.
 *
 * @param oldMode the mode GitLab reports for the old side ({@code 100644}, {@code 100755}, {@code 120000}, {@code 160000}), or 0
 */
record MergeRequestChange(String oldPath, String newPath, boolean added, boolean renamed, boolean deleted, int oldMode,
                          int newMode, boolean tooLarge, boolean collapsed, boolean generated) {

  static MergeRequestChange from(JsonObject json) {
    String newPath = json.getString("new_path");
    String oldPath = json.getString("old_path", newPath);
    return new MergeRequestChange(oldPath, newPath != null ? newPath : oldPath, json.getBoolean("new_file", false),
      json.getBoolean("renamed_file", false), json.getBoolean("deleted_file", false), mode(json.getString("a_mode")),
      mode(json.getString("b_mode")), json.getBoolean("too_large", false), json.getBoolean("collapsed", false),
      json.getBoolean("generated_file", false));
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
    return oldMode == 0160000 || newMode == 0160000;
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
