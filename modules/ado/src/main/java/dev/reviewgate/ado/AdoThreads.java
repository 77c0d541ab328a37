package dev.reviewgate.ado;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.forge.diff.ChangeDiff;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Review threads on Azure DevOps: {@code threads} with their {@code threadContext} (file, left/right line ranges) and
 * status; a review posts one thread per comment (plus one for the body) and sets the caller's vote. Azure DevOps lets
 * a comment sit on any line of a changed file's version, so anchors are checked against the files' lengths on each
 * side. Each thread carries its own {@link WriteMarker}, so a retry after a lost response posts only what is missing.
 */
final class AdoThreads {

  private final AdoClient client;
  private final AdoPullRequests pulls;

  AdoThreads(AdoClient client, AdoPullRequests pulls) {
    this.client = client;
    this.pulls = pulls;
  }

  private String base(String repository, int pr) {
    return "git/repositories/" + AdoClient.segment(repository) + "/pullRequests/" + pr;
  }

  private static String notFound(String repository, int pr) {
    return "Pull request " + pr + " not found in repository " + repository + ". Verify the PR ID and repository name are correct.";
  }

  // --- pr_list_threads ---------------------------------------------------------------------------------------

  Future<JsonObject> list(JsonObject args) {
    String project = pulls.project(args);
    String repository = repository(args);
    int pr = args.getInteger("pr_number");
    return threads(project, repository, pr).compose(all -> {
      List<ReviewThread> threads = ForgeReplies.read(AdoEndpoints.THREADS, "pr_list_threads",
        () -> all.stream().map(t -> thread(t, client.options().trust())).filter(t -> t != null).toList());
      JsonArray paths = new JsonArray(threads.stream().map(ReviewThread::path).filter(p -> p != null).distinct().toList());
      // The hunks of the latest iteration's diff of the files that have threads (their blobs only), as written.
      Future<Diff> diff = paths.isEmpty() ? Future.succeededFuture(ChangeDiff.joined(List.of())) : pulls.page(new JsonObject()
          .put("project", project).put("repository", repository).put("pr_id", pr).put("files", paths).put("top", 1000))
        .map(page -> ChangeDiff.joined(page.changes().page().stream().map(page.written().byChange()::get)
          .filter(d -> d != null).toList()));
      return diff.map(written -> ThreadJson.listing(ThreadListing.of("ado", pr, ThreadTools.withHunks(threads, () -> written), args,
        Set.of("active", "pending"), List.of())));
    });
  }

  /** The pull request's threads ({@code GitPullRequestCommentThread}s) but the deleted ones. */
  private Future<List<Fields>> threads(String project, String repository, int pr) {
    return client.getJson(project, base(repository, pr) + "/threads", Map.of(), notFound(repository, pr))
      .map(json -> ForgeReplies.read(AdoEndpoints.THREADS, "the pull request's threads", () -> Fields.of(AdoEndpoints.THREADS, json)
        .objects("value").stream().filter(t -> !t.bool("isDeleted", false)).toList()));
  }

