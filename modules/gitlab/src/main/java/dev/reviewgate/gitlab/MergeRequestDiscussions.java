package dev.reviewgate.gitlab;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.forge.diff.ChangeDiff;
import dev.reviewgate.forge.diff.ForgeDiffs;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.thread.AnchorCheck;
import dev.reviewgate.forge.thread.Commentable;
import dev.reviewgate.forge.thread.ReviewComment;
import dev.reviewgate.forge.thread.ReviewThread;
import dev.reviewgate.forge.thread.ThreadJson;
import dev.reviewgate.forge.thread.ThreadListing;
import dev.reviewgate.forge.thread.ThreadTools;
import dev.reviewgate.forge.thread.ThreadWrites;
import dev.reviewgate.forge.thread.WriteMarker;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Review threads on GitLab: a merge request's discussions, with the {@code position} GitLab anchors them by. A review
 * is posted as draft notes, then published in one {@code bulk_publish}, so it arrives whole; each note carries its
 * {@link WriteMarker}, so a retry after a lost response posts (and drafts) only what is missing. A comment may sit on
 * a line of the version's diff hunks (GitLab cannot place one elsewhere), checked before anything is sent.
 */
final class MergeRequestDiscussions {

  private static final String RULE = "GitLab places comments on lines of the version's diff hunks: added and context lines "
    + "on the new side, removed and context lines on the old side";

  private final GitLabClient client;
  private final MergeRequests mergeRequests;

  MergeRequestDiscussions(GitLabClient client, MergeRequests mergeRequests) {
    this.client = client;
    this.mergeRequests = mergeRequests;
  }

  // --- pr_list_threads ---------------------------------------------------------------------------------------

  Future<JsonObject> list(JsonObject args) {
    String project = project(args);
    long iid = args.getLong("pr_number");
    return discussions(project, iid).compose(all -> {
      List<Fields> discussions = MergeRequests.all(GitLabEndpoints.DISCUSSIONS, all);
      return mergeRequests.members().of(project, discussions.stream().flatMap(d -> d.objects("notes").stream())
        .filter(n -> !n.bool("system", false)).map(n -> n.optObject("author")).toList()).map(trust -> Map.entry(discussions, trust));
    }).compose(read -> {
      ProjectMembers.Trust trust = read.getValue();
      List<ReviewThread> threads = ForgeReplies.read(GitLabEndpoints.DISCUSSIONS, "pr_list_threads",
        () -> read.getKey().stream().map(d -> thread(d, trust)).filter(t -> t != null).toList());
      JsonArray paths = new JsonArray(threads.stream().map(ReviewThread::path).filter(p -> p != null).distinct().toList());
      List<String> warnings = new ArrayList<>(trust.warnings());
      // The hunks of the latest version's diff of the files that have threads: context, so a diff GitLab cannot give
      // yet leaves the hunks out, saying why, rather than the threads.
      Future<Diff> diff = paths.isEmpty() ? Future.succeededFuture(ChangeDiff.joined(List.of())) : ThreadTools.hunksFrom(
        mergeRequests.diff(project, iid, new JsonObject().put("files", paths).put("top", 1000))
          .map(d -> ChangeDiff.joined(d.written() == null ? List.of() : d.changes().page().stream()
            .map(d.written().byChange()::get).filter(w -> w != null).toList())), warnings);
      return diff.map(written -> ThreadJson.listing(ThreadListing.of("gitlab", (int) iid, ThreadTools.withHunks(threads, () -> written),
        args, Set.of("unresolved"), warnings)));
    });
  }

  private Future<List<JsonObject>> discussions(String project, long iid) {
    return client.getAll(MergeRequests.mergeRequestPath(project, iid) + "/discussions", Map.of(),
      MergeRequests.notFound(project, iid), client.options().maxListItems(), "gitlab.maxListItems");
  }

