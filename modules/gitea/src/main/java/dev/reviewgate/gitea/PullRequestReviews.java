package dev.reviewgate.gitea;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.forge.diff.ChangeDiff;
import dev.reviewgate.forge.diff.ForgeDiffs;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.thread.AnchorCheck;
import dev.reviewgate.forge.thread.Commentable;
import dev.reviewgate.forge.thread.Reported;
import dev.reviewgate.forge.thread.ReviewComment;
import dev.reviewgate.forge.thread.Author;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Review threads on Gitea and Forgejo. A conversation there is a path and a line on one side (Gitea's comment line is
 * signed: new side positive, old side negative; its API gives {@code position} and {@code original_position}), so
 * the comments of published reviews are grouped by that anchor. A review is one request with all its comments, so it
 * arrives whole; it carries a {@link WriteMarker}, so a retry after a lost response finds it and posts nothing. Gitea
 * takes a comment on any line or path without a word, so every anchor is checked against this server's diff of
 * {@code merge_base..head} first. There is no reply endpoint (a reply is a one-comment review on the same spot) and
 * no API to resolve a conversation.
 */
final class PullRequestReviews {

  private static final String RULE = "Gitea shows comments on lines of the pull request's diff hunks (it accepts others "
    + "silently, where nobody sees them): added and context lines on the new side, removed and context lines on the old side";
  private static final String REVIEW_THREAD = "review-";

  private final GiteaClient client;
  private final PullRequests pullRequests;

  PullRequestReviews(GiteaClient client, PullRequests pullRequests) {
    this.client = client;
    this.pullRequests = pullRequests;
  }

  /** One published review and its code comments. */
  private record Review(long id, String state, String author, String body, String submitted, String url,
                        List<Comment> comments) {
  }

  /** A code comment and its anchor: {@code side} null for a comment Gitea placed on no line. */
  private record Comment(long id, String path, String side, Integer line, boolean resolved, ReviewThread.Comment shown) {

    String key() {
      return path + "\u0000" + side + "\u0000" + line;
    }
  }

  // --- reading -------------------------------------------------------------------------------------------------

  /** Every review of the pull request with its comments; the token user's pending review (unpublished) left out. */
  private Future<List<Review>> reviews(PullRequests.Repo repo, long number) {
    String missing = PullRequests.notFound(repo, number);
    return client.getAll(repo.pull(number) + "/reviews", Map.of(), missing, client.options().maxListItems(), "gitea.maxListItems")
      .compose(all -> {
        // Each review's id is read here, where a reply lacking it is Gitea's error, not ours.
        Map<Long, Fields> listed = ForgeReplies.read(GiteaEndpoints.REVIEWS, "the pull request's reviews", () -> {
          Map<Long, Fields> byId = new LinkedHashMap<>();
          PullRequests.all(GiteaEndpoints.REVIEWS, all).stream().filter(r -> !"PENDING".equals(r.optString("state")))
            .forEach(r -> byId.put(r.longValue("id"), r));
          return byId;
        });
        List<Future<Review>> each = new ArrayList<>();
        for (Map.Entry<Long, Fields> listedReview : listed.entrySet()) {
          long id = listedReview.getKey();
          Fields review = listedReview.getValue();
          Integer count = review.optInt("comments_count");
          // The review's comments come in one answer (that endpoint is not paged).
          Future<List<Comment>> comments = count != null && count == 0 ? Future.succeededFuture(List.of())
            : client.getPage(repo.pull(number) + "/reviews/" + id + "/comments", Map.of(), "review " + id + " not found on "
              + "pull request #" + number + " of " + repo).map(page -> ForgeReplies.read(GiteaEndpoints.REVIEW_COMMENTS,
                "the review's comments", () -> PullRequests.all(GiteaEndpoints.REVIEW_COMMENTS, page.items()).stream()
                  .map(PullRequestReviews::comment).toList()));
          each.add(comments.map(list -> new Review(id, review.optString("state"), GiteaEndpoints.login(review.optObject("user")),
            review.optString("body", ""), review.optString("submitted_at"), review.optString("html_url"), list)));
        }
        return Future.all(each).map(done -> each.stream().map(Future::result).toList());
      });
  }

