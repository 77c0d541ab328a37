package dev.reviewgate.gitlab;

import dev.reviewgate.testkit.forge.GitLabDouble;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * Discussions of every kind GitLab lists on a merge request, shaped as doc/api/discussions.md and doc/api/notes.md
 * show them, on lines of {@link GitLabFixture}'s latest version (src/app.c: old lines 5-6 removed, new lines 5-6
 * added, line 9 a context line): diff notes on one line with {@code line_range} null and with it absent, one on two
 * lines with {@code line_range} (each end with {@code line_code}, {@code type}, {@code old_line}, {@code new_line}),
 * one on a removed line, a resolved one, a general comment ({@code type} null, no {@code position}) and a thread of
 * system notes only.
 */
final class SeededDiscussions {

  static final String SINGLE_NULL_RANGE = "1a00000000000000000000000000000000000001";
  static final String SINGLE_NO_RANGE = "1a00000000000000000000000000000000000002";
  static final String MULTI_LINE = "1a00000000000000000000000000000000000003";
  static final String REMOVED_LINE = "1a00000000000000000000000000000000000004";
  static final String RESOLVED = "1a00000000000000000000000000000000000005";
  static final String GENERAL = "1a00000000000000000000000000000000000006";
  static final String SYSTEM_ONLY = "1a00000000000000000000000000000000000007";

  private SeededDiscussions() {
  }

  static List<JsonObject> all(GitLabFixture mr) {
    String path = "src/app.c";
    JsonObject single = position(mr, path, null, 5);
    single.putNull("line_range");
    JsonObject multi = position(mr, path, null, 6).put("line_range", new JsonObject()
      .put("start", rangeEnd(path, null, 5, 7, "new")).put("end", rangeEnd(path, null, 6, 7, "new")));
    return List.of(
      discussion(SINGLE_NULL_RANGE, false, diffNote(2001, "Why long?", single, null)),
      discussion(SINGLE_NO_RANGE, false, diffNote(2002, "A context line.", position(mr, path, 9, 9), null)),
      discussion(MULTI_LINE, false, diffNote(2003, "Both casts needed?", multi, null)),
      discussion(REMOVED_LINE, false, diffNote(2004, "The old sum overflowed.", position(mr, path, 5, null), null)),
      discussion(RESOLVED, false, diffNote(2005, "Spelled out?", position(mr, path, null, 6), GitLabDouble.user("mreyes", "Mia Reyes")),
        diffNote(2006, "Done.", position(mr, path, null, 6), GitLabDouble.user("mreyes", "Mia Reyes"))),
      discussion(GENERAL, true, generalNote(2007, "Looks good overall.")),
      discussion(SYSTEM_ONLY, true, generalNote(2008, "added 1 commit").put("system", true)));
  }

  static JsonObject discussion(String id, boolean individual, JsonObject... notes) {
    return new JsonObject().put("id", id).put("individual_note", individual).put("notes", new JsonArray(new ArrayList<>(List.of((Object[]) notes))));
  }

  /** A text position at the latest version; a null line is sent as null, as GitLab sends it. */
  static JsonObject position(GitLabFixture mr, String path, Integer oldLine, Integer newLine) {
    return new JsonObject().put("base_sha", mr.base()).put("start_sha", mr.target()).put("head_sha", mr.third())
      .put("old_path", path).put("new_path", path).put("position_type", "text").put("old_line", oldLine).put("new_line", newLine);
  }

  private static JsonObject rangeEnd(String path, Integer oldLine, int newLine, int oldCounter, String type) {
    return new JsonObject().put("line_code", DiffPositions.lineCode(path, oldCounter, newLine)).put("type", type)
      .put("old_line", oldLine).put("new_line", newLine);
  }

  private static JsonObject note(long id, String type, String body) {
    return new JsonObject().put("id", id).put("type", type).put("body", body).putNull("attachment")
      .put("author", GitLabDouble.user("jhartnett", "Jamal Hartnett")).put("created_at", "2026-11-25T10:00:00Z")
      .put("updated_at", "2026-11-25T10:00:00Z").put("system", false).put("noteable_id", 90_007).put("noteable_type", "MergeRequest")
      .put("project_id", GitLabDouble.PROJECT_ID).put("noteable_iid", GitLabDouble.IID).put("confidential", false)
      .put("internal", false).put("commands_changes", new JsonObject());
  }

  /** A diff note; {@code resolvedBy} null for an unresolved one. */
  static JsonObject diffNote(long id, String body, JsonObject position, JsonObject resolvedBy) {
    return note(id, "DiffNote", body).put("commit_id", position.getString("head_sha")).put("position", position)
      .put("resolvable", true).put("resolved", resolvedBy != null).put("resolved_by", resolvedBy)
      .put("resolved_at", resolvedBy == null ? null : "2026-11-26T10:00:00Z").put("suggestions", new JsonArray());
  }

  /** A comment on the merge request as a whole: {@code type} null, no position, not resolvable. */
  static JsonObject generalNote(long id, String body) {
    return note(id, null, body).put("resolvable", false);
  }
}