  /**
   * A thread as the thread tools show it, or null for Azure DevOps' system threads (votes, pushes). REST 7.1 marks no
   * member of a thread, its comments or its {@code threadContext} required; a shown thread needs its {@code id} (the
   * other thread tools take it), everything else may be absent: a general thread has no {@code threadContext}, a
   * context may hold only {@code rightFileStart} or only {@code leftFileStart}, a comment's author may be bare.
   */
  static ReviewThread thread(Fields json, AdoTrust trust) {
    List<ReviewThread.Comment> comments = new ArrayList<>();
    for (Fields comment : json.objects("comments")) {
      if (!comment.bool("isDeleted", false) && !"system".equalsIgnoreCase(comment.optString("commentType"))) {
        Long id = comment.optLong("id");
        comments.add(new ReviewThread.Comment(id == null ? null : id.toString(), trust.author(comment.optObject("author")),
          comment.optString("publishedDate"), comment.optString("content")));
      }
    }
    if (comments.isEmpty()) {
      return null;
    }
    String id = Long.toString(json.longValue("id"));
    Fields context = json.optObject("threadContext");
    String filePath = context == null ? null : context.optString("filePath");
    ReviewThread.Anchor anchor = null;
    if (filePath != null) {
      Fields right = context.optObject("rightFileStart");
      Fields start = right != null ? right : context.optObject("leftFileStart");
      Fields end = context.optObject(right != null ? "rightFileEnd" : "leftFileEnd");
      Integer first = start == null ? null : start.optInt("line");
      ReviewThread.Lines lines = null;
      if (first != null) {
        Integer endLine = end == null ? null : end.optInt("line");
        int last = endLine == null ? first : endLine;
        lines = new ReviewThread.Lines(last, first == last ? null : first);
      }
      anchor = new ReviewThread.Anchor(filePath.startsWith("/") ? filePath.substring(1) : filePath,
        start == null ? null : right != null ? "new" : "old", lines, null);
    }
    return new ReviewThread(id, anchor, null, status(json.optString("status")), comments);
  }

  private static String status(String wire) {
    if (wire == null) {
      return "unknown";
    }
    return switch (wire) {
      case "wontFix" -> "wont_fix";
      case "byDesign" -> "by_design";
      default -> wire.toLowerCase(Locale.ROOT);
    };
  }

  // --- pr_review ---------------------------------------------------------------------------------------------

  Future<JsonObject> review(JsonObject args) {
    String project = pulls.project(args);
    String repository = repository(args);
    int pr = args.getInteger("pr_number");
    String commit = args.getString("commit_id").toLowerCase(Locale.ROOT);
    String verdict = args.getString("verdict", "comment");
    Integer vote = switch (verdict) {
      case "approve" -> 10;
      case "approve_with_suggestions" -> 5;
      case "wait_for_author" -> -5;
      case "request_changes" -> -10;
      default -> null;
    };
    List<ReviewComment> comments = args.getJsonArray("comments", new JsonArray()).stream()
      .map(c -> ReviewComment.from((JsonObject) c)).toList();
    String body = args.getString("body", "");
    return pulls.iterations(project, repository, pr, new NotSent()).compose(iterations -> {
      if (iterations.isEmpty()) {
        throw ToolException.notFound("pull request " + pr + " has no iterations yet; nothing was posted");
      }
      AdoIteration latest = iterations.get(iterations.size() - 1);
      String head = latest.sourceCommit() == null ? "" : latest.sourceCommit();
      List<String> warnings = new ArrayList<>();
      if (head.isEmpty() && !args.getBoolean("allow_moved_head", false)) {
        throw ToolException.upstream("Azure DevOps did not send iteration " + latest.id() + "'s sourceRefCommit, so whether "
          + commit + " is still the head cannot be checked; nothing was posted. Retry later, or set allow_moved_head to post anyway.");
      }
      if (!head.startsWith(commit)) {
        if (!args.getBoolean("allow_moved_head", false)) {
          throw ToolException.conflict("the pull request's head moved from " + commit + " (the commit you reviewed) to " + head
            + " (iteration " + latest.id() + "); nothing was posted. Read the diff again (compare_to shows what "
            + "changed) and review " + head + ", or set allow_moved_head to post anyway.");
        }
        warnings.add((head.isEmpty() ? "Azure DevOps did not send the head commit (sourceRefCommit)" : "the head moved to " + head)
          + "; the comments are anchored to the latest iteration");
      }
      return pulls.changes(project, repository, pr, latest.id(), null)
        .compose(changes -> commentable(project, repository, changes, comments))
        .compose(files -> {
          AnchorCheck.check(comments, files, "Azure DevOps takes comments on lines of a changed file's version on that side");
          String review = WriteMarker.of("ado", repository, Integer.toString(pr), commit, verdict, body,
            args.getJsonArray("comments", new JsonArray()).encode());
          return threads(project, repository, pr).compose(existing -> post(project, repository, pr, body, comments, review, existing))
            .compose(posted -> vote == null ? Future.succeededFuture(posted) : vote(project, repository, pr, vote).map(posted))
            .map(posted -> ThreadJson.review(new ThreadWrites.Review(posted > 0, posted == 0, null, comments.size(), null, warnings)));
        });
    });
  }

