package dev.reviewgate.ado;

import io.vertx.core.json.JsonObject;
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

  static AdoChange from(JsonObject entry) {
    JsonObject item = entry.getJsonObject("item", new JsonObject());
    Set<String> types = new LinkedHashSet<>();
    for (String flag : String.valueOf(entry.getValue("changeType", "none")).split(",")) {
      if (!flag.isBlank()) {
        types.add(flag.strip().toLowerCase(Locale.ROOT));
      }
    }
    String original = strip(entry.getString("originalPath", item.getString("originalPath")));
    String path = strip(item.getString("path"));
    return new AdoChange(Set.copyOf(types), path != null ? path : original, original,
      item.getString("objectId"), item.getString("originalObjectId"), item.getString("gitObjectType", "blob"),
      item.getString("url"));
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

  boolean isFile() {
    return !"tree".equalsIgnoreCase(gitObjectType);
  }

  boolean isSubmodule() {
    return "commit".equalsIgnoreCase(gitObjectType);
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
