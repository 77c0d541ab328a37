package dev.reviewgate.github;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.forge.thread.AnchorCheck;
import dev.reviewgate.forge.thread.Commentable;
import dev.reviewgate.forge.thread.ReviewComment;
import dev.reviewgate.forge.thread.ThreadTools;
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
 * Review threads on GitHub: listed through GraphQL ({@code reviewThreads} with {@code isResolved} and
 * {@code isOutdated}), a whole review posted in one REST call after every anchor was checked against the diff at the
 * reviewed commit, replies and (un)resolving through GraphQL mutations. Writes carry a {@link WriteMarker} and look
 * for it first, so a retry after a lost response never posts twice.
 */
final class ReviewThreads {

  private static final String THREADS = """
    query($owner: String!, $repo: String!, $number: Int!, $after: String) {
      repository(owner: $owner, name: $repo) {
        pullRequest(number: $number) {
          reviewThreads(first: 100, after: $after) {
            nodes {
              id isResolved isOutdated path line startLine originalLine diffSide
              comments(first: 100) { nodes { id databaseId author { login } body createdAt url } }
            }
            pageInfo { hasNextPage endCursor }
          }
        }
      }
    }""";
  private static final String THREAD_COMMENTS = """
    query($id: ID!) { node(id: $id) { ... on PullRequestReviewThread { id comments(last: 100) { nodes { id databaseId body } } } } }""";
  private static final String REPLY = """
    mutation($thread: ID!, $body: String!) {
      addPullRequestReviewThreadReply(input: {pullRequestReviewThreadId: $thread, body: $body}) { comment { id databaseId url } }
    }""";
  private static final String RESOLVE = """
    mutation($thread: ID!) { resolveReviewThread(input: {threadId: $thread}) { thread { id isResolved } } }""";
  private static final String UNRESOLVE = """
    mutation($thread: ID!) { unresolveReviewThread(input: {threadId: $thread}) { thread { id isResolved } } }""";

  private final GitHubClient client;
  private final PullRequestReader reader;
  private final PullRequestDiffs diffs;
  private final DiffEngine engine;

  ReviewThreads(GitHubClient client, PullRequestReader reader, PullRequestDiffs diffs, DiffEngine engine) {
    this.client = client;
    this.reader = reader;
    this.diffs = diffs;
    this.engine = engine;
  }

  // --- pr_list_threads ---------------------------------------------------------------------------------------

  Future<JsonObject> list(RepoRef repo, int number, JsonObject args) {
    List<JsonObject> threads = new ArrayList<>();
    int pages = client.options().maxListPages();
    return threadPage(repo, number, null, threads, pages).compose(complete -> diffs.source(repo, number, null, null)
      .map(source -> {
        ThreadTools.attachHunks(threads, () -> engine.parse(source.diff()));
        return ThreadTools.listing("github", number, threads, args, Set.of("unresolved"), complete ? List.of()
          : List.of("only the first " + threads.size() + " threads were read (" + pages + " pages of 100, github.maxListPages)"));
      }));
  }

  private Future<Boolean> threadPage(RepoRef repo, int number, String after, List<JsonObject> into, int pagesLeft) {
    JsonObject variables = new JsonObject().put("owner", repo.owner()).put("repo", repo.repo()).put("number", number)
      .put("after", after);
    return client.graphql(THREADS, variables, false, "list the review threads of " + repo.pull(number)).compose(data -> {
      JsonObject pull = data.getJsonObject("repository", new JsonObject()).getJsonObject("pullRequest");
      if (pull == null) {
        throw ToolException.notFound("pull request " + repo.pull(number) + " not found on GitHub; check owner, repo and number");
      }
      JsonObject connection = pull.getJsonObject("reviewThreads", new JsonObject());
      for (Object node : connection.getJsonArray("nodes", new JsonArray())) {
        if (node instanceof JsonObject thread) {
          into.add(thread(thread));
        }
      }
      JsonObject info = connection.getJsonObject("pageInfo", new JsonObject());
      if (!info.getBoolean("hasNextPage", false)) {
        return Future.succeededFuture(true);
      }
      if (pagesLeft <= 1) {
        return Future.succeededFuture(false);
      }
      return threadPage(repo, number, info.getString("endCursor"), into, pagesLeft - 1);
    });
  }

