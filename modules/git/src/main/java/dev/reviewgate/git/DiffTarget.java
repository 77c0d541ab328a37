package dev.reviewgate.git;

import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonObject;

/**
 * What a diff compares, in one of three forms: {@code base} + {@code head}; one {@code commit} against its first
 * parent (the empty tree for a root commit); or a {@code range} {@code A...B} (from the merge base to B) or
 * {@code A..B} (A to B).
 */
public record DiffTarget(String base, String head, String commit, String range) {

  private static final String FORMS = "give base and head, or commit (diffs it against its first parent), "
    + "or range (A...B from the merge base, or A..B)";

  public static DiffTarget from(JsonObject arguments) {
    DiffTarget target = new DiffTarget(arguments.getString("base"), arguments.getString("head"),
      arguments.getString("commit"), arguments.getString("range"));
    int forms = (target.commit != null ? 1 : 0) + (target.range != null ? 1 : 0)
      + (target.base != null || target.head != null ? 1 : 0);
    if (forms != 1) {
      throw ToolException.invalid((forms == 0 ? "nothing to compare: " : "arguments conflict: ") + FORMS);
    }
    if ((target.base == null) != (target.head == null)) {
      throw ToolException.invalid((target.base == null ? "head without base: " : "base without head: ") + FORMS);
    }
    return target;
  }

  /** The revisions as given, for deciding whether a result is immutable (all full SHAs). */
  public String[] revisions() {
    if (commit != null) {
      return new String[] {commit};
    }
    if (range != null) {
      return range.split("\\.{2,3}", -1);
    }
    return new String[] {base, head};
  }
}