  /**
   * A discussion as the thread tools show it, or null for one of system notes only (pushes, approvals). As GitLab's
   * discussions reference has it: a general note has {@code type} null and no {@code position}; a diff note's
   * {@code position} has {@code old_line} and/or {@code new_line} (null on the side the line is not on; both null for
   * a comment on a whole file), and {@code line_range} only for a comment on several lines (null or absent
   * otherwise); {@code resolved} is only sent for resolvable notes. Only the discussion's {@code id} is needed (replies
   * and resolving name it).
   */
  static ReviewThread thread(Fields discussion, ProjectMembers.Trust trust) {
    List<ReviewThread.Comment> comments = new ArrayList<>();
    Fields position = null;
    boolean resolvable = false;
    boolean resolved = true;
    for (Fields note : discussion.objects("notes")) {
      if (!note.bool("system", false)) {
        Long id = note.optLong("id");
        comments.add(new ReviewThread.Comment(id == null ? null : id.toString(), trust.author(note.optObject("author")),
          note.optString("created_at"), note.optString("body", "")));
        if (position == null) {
          position = note.optObject("position");
        }
        if (note.bool("resolvable", false)) {
          resolvable = true;
          resolved &= note.bool("resolved", false);
        }
      }
    }
    if (comments.isEmpty()) {
      return null;
    }
    String id = discussion.string("id");
    ReviewThread.Anchor anchor = null;
    if (position != null) {
      Integer newLine = position.optInt("new_line");
      Integer oldLine = position.optInt("old_line");
      boolean onNew = newLine != null;
      Integer line = onNew ? newLine : oldLine;
      ReviewThread.Lines lines = null;
      if (line != null) {
        Fields range = position.optObject("line_range");
        Fields start = range == null ? null : range.optObject("start");
        Integer first = start == null ? null : onNew ? start.optInt("new_line") : start.optInt("old_line");
        lines = new ReviewThread.Lines(line, first == null || first.equals(line) ? null : first);
      }
      // GitLab names both paths (a deleted file's new_path is its old path): the thread is on the change's path
      anchor = new ReviewThread.Anchor(position.optString("new_path", position.optString("old_path")),
        line == null ? null : onNew ? "new" : "old", lines, null);
    }
    return new ReviewThread(id, anchor, null, !resolvable ? "unresolvable" : resolved ? "resolved" : "unresolved", comments);
  }

  // --- pr_review ---------------------------------------------------------------------------------------------

  Future<JsonObject> review(JsonObject args) {
    client.requireWriteToken();
    String project = project(args);
    long iid = args.getLong("pr_number");
    String commit = args.getString("commit_id").toLowerCase(Locale.ROOT);
    String verdict = args.getString("verdict", "comment");
    List<ReviewComment> comments = args.getJsonArray("comments", new JsonArray()).stream()
      .map(c -> ReviewComment.from((JsonObject) c)).toList();
    String body = args.getString("body", "");
    return mergeRequests.versions(project, iid).compose(versions -> {
      if (versions.isEmpty()) {
        throw ToolException.notFound("merge request !" + iid + " of project " + project + " has no versions yet (nothing pushed)");
      }
      MergeRequestVersion latest = versions.get(0).withCommits(iid, true);
      List<String> warnings = new ArrayList<>();
      if (!latest.head().startsWith(commit)) {
        if (!args.getBoolean("allow_moved_head", false)) {
          throw ToolException.conflict("the merge request's head moved from " + commit + " (the commit you reviewed) to "
            + latest.head() + " (version " + latest.id() + "); nothing was posted. Read the diff again (compare_to shows what "
            + "changed) and review " + latest.head() + ", or set allow_moved_head to post anyway.");
        }
        warnings.add("the head moved to " + latest.head() + "; the comments are anchored to the latest version");
      }
      return positions(project, iid, latest, comments).compose(files -> {
        Map<String, Commentable> commentable = new HashMap<>();
        files.forEach((path, positions) -> commentable.put(path, positions == null ? Commentable.ofFile(0, 0) : positions.commentable()));
        AnchorCheck.check(comments, commentable, RULE);
        String review = WriteMarker.of("gitlab", project, Long.toString(iid), commit, verdict, body,
          args.getJsonArray("comments", new JsonArray()).encode());
        List<JsonObject> notes = new ArrayList<>();
        if (!body.isBlank()) {
          notes.add(new JsonObject().put("note", WriteMarker.mark(body, WriteMarker.of(review, "body"))));
        }
        for (int i = 0; i < comments.size(); i++) {
          ReviewComment comment = comments.get(i);
          notes.add(new JsonObject().put("note", WriteMarker.mark(comment.body(), WriteMarker.of(review, Integer.toString(i))))
            .put("position", files.get(comment.path()).position(comment, latest)));
        }
        return post(project, iid, notes)
          .compose(posted -> verdict(project, iid, verdict, latest, warnings).map(posted))
          .map(posted -> ThreadJson.review(new ThreadWrites.Review(posted > 0, posted == 0 && !notes.isEmpty(), null, comments.size(),
            null, warnings)));
      });
    });
  }

