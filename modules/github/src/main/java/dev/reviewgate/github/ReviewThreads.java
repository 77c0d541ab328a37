package dev.reviewgate.github;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.thread.AnchorCheck;
import dev.reviewgate.forge.thread.Commentable;
import dev.reviewgate.forge.thread.Reported;
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
              id isResolved isOutdated path line startLine originalLine diffSide subjectType
              comments(first: 100) { nodes { id author { login } authorAssociation body createdAt url } }
            }
            pageInfo { hasNextPage endCursor }
          }
        }
      }
    }""";
  private static final String THREAD_COMMENTS = """
    query($id: ID!) { node(id: $id) { ... on PullRequestReviewThread { id comments(last: 100) { nodes { id body } } } } }""";
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
    List<ReviewThread> threads = new ArrayList<>();
    return threadPage(repo, number, null, threads, client.options().maxListPages())
      .compose(incomplete -> diffs.withSource(repo, number, null, source -> {
        List<String> warnings = new ArrayList<>(unknowns(threads));
        if (incomplete != null) {
          warnings.add(incomplete);
        }
        return ThreadJson.listing(ThreadListing.of("github", number,
          ThreadTools.withHunks(threads, () -> engine.parse(source.diff())), args, Set.of("unresolved"), warnings));
      }));
  }

  /** Reads pages of threads into {@code into}; completes with null when every page was read, else with why not. */
  private Future<String> threadPage(RepoRef repo, int number, String after, List<ReviewThread> into, int pagesLeft) {
    JsonObject variables = new JsonObject().put("owner", repo.owner()).put("repo", repo.repo()).put("number", number)
      .put("after", after);
    String action = "list the review threads of " + repo.pull(number);
    return client.graphql(THREADS, variables, false, action).compose(data -> {
      ThreadPage page = ForgeReplies.read(GitHubEndpoints.REVIEW_THREADS, action,
        () -> ThreadPage.from(Fields.of(GitHubEndpoints.REVIEW_THREADS, data)));
      if (page == null) {
        throw ToolException.notFound("pull request " + repo.pull(number) + " not found on GitHub; check owner, repo and number");
      }
      into.addAll(page.threads());
      if (Boolean.FALSE.equals(page.hasNextPage())) {
        return Future.succeededFuture();
      }
      if (page.hasNextPage() == null || page.endCursor() == null) {
        return Future.succeededFuture("GitHub did not say where the next page of threads starts (pageInfo without hasNextPage "
          + "or endCursor); " + into.size() + " threads were read and more may exist");
      }
      if (pagesLeft <= 1) {
        return Future.succeededFuture("only the first " + into.size() + " threads were read (" + client.options().maxListPages()
          + " pages of 100, github.maxListPages)");
      }
      return threadPage(repo, number, page.endCursor(), into, pagesLeft - 1);
    });
  }

  /**
   * One page of {@code repository.pullRequest.reviewThreads}, read with GitHub's GraphQL schema: {@code repository}
   * and {@code pullRequest} are nullable (null: not found), the connection and its {@code pageInfo} are not,
   * {@code nodes} and its elements are nullable, {@code endCursor} is nullable. {@code hasNextPage} is null when
   * GitHub did not say (no {@code pageInfo}): the threads read are kept, and the answer says more may exist.
   */
  private record ThreadPage(List<ReviewThread> threads, Boolean hasNextPage, String endCursor) {

    /** The page, or null when GitHub found no such repository or pull request. */
    static ThreadPage from(Fields data) {
      Fields repository = data.optObject("repository");
      Fields pull = repository == null ? null : repository.optObject("pullRequest");
      if (pull == null) {
        return null;
      }
      Fields connection = pull.object("reviewThreads");
      Fields info = connection.optObject("pageInfo");
      return new ThreadPage(connection.objects("nodes", ReviewThreads::thread), info == null ? null : info.optBoolean("hasNextPage"),
        info == null ? null : info.optString("endCursor"));
    }
  }

  /**
   * A {@code PullRequestReviewThread}: {@code id} and {@code isResolved} are non-null and needed ({@code isOutdated},
   * non-null too, is only shown: null if GitHub left it out); {@code line} (null once outdated, and for a file
   * comment), {@code startLine} and {@code originalLine} are nullable; {@code subjectType: FILE} is a thread on the
   * whole file. A comment's {@code author} is nullable (a deleted account). GitHub always reports every anchor member.
   */
  private static ReviewThread thread(Fields node) {
    ReviewThread.Anchor anchor = new ReviewThread.Anchor(node.optString("path"),
      "LEFT".equals(node.optString("diffSide")) ? "old" : "new", new ReviewThread.Lines(node.optInt("line"), node.optInt("startLine")),
      new ReviewThread.Origin("FILE".equals(node.optString("subjectType")), node.optInt("originalLine")));
    return new ReviewThread(node.string("id"), anchor, node.optBoolean("isOutdated"),
      required(node, "isResolved") ? "resolved" : "unresolved", node.object("comments").objects("nodes", ReviewThreads::comment));
  }

  /** A {@code PullRequestReviewComment}; {@code author} null for a deleted account. */
  private static ReviewThread.Comment comment(Fields node) {
    return new ReviewThread.Comment(node.optString("id"), AuthorAssociation.of(node.optObject("author"), node.optString("authorAssociation")),
      node.optString("createdAt"), node.optString("body"), Reported.of(node.optString("url")));
  }

  /** What GitHub left unsaid about these threads, in words an agent can act on. */
  private static List<String> unknowns(List<ReviewThread> threads) {
    List<String> out = new ArrayList<>();
    long lineless = threads.stream().filter(t -> !t.anchor().origin().onFile() && t.line() == null).count();
    if (lineless > 0) {
      out.add(lineless + " thread(s) have no line in the current diff (line: null; outdated by later pushes): original_line is "
        + "the line they were written on, in the diff of their time");
    }
    long ghosts = threads.stream().flatMap(t -> t.comments().stream()).filter(c -> c.author().login() == null).count();
    if (ghosts > 0) {
      out.add(ghosts + " comment(s) have no known author (author: null): GitHub sent none, as it does for a deleted account "
        + "(shown as \"ghost\")");
    }
    return out;
  }

  /** A non-null GraphQL Boolean the call needs. */
  private static boolean required(Fields node, String name) {
    Boolean value = node.optBoolean(name);
    if (value == null) {
      throw node.missing(name, "a boolean");
    }
    return value;
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
    return reader.pull(repo, number, false).compose(pull -> {
      String head = pull.headSha();
      List<String> warnings = new ArrayList<>();
      if (!head.startsWith(commit)) {
        if (!args.getBoolean("allow_moved_head", false)) {
          throw ToolException.conflict("the pull request's head moved from " + commit + " (the commit you reviewed) to " + head
            + "; nothing was posted. Read the diff again (since_sha: " + commit + " shows what changed) and review " + head
            + ", or set allow_moved_head to post on " + commit + " anyway.");
        }
        warnings.add("the head moved to " + head + "; the review is on " + commit + " as asked (allow_moved_head)");
      }
      return diffs.withSource(repo, number, commit, source -> {
        Map<String, Commentable> files = new HashMap<>();
        for (FileDiff file : engine.parse(source.diff()).files()) {
          files.put(file.path(), Commentable.ofHunks(file));
        }
        return files;
      }).compose(files -> {
        AnchorCheck.check(comments, files, "GitHub takes comments only on lines inside the diff's hunks");
        String marker = WriteMarker.of(repo.pull(number), commit, verdict, body, new JsonArray(
          args.getJsonArray("comments", new JsonArray()).getList()).encode());
        return postedReview(repo, number, marker).compose(existing -> existing != null
          ? Future.succeededFuture(ThreadJson.review(new ThreadWrites.Review(false, true, Reported.of(existing.optLong("id")), null,
            existing.optString("html_url"), warnings)))
          : postReview(repo, number, commit, event, body, marker, comments, warnings));
      });
    });
  }

  /** The review carrying {@code marker}, if an earlier attempt posted it. */
  private Future<Fields> postedReview(RepoRef repo, int number, String marker) {
    int pages = client.options().maxListPages();
    return client.getPages(repo.path() + "/pulls/" + number + "/reviews?per_page=100", GitHubEndpoints.REVIEWS, null, 100 * pages,
        pages, "the reviews of " + repo.pull(number))
      .map(reviews -> reviews.stream().filter(r -> WriteMarker.in(r.optString("body"), marker)).findFirst().orElse(null));
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
        Fields posted = Fields.of(GitHubEndpoints.CREATE_REVIEW, response.requireOk("the review of " + repo.pull(number)).json());
        return ThreadJson.review(new ThreadWrites.Review(true, false, Reported.of(posted.optLong("id")), comments.size(),
          posted.optString("html_url"), warnings));
      });
  }

  // --- pr_reply / pr_resolve_thread --------------------------------------------------------------------------

  Future<JsonObject> reply(RepoRef repo, int number, JsonObject args) {
    String thread = args.getString("thread_id");
    String marker = WriteMarker.of(repo.pull(number), thread, args.getString("body"));
    String read = "read thread " + thread;
    return client.graphql(THREAD_COMMENTS, new JsonObject().put("id", thread), false, read).compose(data -> {
      // node is nullable (no such id), and so are the comments' nodes and their elements
      List<Fields> comments = ForgeReplies.read(GitHubEndpoints.THREAD_COMMENTS, read, () -> {
        Fields node = Fields.of(GitHubEndpoints.THREAD_COMMENTS, data).optObject("node");
        return node == null || node.optString("id") == null ? null : node.object("comments").objects("nodes");
      });
      if (comments == null) {
        throw ToolException.notFound("review thread " + thread + " not found on " + repo.pull(number)
          + "; take its id from pr_list_threads");
      }
      for (Fields comment : comments) {
        if (WriteMarker.in(comment.optString("body"), marker)) {
          return Future.succeededFuture(ThreadJson.reply(ThreadWrites.Reply.already(Reported.of(comment.optString("id")))));
        }
      }
      return client.graphql(REPLY, new JsonObject().put("thread", thread).put("body", WriteMarker.mark(args.getString("body"), marker)),
        true, "reply in thread " + thread).map(reply -> {
          Fields payload = Fields.of(GitHubEndpoints.REPLY, reply).optObject("addPullRequestReviewThreadReply");
          Fields comment = payload == null ? null : payload.optObject("comment");
          return ThreadJson.reply(ThreadWrites.Reply.posted(comment == null ? null : comment.optString("id"), List.of()));
        });
    });
  }

  Future<JsonObject> resolve(RepoRef repo, int number, JsonObject args) {
    String thread = args.getString("thread_id");
    boolean resolved = args.getBoolean("resolved");
    return client.graphql(resolved ? RESOLVE : UNRESOLVE, new JsonObject().put("thread", thread), true,
      (resolved ? "resolve" : "reopen") + " thread " + thread + " of " + repo.pull(number)).map(data -> {
        // the payload and its thread are nullable in GitHub's schema: then the change asked for is what we know
        Fields payload = Fields.of(resolved ? GitHubEndpoints.RESOLVE : GitHubEndpoints.UNRESOLVE, data)
          .optObject(resolved ? "resolveReviewThread" : "unresolveReviewThread");
        Fields done = payload == null ? null : payload.optObject("thread");
        return ThreadJson.resolve(new ThreadWrites.Resolve(done == null ? thread : done.optString("id", thread),
          (done == null ? resolved : done.bool("isResolved", resolved)) ? "resolved" : "unresolved"));
      });
  }
}