  /** Per changed file, every line of each side's version (from the blobs of the files the comments name). */
  private Future<Map<String, Commentable>> commentable(String project, String repository, List<AdoChange> changes,
                                                       List<ReviewComment> comments) {
    Set<String> named = new java.util.HashSet<>();
    comments.forEach(c -> named.add(c.path()));
    Map<String, Commentable> files = new HashMap<>();
    List<Future<Void>> loads = new ArrayList<>();
    for (AdoChange change : changes) {
      if (!named.contains(change.path())) {
        files.put(change.path(), Commentable.ofFile(0, 0));
        continue;
      }
      boolean deleted = change.types().contains("delete");
      boolean added = change.types().contains("add");
      Future<Integer> newLines = deleted || change.objectId() == null ? Future.succeededFuture(0) : lines(project, repository, change.objectId());
      Future<Integer> oldLines = added || change.originalObjectId() == null ? Future.succeededFuture(0)
        : lines(project, repository, change.originalObjectId());
      loads.add(Future.all(newLines, oldLines).map(both -> {
        synchronized (files) {
          files.put(change.path(), Commentable.ofFile(oldLines.result(), newLines.result()));
        }
        return null;
      }));
    }
    return Future.all(loads).map(files);
  }

  private Future<Integer> lines(String project, String repository, String blob) {
    return client.blob(project, repository, blob).map(bytes -> {
      int lines = 0;
      for (int i = 0; i < bytes.length(); i++) {
        if (bytes.getByte(i) == '\n') {
          lines++;
        }
      }
      return bytes.length() > 0 && bytes.getByte(bytes.length() - 1) != '\n' ? lines + 1 : lines;
    });
  }

  /** Posts what an earlier attempt did not; the number of threads posted now. */
  private Future<Integer> post(String project, String repository, int pr, String body, List<ReviewComment> comments,
                               String review, List<Fields> existing) {
    List<JsonObject> toPost = new ArrayList<>();
    if (!body.isBlank()) {
      toPost.add(threadBody(WriteMarker.mark(body, WriteMarker.of(review, "body")), null));
    }
    for (int i = 0; i < comments.size(); i++) {
      toPost.add(threadBody(WriteMarker.mark(comments.get(i).body(), WriteMarker.of(review, Integer.toString(i))), comments.get(i)));
    }
    List<JsonObject> missing = toPost.stream().filter(t -> !alreadyThere(existing, marker(t))).toList();
    Future<Integer> chain = Future.succeededFuture(0);
    for (JsonObject thread : missing) {
      chain = chain.compose(n -> client.write(HttpMethod.POST, project, base(repository, pr) + "/threads", thread, notFound(repository, pr))
        .map(posted -> n + 1));
    }
    return chain;
  }

  private static JsonObject threadBody(String content, ReviewComment comment) {
    JsonObject thread = new JsonObject().put("comments", new JsonArray().add(new JsonObject().put("parentCommentId", 0)
      .put("content", content).put("commentType", 1))).put("status", "active");
    if (comment != null) {
      JsonObject context = new JsonObject().put("filePath", "/" + comment.path());
      if (!comment.onFile()) {
        String side = comment.onOldSide() ? "left" : "right";
        context.put(side + "FileStart", new JsonObject().put("line", comment.first()).put("offset", 1))
          .put(side + "FileEnd", new JsonObject().put("line", comment.line()).put("offset", 1));
      }
      thread.put("threadContext", context);
    }
    return thread;
  }