  /** Per changed file of the version, where comments may go (null for files no comment names: nothing is diffed). */
  private Future<Map<String, DiffPositions>> positions(String project, long iid, MergeRequestVersion latest,
                                                       List<ReviewComment> comments) {
    Set<String> named = new HashSet<>();
    comments.forEach(c -> named.add(c.path()));
    return mergeRequests.diffs().changes(project, iid, latest, true).compose(changes -> {
      List<MergeRequestChange> wanted = changes.stream().filter(c -> named.contains(c.path())).toList();
      Future<ForgeDiffs.Written<MergeRequestChange>> written = wanted.isEmpty() ? Future.succeededFuture(null)
        : mergeRequests.diffs().written(project, wanted, latest.base(), latest.head(), 3);
      return written.map(w -> {
        Map<String, DiffPositions> files = new HashMap<>();
        changes.forEach(c -> files.put(c.path(), null));
        if (w != null) {
          w.byChange().forEach((change, diff) -> {
            List<FileDiff> built = diff.files();
            FileDiff file = built.stream().filter(f -> change.path().equals(f.path()) || change.path().equals(f.newPath()))
              .findFirst().orElse(built.isEmpty() ? null : built.get(built.size() - 1));
            files.put(change.path(), file == null ? null : DiffPositions.of(file));
          });
        }
        return files;
      });
    });
  }

  /**
   * Drafts the notes not already there (published, or drafted by an earlier attempt), then publishes the drafts at
   * once; the number of notes drafted now.
   */
  private Future<Integer> post(String project, long iid, List<JsonObject> notes) {
    String path = MergeRequests.mergeRequestPath(project, iid);
    String missing = MergeRequests.notFound(project, iid);
    Future<List<JsonObject>> published = discussions(project, iid);
    Future<List<JsonObject>> drafts = client.getAll(path + "/draft_notes", Map.of(), missing,
      client.options().maxListItems(), "gitlab.maxListItems");
    return Future.all(published, drafts).compose(both -> {
      List<String> texts = ForgeReplies.read(GitLabEndpoints.DISCUSSIONS, "pr_review", () -> bodies(published.result()));
      List<String> draftTexts = ForgeReplies.read(GitLabEndpoints.DRAFT_NOTES, "pr_review",
        () -> MergeRequests.all(GitLabEndpoints.DRAFT_NOTES, drafts.result()).stream().map(d -> d.optString("note", "")).toList());
      List<JsonObject> toDraft = notes.stream().filter(n -> {
        String marker = marker(n.getString("note"));
        return texts.stream().noneMatch(t -> WriteMarker.in(t, marker)) && draftTexts.stream().noneMatch(t -> WriteMarker.in(t, marker));
      }).toList();
      boolean ownDraftsWaiting = notes.stream().anyMatch(n -> draftTexts.stream().anyMatch(t -> WriteMarker.in(t, marker(n.getString("note")))));
      Future<Integer> chain = Future.succeededFuture(0);
      for (JsonObject note : toDraft) {
        chain = chain.compose(n -> client.write(HttpMethod.POST, path + "/draft_notes", note, missing).map(posted -> n + 1));
      }
      return chain.compose(n -> n == 0 && !ownDraftsWaiting ? Future.succeededFuture(0)
        : client.write(HttpMethod.POST, path + "/draft_notes/bulk_publish", null, missing).map(Math.max(n, 1)));
    });
  }

  /** approve (and approve_with_suggestions) approves; request_changes and wait_for_author withdraw an approval. */
  private Future<Void> verdict(String project, long iid, String verdict, MergeRequestVersion latest, List<String> warnings) {
    boolean approve = verdict.startsWith("approve");
    boolean withdraw = verdict.equals("request_changes") || verdict.equals("wait_for_author");
    if (!approve && !withdraw) {
      return Future.succeededFuture();
    }
    String path = MergeRequests.mergeRequestPath(project, iid);
    String missing = MergeRequests.notFound(project, iid);
    return client.getJson(path + "/approvals", Map.of(), missing).compose(state -> {
      boolean mine = ForgeReplies.read(GitLabEndpoints.APPROVALS, "pr_review",
        () -> MergeRequest.Approvals.from(Fields.of(GitLabEndpoints.APPROVALS, state)).userHasApproved());
      if (approve && !mine) {
        return client.write(HttpMethod.POST, path + "/approve", new JsonObject().put("sha", latest.head()), missing).mapEmpty();
      }
      if (withdraw && mine) {
        return client.write(HttpMethod.POST, path + "/unapprove", null, missing).mapEmpty();
      }
      if (withdraw) {
        warnings.add("GitLab has no 'request changes' for this token's user here: the review was posted and nothing was approved");
      }
      return Future.succeededFuture();
    });
  }