  private static JsonObject thread(JsonObject node) {
    JsonArray comments = new JsonArray();
    for (Object c : node.getJsonObject("comments", new JsonObject()).getJsonArray("nodes", new JsonArray())) {
      if (c instanceof JsonObject comment) {
        comments.add(new JsonObject().put("id", comment.getString("id"))
          .put("author", comment.getJsonObject("author", new JsonObject()).getString("login"))
          .put("created", comment.getString("createdAt")).put("body", comment.getString("body")).put("url", comment.getString("url")));
      }
    }
    boolean outdated = node.getBoolean("isOutdated", false);
    Integer line = node.getInteger("line") != null ? node.getInteger("line") : node.getInteger("originalLine");
    return new JsonObject().put("id", node.getString("id")).put("path", node.getString("path"))
      .put("side", "LEFT".equals(node.getString("diffSide")) ? "old" : "new").put("line", line)
      .put("start_line", node.getInteger("startLine")).put("outdated", outdated)
      .put("status", node.getBoolean("isResolved", false) ? "resolved" : "unresolved").put("comments", comments);
  }

  // --- pr_review ---------------------------------------------------------------------------------------------

  Future<JsonObject> review(RepoRef repo, int number, JsonObject args) {
    // Before anything is read: without a token the review could not be posted, so reading first only delays saying so.
    if (!client.options().hasToken()) {
      return Future.failedFuture(client.noToken("pr_review on " + repo.pull(number)));
    }
    String commit = args.getString("commit_id").toLowerCase(Locale.ROOT);
    String verdict = args.getString("verdict", "comment");
    String event = switch (verdict) {
      case "approve" -> "APPROVE";
      case "request_changes" -> "REQUEST_CHANGES";
      case "comment" -> "COMMENT";
      default -> throw ToolException.invalid("verdict " + verdict + " is Azure DevOps' only; on GitHub use approve, "
        + "comment or request_changes");
    };
    List<ReviewComment> comments = args.getJsonArray("comments", new JsonArray()).stream()
      .map(c -> ReviewComment.from((JsonObject) c)).toList();
    String body = args.getString("body", "");
    if ("request_changes".equals(verdict) && body.isBlank() && comments.isEmpty()) {
      throw ToolException.invalid("request_changes needs a body or comments saying what to change");
    }
    return reader.pullJson(repo, number, false).compose(pull -> {
      String head = pull.getJsonObject("head", new JsonObject()).getString("sha", "");
      List<String> warnings = new ArrayList<>();
      if (!head.startsWith(commit)) {
        if (!args.getBoolean("allow_moved_head", false)) {
          throw ToolException.conflict("the pull request's head moved from " + commit + " (the commit you reviewed) to " + head
            + "; nothing was posted. Read the diff again (since_sha: " + commit + " shows what changed) and review " + head
            + ", or set allow_moved_head to post on " + commit + " anyway.");
        }
        warnings.add("the head moved to " + head + "; the review is on " + commit + " as asked (allow_moved_head)");
      }
      return diffs.source(repo, number, commit, null).compose(source -> {
        Map<String, Commentable> files = new HashMap<>();
        for (FileDiff file : engine.parse(source.diff()).files()) {
          files.put(file.path(), Commentable.ofHunks(file));
        }
        AnchorCheck.check(comments, files, "GitHub takes comments only on lines inside the diff's hunks");
        String marker = WriteMarker.of(repo.pull(number), commit, verdict, body, new JsonArray(
          args.getJsonArray("comments", new JsonArray()).getList()).encode());
        return postedReview(repo, number, marker).compose(existing -> existing != null
          ? Future.succeededFuture(new JsonObject().put("posted", false).put("already_posted", true)
            .put("review_id", existing.getValue("id")).put("url", existing.getString("html_url")).put("warnings", new JsonArray(warnings)))
          : postReview(repo, number, commit, event, body, marker, comments, warnings));
      });
    });
  }

  /** The review carrying {@code marker}, if an earlier attempt posted it. */
  private Future<JsonObject> postedReview(RepoRef repo, int number, String marker) {
    int pages = client.options().maxListPages();
    return client.getPages(repo.path() + "/pulls/" + number + "/reviews?per_page=100", null, 100 * pages, pages,
        "the reviews of " + repo.pull(number))
      .map(reviews -> reviews.stream().filter(r -> WriteMarker.in(r.getString("body"), marker)).findFirst().orElse(null));
  }