  /**
   * A comment as Gitea's PullReviewComment has it: {@code position} is the new side's line and
   * {@code original_position} the old side's (each 0 when not on that side); {@code resolver} is set once the
   * conversation was resolved in the web UI. Only {@code id} and {@code path} are needed.
   */
  private static Comment comment(Fields json) {
    long id = json.longValue("id");
    Integer newLine = json.optInt("position");
    Integer oldLine = json.optInt("original_position");
    String side = newLine != null && newLine > 0 ? "new" : oldLine != null && oldLine > 0 ? "old" : null;
    Integer line = "new".equals(side) ? newLine : "old".equals(side) ? oldLine : null;
    ReviewThread.Comment shown = new ReviewThread.Comment(Long.toString(id),
      Author.untrusted(GiteaEndpoints.login(json.optObject("user"))),
      json.optString("created_at"), json.optString("body", ""), Reported.of(json.optString("html_url")));
    return new Comment(id, json.string("path"), side, line, json.optObject("resolver") != null, shown);
  }

  /** The conversations: comments grouped by their anchor, in the order their first comment was written. */
  private static List<ReviewThread> threads(List<Review> reviews) {
    Map<String, List<Comment>> byAnchor = new LinkedHashMap<>();
    List<ReviewThread> summaries = new ArrayList<>();
    List<Comment> all = new ArrayList<>();
    for (Review review : reviews) {
      all.addAll(review.comments());
      if (!review.body().isBlank() && !onlyMarker(review.body())) {
        summaries.add(new ReviewThread(REVIEW_THREAD + review.id(), null, null, "unresolvable", List.of(new ReviewThread.Comment(
          REVIEW_THREAD + review.id(), Author.untrusted(review.author()), review.submitted(), review.body(), Reported.of(review.url())))));
      }
    }
    all.sort((a, b) -> Long.compare(a.id(), b.id()));
    all.forEach(c -> byAnchor.computeIfAbsent(c.key(), k -> new ArrayList<>()).add(c));
    List<ReviewThread> threads = new ArrayList<>(summaries);
    for (List<Comment> comments : byAnchor.values()) {
      Comment first = comments.get(0);
      ReviewThread.Lines lines = first.line() == null ? null : new ReviewThread.Lines(first.line(), null);
      threads.add(new ReviewThread(Long.toString(first.id()), new ReviewThread.Anchor(first.path(), first.side(), lines, null),
        null, comments.stream().anyMatch(Comment::resolved) ? "resolved" : "unresolved",
        comments.stream().map(Comment::shown).toList()));
    }
    return threads;
  }

  private static boolean onlyMarker(String body) {
    return body.strip().startsWith("<!-- reviewgate:") && body.strip().endsWith("-->") && body.strip().length() < 48;
  }

  // --- pr_list_threads ---------------------------------------------------------------------------------------

  Future<JsonObject> list(JsonObject args) {
    PullRequests.Repo repo = PullRequests.Repo.of(args);
    long number = args.getLong("pr_number");
    return reviews(repo, number).compose(reviews -> {
      List<ReviewThread> threads = threads(reviews);
      JsonArray paths = new JsonArray(threads.stream().map(ReviewThread::path).filter(p -> p != null).distinct().toList());
      List<String> warnings = new ArrayList<>();
      // The hunks of the current diff of the files that have threads: context, so a diff Gitea cannot give yet leaves
      // the hunks out, saying why, rather than the threads.
      Future<Diff> diff = paths.isEmpty() ? Future.succeededFuture(ChangeDiff.joined(List.of())) : pullRequests.diff(repo, number,
          new JsonObject().put("files", paths).put("top", 1000))
        .map(d -> ChangeDiff.joined(d.written() == null ? List.of() : d.changes().page().stream()
          .map(d.written().byChange()::get).filter(w -> w != null).toList()))
        .recover(failure -> {
          if (!(failure instanceof ToolException e) || e.code() != Failure.UPSTREAM) {
            return Future.failedFuture(failure);
          }
          warnings.add("hunk left out of every thread: " + e.getMessage());
          return Future.succeededFuture(ChangeDiff.joined(List.of()));
        });
      return diff.map(written -> ThreadJson.listing(ThreadListing.of("gitea", (int) number,
        ThreadTools.withHunks(threads, () -> written), args, Set.of("unresolved"), warnings)));
    });
  }

  // --- pr_review ---------------------------------------------------------------------------------------------

  /** Our verdicts in Gitea's words: an unknown word (GitHub's APPROVE) would silently leave a PENDING review. */
  static String event(String verdict) {
    return switch (verdict) {
      case "approve", "approve_with_suggestions" -> "APPROVED";
      case "request_changes", "wait_for_author" -> "REQUEST_CHANGES";
      default -> "COMMENT";
    };
  }