  /** The bodies of every note of some discussions (a note without one has none to match). */
  private static List<String> bodies(List<JsonObject> discussions) {
    List<String> out = new ArrayList<>();
    for (Fields discussion : MergeRequests.all(GitLabEndpoints.DISCUSSIONS, discussions)) {
      discussion.objects("notes").forEach(note -> out.add(note.optString("body", "")));
    }
    return out;
  }

  private static String marker(String text) {
    return text.substring(text.lastIndexOf("<!-- reviewgate:"));
  }

  // --- pr_reply / pr_resolve_thread --------------------------------------------------------------------------

  Future<JsonObject> reply(JsonObject args) {
    client.requireWriteToken();
    String project = project(args);
    long iid = args.getLong("pr_number");
    String id = discussionId(args);
    String path = MergeRequests.mergeRequestPath(project, iid) + "/discussions/" + id;
    String missing = "discussion " + id + " not found on merge request !" + iid + " of project " + project
      + "; take its id from pr_list_threads";
    String marker = WriteMarker.of("gitlab", project, Long.toString(iid), id, args.getString("body"));
    return client.getJson(path, Map.of(), missing).compose(discussion -> {
      boolean there = ForgeReplies.read(GitLabEndpoints.DISCUSSION, "pr_reply", () -> bodies(List.of(discussion))).stream()
        .anyMatch(body -> WriteMarker.in(body, marker));
      if (there) {
        return Future.succeededFuture(ThreadJson.reply(ThreadWrites.Reply.already(null)));
      }
      return client.write(HttpMethod.POST, path + "/notes", new JsonObject().put("body", WriteMarker.mark(args.getString("body"), marker)),
        missing).map(note -> {
          Long noteId = ForgeReplies.read(GitLabEndpoints.REPLY, "pr_reply", () -> Fields.of(GitLabEndpoints.REPLY, note).optLong("id"));
          return ThreadJson.reply(ThreadWrites.Reply.posted(noteId == null ? null : noteId.toString(), List.of()));
        });
    });
  }

  Future<JsonObject> resolve(JsonObject args) {
    client.requireWriteToken();
    String project = project(args);
    long iid = args.getLong("pr_number");
    String id = discussionId(args);
    boolean resolved = args.getBoolean("resolved");
    return client.write(HttpMethod.PUT, MergeRequests.mergeRequestPath(project, iid) + "/discussions/" + id + "?resolved=" + resolved,
        null, "discussion " + id + " not found on merge request !" + iid + " of project " + project
          + "; take its id from pr_list_threads")
      .map(discussion -> {
        // An empty answer (or one without the discussion) still resolved it: the state asked for is the state now.
        ReviewThread thread = discussion.isEmpty() ? null : ForgeReplies.read(GitLabEndpoints.RESOLVE, "pr_resolve_thread",
          () -> thread(Fields.of(GitLabEndpoints.RESOLVE, discussion), ProjectMembers.Trust.UNASKED));
        return ThreadJson.resolve(new ThreadWrites.Resolve(id, thread == null ? (resolved ? "resolved" : "unresolved") : thread.status()));
      });
  }

  private static String discussionId(JsonObject args) {
    String id = args.getString("thread_id");
    if (!id.matches("[0-9a-fA-F]{8,64}")) {
      throw ToolException.invalid("a GitLab thread_id is a discussion id (hexadecimal, from pr_list_threads), not '" + id + "'");
    }
    return id;
  }

  static String project(JsonObject args) {
    String project = args.getString("project");
    if (project == null || project.isBlank()) {
      throw ToolException.invalid("which project? GitLab thread tools need project (numeric id or group/name)");
    }
    return project;
  }
}
