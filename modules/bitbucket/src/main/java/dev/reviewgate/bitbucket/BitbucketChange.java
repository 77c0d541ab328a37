package dev.reviewgate.bitbucket;

import dev.reviewgate.forge.diff.ChangedFile;

/**
 * One file of a pull request's change list in both flavours' words: what happened ({@code add}, {@code delete},
 * {@code rename}, {@code copy}, {@code edit}), the paths, and the modes the flavour lets us tell (Data Center's
 * {@code executable} and {@code nodeType}; Cloud's {@code attributes}); 0 where it tells nothing (a regular file).
 */
record BitbucketChange(String type, String oldPath, String newPath, int oldMode, int newMode) {

  static final int EXECUTABLE = 0100755;
  static final int SYMLINK = 0120000;

  /** The path people name the change by: the new path, or the old one of a deleted file. */
  String path() {
    return newPath != null ? newPath : oldPath;
  }

  /** The original path of a rename or copy, else null. */
  String originalPath() {
    return oldPath != null && newPath != null && !oldPath.equals(newPath) ? oldPath : null;
  }

  /** The change in the forge pipeline's words: each side is the file at its commit, fetched by path. */
  ChangedFile file(String base, String head) {
    return switch (type) {
      case "add" -> ChangedFile.added(newPath, newMode, ChangedFile.BlobRef.file(newPath, head));
      case "delete" -> ChangedFile.deleted(oldPath, oldMode, ChangedFile.BlobRef.file(oldPath, base));
      case "copy" -> ChangedFile.added(newPath, newMode, ChangedFile.BlobRef.file(newPath, head));
      default -> {
        boolean renamed = originalPath() != null;
        yield new ChangedFile(renamed ? ChangedFile.Kind.RENAMED : ChangedFile.Kind.MODIFIED, renamed ? oldPath : newPath, newPath,
          oldMode, newMode, ChangedFile.BlobRef.file(renamed ? oldPath : newPath, base), ChangedFile.BlobRef.file(newPath, head));
      }
    };
  }
}