  Future<JsonObject> review(JsonObject args) {
    client.requireWriteToken();
    PullRequests.Repo repo = PullRequests.Repo.of(args);
    long number = args.getLong("pr_number");
    String commit = args.getString("commit_id").toLowerCase(Locale.ROOT);
    String verdict = args.getString("verdict", "comment");
    String body = args.getString("body", "");
    List<ReviewComment> comments = args.getJsonArray("comments", new JsonArray()).stream()
      .map(c -> ReviewComment.from((JsonObject) c)).toList();
    List<String> warnings = new ArrayList<>();
    onLines(comments, warnings);
    return pullRequests.pullRequest(repo, number).compose(pr -> {
      String head = PullRequests.required(pr.headSha(), "head.sha", "its head commit", number);
      if (!head.startsWith(commit)) {
        if (!args.getBoolean("allow_moved_head", false)) {
          throw ToolException.conflict("the pull request's head moved from " + commit + " (the commit you reviewed) to " + head
            + "; nothing was posted. Read the diff again (since_sha: " + commit + " shows what changed) and review " + head
            + ", or set allow_moved_head to post anyway.");
        }
        warnings.add("the head moved to " + head + "; the comments are anchored to its diff");
      }
      return commentable(repo, number, pr, comments).compose(files -> {
        AnchorCheck.check(comments, files, RULE);
        String marker = WriteMarker.of("gitea", repo.toString(), Long.toString(number), commit, verdict, body,
          args.getJsonArray("comments", new JsonArray()).encode());
        return reviews(repo, number).compose(existing -> {
          Review earlier = existing.stream().filter(r -> WriteMarker.in(r.body(), marker)).findFirst().orElse(null);
          if (earlier != null) {
            return Future.succeededFuture(ThreadJson.review(new ThreadWrites.Review(false, true, Reported.of(earlier.id()),
              comments.size(), earlier.url(), warnings)));
          }
          JsonArray anchored = new JsonArray();
          for (int i = 0; i < comments.size(); i++) {
            anchored.add(anchor(comments.get(i), WriteMarker.mark(comments.get(i).body(), WriteMarker.of(marker, Integer.toString(i)))));
          }
          JsonObject request = new JsonObject().put("body", WriteMarker.mark(body, marker)).put("event", event(verdict))
            .put("commit_id", head).put("comments", anchored);
          return post(repo, number, request).map(posted -> ThreadJson.review(new ThreadWrites.Review(true, false,
            Reported.of(posted.optLong("id")), comments.size(), posted.optString("html_url"), warnings)));
        });
      });
    });
  }

  /** Gitea anchors a comment on one line of one side: a file comment is refused, a range sits on its last line. */
  private static void onLines(List<ReviewComment> comments, List<String> warnings) {
    List<String> onFiles = new ArrayList<>();
    for (int i = 0; i < comments.size(); i++) {
      ReviewComment c = comments.get(i);
      if (c.onFile()) {
        onFiles.add("comment " + (i + 1) + " (" + c.describe() + ")");
      } else if (c.startLine() != null && !c.startLine().equals(c.line())) {
        warnings.add("Gitea anchors a comment on one line: comment " + (i + 1) + " (" + c.describe() + ") sits on line " + c.line());
      }
    }
    if (!onFiles.isEmpty()) {
      throw ToolException.invalid("the review was not sent: Gitea anchors review comments on a line of the diff, and these "
        + "name none: " + String.join(", ", onFiles) + ". Give each a line (and side), or put the remark in the review's "
        + "body; nothing was posted.");
    }
  }

  /** A review comment in Gitea's words: the line in the new file, or in the old one, the other side 0. */
  private static JsonObject anchor(ReviewComment comment, String body) {
    return new JsonObject().put("path", comment.path()).put("body", body)
      .put("new_position", comment.onOldSide() ? 0 : comment.line()).put("old_position", comment.onOldSide() ? comment.line() : 0);
  }

  /** Per changed file, the lines of its diff hunks (files no comment names are not diffed). */
  private Future<Map<String, Commentable>> commentable(PullRequests.Repo repo, long number, GiteaPullRequest pr,
                                                       List<ReviewComment> comments) {
    Set<String> named = new HashSet<>();
    comments.forEach(c -> named.add(c.path()));
    return pullRequests.diffs().changes(repo, number).compose(changes -> {
      List<PullRequestFile> wanted = changes.stream().filter(c -> named.contains(c.path())).toList();
      Future<ForgeDiffs.Written<PullRequestFile>> written = wanted.isEmpty() ? Future.succeededFuture(null)
        : pullRequests.diffs().written(repo, wanted, PullRequests.required(pr.mergeBase(), "merge_base",
          "the merge base its diff starts from", number), pr.headSha(), 3, new ArrayList<>());
      return written.map(w -> {
        Map<String, Commentable> files = new HashMap<>();
        changes.forEach(c -> files.put(c.path(), new Commentable(new java.util.TreeSet<>(), new java.util.TreeSet<>())));
        if (w != null) {
          w.byChange().forEach((change, diff) -> {
            List<FileDiff> built = diff.files();
            built.stream().filter(f -> change.path().equals(f.path()) || change.path().equals(f.newPath())).findFirst()
              .or(() -> built.stream().reduce((a, b) -> b)).ifPresent(f -> files.put(change.path(), Commentable.ofHunks(f)));
          });
        }
        return files;
      });
    });
  }

