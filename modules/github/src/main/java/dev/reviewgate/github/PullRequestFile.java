package dev.reviewgate.github;

import dev.reviewgate.forge.json.Fields;
import java.util.ArrayList;
import java.util.List;

/**
 * One file a pull request (or a pinned comparison) changes, with its line counts, as GitHub's files and compare APIs
 * list it.
 *
 * <p>Read as GitHub's {@code diff-entry}: only {@code filename} is needed; the counts and {@code status} are null
 * when GitHub leaves them out, {@code previous_filename} and {@code patch} are optional.
 *
 * @param previousPath the path before a rename, else null
 * @param changes      GitHub's count of changed lines (a binary file's is 0)
 * @param patch        the file's hunks as GitHub gives them, null for a binary or very large file
 */
record PullRequestFile(String path, String previousPath, Integer additions, Integer deletions, Integer changes, String status,
                       String patch) {

  static PullRequestFile from(Fields file) {
    return new PullRequestFile(file.string("filename"), file.optString("previous_filename"), file.optInt("additions"),
      file.optInt("deletions"), file.optInt("changes"), file.optString("status"), file.optString("patch"));
  }

  /** Whether GitHub gave no hunks for a file that has some (binary, or too large for the files API). */
  boolean patchMissing() {
    return (patch == null || patch.isEmpty())
      && ((changes != null && changes > 0) || "added".equals(status) || "removed".equals(status));
  }

  /** Whether {@code paths} names this file by its path or its previous one; every file when {@code paths} is null. */
  boolean namedBy(List<String> paths) {
    return paths == null || paths.contains(path) || (previousPath != null && paths.contains(previousPath));
  }

  /** The files of a diff and what the caller should know about the list (caps, how it was compared). */
  record Listing(List<PullRequestFile> files, List<String> warnings) {

    /** The files {@code paths} names (all when null), with a warning naming those GitHub gave no patch for. */
    Listing only(List<String> paths) {
      List<PullRequestFile> kept = files.stream().filter(f -> f.namedBy(paths)).toList();
      List<String> withoutPatch = kept.stream().filter(PullRequestFile::patchMissing).map(PullRequestFile::path).toList();
      if (withoutPatch.isEmpty()) {
        return new Listing(kept, warnings);
      }
      List<String> all = new ArrayList<>(warnings);
      all.add("GitHub gives no patch for " + withoutPatch.size() + " of these files (binary, or too large for its files API): "
        + String.join(", ", withoutPatch) + "; their diff has a header only");
      return new Listing(kept, all);
    }
  }
}