  private static String marker(JsonObject thread) {
    String content = thread.getJsonArray("comments").getJsonObject(0).getString("content");
    return content.substring(content.lastIndexOf("<!-- reviewgate:"));
  }

  private static boolean alreadyThere(List<Fields> threads, String marker) {
    for (Fields thread : threads) {
      for (Fields comment : thread.objects("comments")) {
        if (WriteMarker.in(comment.optString("content"), marker)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Sets the vote of the user the PAT belongs to. */
  private Future<Void> vote(String project, String repository, int pr, int vote) {
    return client.getJson(null, "connectionData", Map.of(), "connection data not found").compose(data -> {
      Fields user = Fields.of(AdoEndpoints.CONNECTION_DATA, data).optObject("authenticatedUser");
      String me = user == null ? null : user.optString("id");
      if (me == null) {
        throw ToolException.notAllowed("Azure DevOps did not say whose the PAT is; the vote was not set");
      }
      return client.write(HttpMethod.PUT, project, base(repository, pr) + "/reviewers/" + me,
        new JsonObject().put("vote", vote), notFound(repository, pr)).mapEmpty();
    });
  }

  // --- pr_reply / pr_resolve_thread --------------------------------------------------------------------------

  Future<JsonObject> reply(JsonObject args) {
    String project = pulls.project(args);
    String repository = repository(args);
    int pr = args.getInteger("pr_number");
    String id = threadId(args);
    String path = base(repository, pr) + "/threads/" + id;
    String missing = "review thread " + id + " not found on pull request " + pr + "; take its id from pr_list_threads";
    String marker = WriteMarker.of("ado", repository, Integer.toString(pr), id, args.getString("body"));
    return client.getJson(project, path, Map.of(), missing).compose(thread -> {
      if (alreadyThere(List.of(Fields.of(AdoEndpoints.THREAD, thread)), marker)) {
        return Future.succeededFuture(ThreadJson.reply(ThreadWrites.Reply.already(null)));
      }
      JsonObject comment = new JsonObject().put("content", WriteMarker.mark(args.getString("body"), marker)).put("parentCommentId", 1)
        .put("commentType", 1);
      return client.write(HttpMethod.POST, project, path + "/comments", comment, missing).map(posted -> {
        // The comment is posted whatever its reply lacks: a missing id is said, not failed.
        Long commentId = Fields.of(AdoEndpoints.COMMENT_CREATE, posted).optLong("id");
        return ThreadJson.reply(ThreadWrites.Reply.posted(commentId == null ? null : commentId.toString(),
          commentId == null ? List.of("Azure DevOps did not send the new comment's id") : List.of()));
      });
    });
  }

  Future<JsonObject> resolve(JsonObject args) {
    String project = pulls.project(args);
    String repository = repository(args);
    int pr = args.getInteger("pr_number");
    String id = threadId(args);
    String status = args.getBoolean("resolved") ? "fixed" : "active";
    return client.write(HttpMethod.PATCH, project, base(repository, pr) + "/threads/" + id, new JsonObject().put("status", status),
        "review thread " + id + " not found on pull request " + pr + "; take its id from pr_list_threads")
      .map(thread -> ThreadJson.resolve(new ThreadWrites.Resolve(id,
        status(Fields.of(AdoEndpoints.THREAD_UPDATE, thread).optString("status", status)))));
  }

  private static String threadId(JsonObject args) {
    String id = args.getString("thread_id");
    if (!id.matches("\\d{1,10}")) {
      throw ToolException.invalid("an Azure DevOps thread_id is a number (from pr_list_threads), not '" + id + "'");
    }
    return id;
  }

  private static String repository(JsonObject args) {
    String repository = args.getString("repository");
    if (repository == null) {
      throw ToolException.invalid("which repository? Azure DevOps thread tools need repository (name or ID)");
    }
    return repository;
  }
}