  private Future<Fields> post(PullRequests.Repo repo, long number, JsonObject request) {
    return client.write(HttpMethod.POST, repo.pull(number) + "/reviews", request, PullRequests.notFound(repo, number))
      .map(json -> ForgeReplies.read(GiteaEndpoints.CREATE_REVIEW, "the posted review",
        () -> Fields.of(GiteaEndpoints.CREATE_REVIEW, json)));
  }

  // --- pr_reply / pr_resolve_thread --------------------------------------------------------------------------

  Future<JsonObject> reply(JsonObject args) {
    client.requireWriteToken();
    PullRequests.Repo repo = PullRequests.Repo.of(args);
    long number = args.getLong("pr_number");
    String threadId = args.getString("thread_id");
    if (threadId.startsWith(REVIEW_THREAD)) {
      throw ToolException.invalid("thread " + threadId + " is a review's summary, which has no conversation on Gitea; reply "
        + "on one of its line comments (their ids are numbers in pr_list_threads), or post a review; nothing was sent");
    }
    if (!threadId.matches("\\d{1,19}")) {
      throw ToolException.invalid("a Gitea thread_id is the number of the conversation's first comment (from pr_list_threads), "
        + "not '" + threadId + "'");
    }
    long id = Long.parseLong(threadId);
    String body = args.getString("body");
    String marker = WriteMarker.of("gitea", repo.toString(), Long.toString(number), threadId, body);
    return reviews(repo, number).compose(reviews -> {
      List<Comment> all = reviews.stream().flatMap(r -> r.comments().stream()).toList();
      Comment first = all.stream().filter(c -> c.id() == id).findFirst().orElseThrow(() -> ToolException.notFound("thread "
        + threadId + " not found on pull request #" + number + " of " + repo + "; take its id from pr_list_threads"));
      if (first.side() == null) {
        throw ToolException.invalid("thread " + threadId + " sits on no line Gitea names, so a reply (a comment on the same "
          + "line) cannot be placed; nothing was sent");
      }
      List<Comment> thread = all.stream().filter(c -> c.key().equals(first.key())).toList();
      if (thread.stream().anyMatch(c -> WriteMarker.in(c.shown().body(), marker))) {
        return Future.succeededFuture(ThreadJson.reply(ThreadWrites.Reply.already(null)));
      }
      ReviewComment spot = new ReviewComment(first.path(), first.line(), null, first.side(), body);
      JsonObject request = new JsonObject().put("event", "COMMENT").put("body", "")
        .put("comments", new JsonArray().add(anchor(spot, WriteMarker.mark(body, marker))));
      List<String> said = List.of("Gitea has no reply endpoint: the reply was posted as a one-comment review on the same line");
      return post(repo, number, request).compose(posted -> {
        Long review = posted.optLong("id");
        if (review == null) {
          return Future.succeededFuture(ThreadJson.reply(ThreadWrites.Reply.posted(null, said)));
        }
        // The review's answer names no comment: its one comment is the reply.
        return client.getPage(repo.pull(number) + "/reviews/" + review + "/comments", Map.of(), "review " + review
            + " not found on pull request #" + number + " of " + repo)
          .map(page -> ForgeReplies.read(GiteaEndpoints.REVIEW_COMMENTS, "pr_reply", () -> PullRequests.all(
            GiteaEndpoints.REVIEW_COMMENTS, page.items()).stream().map(c -> c.optLong("id")).filter(commentId -> commentId != null)
            .map(String::valueOf).findFirst().orElse(null)))
          .recover(unread -> Future.succeededFuture(null))
          .map(commentId -> ThreadJson.reply(ThreadWrites.Reply.posted(commentId, said)));
      });
    });
  }

  /** Neither Gitea's nor Forgejo's API can resolve a conversation: said at once, with nothing sent. */
  Future<JsonObject> resolve(JsonObject args) {
    throw ToolException.invalid("Gitea's and Forgejo's API cannot " + (args.getBoolean("resolved", true) ? "resolve" : "reopen")
      + " a conversation: only the web UI can (\"Resolve conversation\" on the pull request's Files changed tab). Nothing "
      + "was sent.");
  }
}