  private Future<JsonObject> postReview(RepoRef repo, int number, String commit, String event, String body, String marker,
                                        List<ReviewComment> comments, List<String> warnings) {
    JsonArray lineComments = new JsonArray();
    List<ReviewComment> fileComments = new ArrayList<>();
    for (ReviewComment c : comments) {
      if (c.onFile()) {
        fileComments.add(c);
        continue;
      }
      String side = c.onOldSide() ? "LEFT" : "RIGHT";
      JsonObject json = new JsonObject().put("path", c.path()).put("line", c.line()).put("side", side).put("body", c.body());
      if (c.startLine() != null && !c.startLine().equals(c.line())) {
        json.put("start_line", c.startLine()).put("start_side", side);
      }
      lineComments.add(json);
    }
    // File-level comments first (each carries the marker): a retry finds the review by its own marker, so these run
    // only before the review exists; GitHub's reviews API has no file-level comments.
    Future<Void> files = Future.succeededFuture();
    for (ReviewComment c : fileComments) {
      JsonObject json = new JsonObject().put("body", WriteMarker.mark(c.body(), marker)).put("commit_id", commit)
        .put("path", c.path()).put("subject_type", "file");
      files = files.compose(v -> client.write(HttpMethod.POST, repo.path() + "/pulls/" + number + "/comments", json,
        "comment on " + c.path() + " of " + repo.pull(number)).map(r -> {
          r.requireOk("a file comment on " + repo.pull(number));
          return null;
        }));
    }
    JsonObject review = new JsonObject().put("commit_id", commit).put("body", WriteMarker.mark(body, marker)).put("event", event)
      .put("comments", lineComments);
    return files.compose(v -> client.write(HttpMethod.POST, repo.path() + "/pulls/" + number + "/reviews", review,
      "post a review on " + repo.pull(number))).map(response -> {
        JsonObject posted = response.requireOk("the review of " + repo.pull(number)).json();
        return new JsonObject().put("posted", true).put("already_posted", false).put("review_id", posted.getValue("id"))
          .put("comments", comments.size()).put("url", posted.getString("html_url")).put("warnings", new JsonArray(warnings));
      });
  }

  // --- pr_reply / pr_resolve_thread --------------------------------------------------------------------------

  Future<JsonObject> reply(RepoRef repo, int number, JsonObject args) {
    String thread = args.getString("thread_id");
    String marker = WriteMarker.of(repo.pull(number), thread, args.getString("body"));
    return client.graphql(THREAD_COMMENTS, new JsonObject().put("id", thread), false, "read thread " + thread).compose(data -> {
      JsonObject node = data.getJsonObject("node");
      if (node == null || node.getString("id") == null) {
        throw ToolException.notFound("review thread " + thread + " not found on " + repo.pull(number)
          + "; take its id from pr_list_threads");
      }
      for (Object c : node.getJsonObject("comments", new JsonObject()).getJsonArray("nodes", new JsonArray())) {
        if (c instanceof JsonObject comment && WriteMarker.in(comment.getString("body"), marker)) {
          return Future.succeededFuture(new JsonObject().put("posted", false).put("already_posted", true)
            .put("comment_id", comment.getString("id")).put("warnings", new JsonArray()));
        }
      }
      return client.graphql(REPLY, new JsonObject().put("thread", thread).put("body", WriteMarker.mark(args.getString("body"), marker)),
        true, "reply in thread " + thread).map(reply -> new JsonObject().put("posted", true).put("already_posted", false)
          .put("comment_id", reply.getJsonObject("addPullRequestReviewThreadReply", new JsonObject())
            .getJsonObject("comment", new JsonObject()).getString("id")).put("warnings", new JsonArray()));
    });
  }

  Future<JsonObject> resolve(RepoRef repo, int number, JsonObject args) {
    String thread = args.getString("thread_id");
    boolean resolved = args.getBoolean("resolved");
    return client.graphql(resolved ? RESOLVE : UNRESOLVE, new JsonObject().put("thread", thread), true,
      (resolved ? "resolve" : "reopen") + " thread " + thread + " of " + repo.pull(number)).map(data -> {
        JsonObject done = data.getJsonObject(resolved ? "resolveReviewThread" : "unresolveReviewThread", new JsonObject())
          .getJsonObject("thread", new JsonObject());
        return new JsonObject().put("thread_id", done.getString("id", thread))
          .put("status", done.getBoolean("isResolved", resolved) ? "resolved" : "unresolved").put("warnings", new JsonArray());
      });
  }
}
