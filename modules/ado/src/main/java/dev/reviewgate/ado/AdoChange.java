package dev.reviewgate.ado;

import dev.reviewgate.forge.diff.ChangedFile;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeDataException;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * One entry of an iteration's change list, in the forge-neutral words of a change set. Azure DevOps' paths start with
 * {@code /}; here they are repository paths as git writes them ({@code src/a.ts}). {@code changeType} is a flags set on
 * the wire ({@code "edit, rename"}, {@code "delete, sourceRename"}); for a delete {@code item.path} may be null and
 * only {@code originalPath} set.
 */
record AdoChange(Set<String> types, String path, String originalPath, String objectId, String originalObjectId,
                 String gitObjectType, String url) {

  /**
   * One {@code GitPullRequestChange} of a file (not a folder; see {@link #isTree}). REST 7.1 marks none of its members
   * required; what this needs is a path, {@code item.path} or for a delete {@code originalPath}: a change with
   * neither cannot be shown, and fails naming {@code item.path}. Absent blob ids leave the change without a diff.
   */
  static AdoChange from(Fields entry) {
    Fields item = entry.optObject("item");
    Set<String> types = new LinkedHashSet<>();
    for (String flag : entry.optString("changeType", "none").split(",")) {
      if (!flag.isBlank()) {
        types.add(flag.strip().toLowerCase(Locale.ROOT));
      }
    }
    String original = strip(entry.optString("originalPath", item == null ? null : item.optString("originalPath")));
    String path = item == null ? null : strip(item.optString("path"));
    if (path == null && original == null) {
      throw new ForgeDataException(entry.endpoint(), entry.pathOf("item") + ".path",
        "is absent, and originalPath too: the change names no file");
    }
    return new AdoChange(Set.copyOf(types), path != null ? path : original, original,
      item == null ? null : item.optString("objectId"), item == null ? null : item.optString("originalObjectId"),
      item == null ? "blob" : item.optString("gitObjectType", "blob"), item == null ? null : item.optString("url"));
  }

  /** Whether the entry is a folder's ({@code item.gitObjectType} tree): a change set lists files only. */
  static boolean isTree(Fields entry) {
    Fields item = entry.optObject("item");
    return item != null && "tree".equalsIgnoreCase(item.optString("gitObjectType"));
  }

  /** The kind a person would name: delete, add, rename or edit (the first of those the flags contain). */
  String kind() {
    for (String kind : new String[] {"delete", "add", "rename", "edit"}) {
      if (types.contains(kind)) {
        return kind;
      }
    }
    return types.isEmpty() ? "none" : types.iterator().next();
  }

  /** The wire form, lower case flags joined by ", " (e.g. {@code edit, rename}). */
  String changeType() {
    return String.join(", ", types.stream().sorted((a, b) -> order(a) - order(b)).toList());
  }

  boolean isSubmodule() {
    return "commit".equalsIgnoreCase(gitObjectType);
  }

  /**
   * The change in the forge pipeline's words. Azure DevOps names each side's blob ({@code item.objectId}, and
   * {@code item.originalObjectId} unless the file was added; either for a delete; REST 7.1 marks neither required, and
   * a side without one has no blob, so no diff) and reports no modes: files are 100644, a submodule 160000.
   */
  ChangedFile file() {
    int mode = isSubmodule() ? ChangedFile.SUBMODULE : 0;
    ChangedFile.BlobRef newBlob = ChangedFile.BlobRef.blob(objectId);
    ChangedFile.BlobRef oldBlob = ChangedFile.BlobRef.blob(originalObjectId);
    String original = originalPath != null ? originalPath : path;
    if (types.contains("delete")) {
      return ChangedFile.deleted(original, mode, oldBlob != null ? oldBlob : newBlob);
    }
    if (types.contains("add")) {
      return ChangedFile.added(path, mode, newBlob);
    }
    ChangedFile.Kind kind = types.contains("rename") && !original.equals(path) ? ChangedFile.Kind.RENAMED
      : ChangedFile.Kind.MODIFIED;
    return new ChangedFile(kind, kind == ChangedFile.Kind.RENAMED ? original : path, path, mode, mode, oldBlob, newBlob);
  }

  private static int order(String flag) {
    return switch (flag) {
      case "add" -> 0;
      case "edit" -> 1;
      case "delete" -> 2;
      case "rename" -> 3;
      default -> 4;
    };
  }

  private static String strip(String adoPath) {
    if (adoPath == null || adoPath.isEmpty()) {
      return null;
    }
    return adoPath.startsWith("/") ? adoPath.substring(1) : adoPath;
  }
}
