package dev.reviewgate.github;

import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * One file a pull request (or a pinned comparison) changes, with its line counts, as GitHub's files and compare APIs
 * list it.
 *
 * @param previousPath the path before a rename, else null
 * @param changes      GitHub's count of changed lines (a binary file's is 0)
 * @param patch        the file's hunks as GitHub gives them, null for a binary or very large file
 */
record PullRequestFile(String path, String previousPath, int additions, int deletions, int changes, String status,
                       String patch) {

  static PullRequestFile from(JsonObject file) {
    return new PullRequestFile(file.getString("filename"), file.getString("previous_filename"), file.getInteger("additions", 0),
      file.getInteger("deletions", 0), file.getInteger("changes", 0), file.getString("status"), file.getString("patch"));
  }

  /** Whether {@code paths} names this file by its path or its previous one; every file when {@code paths} is null. */
  boolean namedBy(List<String> paths) {
    return paths == null || paths.contains(path) || (previousPath != null && paths.contains(previousPath));
  }

  /** The files of a diff and what the caller should know about the list (caps, how it was compared). */
  record Listing(List<PullRequestFile> files, List<String> warnings) {
  }
}
