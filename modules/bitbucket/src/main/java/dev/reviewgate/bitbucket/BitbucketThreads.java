package dev.reviewgate.bitbucket;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.LineKind;
import dev.reviewgate.forge.diff.ChangeDiff;
import dev.reviewgate.forge.diff.ForgeDiffs;
import dev.reviewgate.forge.thread.AnchorCheck;
import dev.reviewgate.forge.thread.Author;
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
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Review threads on Bitbucket, both flavours: a thread is a first comment and its replies. Neither flavour posts a
 * review at once: the body and each comment are posted one by one, then the verdict, each carrying its own
 * {@link WriteMarker}, so a call repeated after a lost answer or a failed step posts only what is missing. Every
 * anchor is checked against git's merge-base diff first (Cloud checks none itself). Data Center numbers old-side
 * lines by its diff against the would-be merge, which differs from the merge-base diff only in files the target branch
 * changed since the merge base: an old-side comment on such a file is refused, saying why.
 */
final class BitbucketThreads {

  private final BitbucketClient client;
  private final PullRequests pulls;
  private final BitbucketApi api;

  BitbucketThreads(BitbucketClient client, PullRequests pulls) {
    this.client = client;
    this.pulls = pulls;
    this.api = pulls.api();
  }

  // --- pr_list_threads ---------------------------------------------------------------------------------------

  Future<JsonObject> list(JsonObject args) {
    Repo repo = Repo.of(args, pulls.flavor());
    long id = args.getLong("pr_number");
    return api.comments(repo, id).compose(all -> {
      List<ReviewThread> threads = threads(all);
      JsonArray paths = new JsonArray(threads.stream().map(ReviewThread::path).filter(p -> p != null).distinct().toList());
      List<String> warnings = new ArrayList<>();
      Future<Diff> diff = paths.isEmpty() ? Future.succeededFuture(ChangeDiff.joined(List.of())) : ThreadTools.hunksFrom(
        pulls.diff(repo, id, new JsonObject().put("files", paths).put("top", 1000))
          .map(d -> ChangeDiff.joined(d.written() == null ? List.of() : d.changes().page().stream()
            .map(d.written().byChange()::get).filter(w -> w != null).toList())), warnings);
      return diff.map(written -> ThreadJson.listing(ThreadListing.of("bitbucket", (int) id,
        ThreadTools.withHunks(threads, () -> written), args, Set.of("unresolved"), warnings)));
    });
  }

  /** The comments grouped by thread (each reply under its thread's first comment), in the order threads began. */
  List<ReviewThread> threads(List<BitbucketComment> all) {
    Map<String, BitbucketComment> byId = new HashMap<>();
    all.forEach(c -> byId.put(c.id(), c));
    Map<String, List<BitbucketComment>> byRoot = new LinkedHashMap<>();
    for (BitbucketComment comment : all) {
      byRoot.computeIfAbsent(root(comment, byId).id(), k -> new ArrayList<>()).add(comment);
    }
    List<ReviewThread> threads = new ArrayList<>();
    byRoot.forEach((rootId, comments) -> {
      BitbucketComment root = byId.get(rootId);
      ReviewThread.Anchor anchor = root.path() == null ? null : new ReviewThread.Anchor(root.path(), root.side(),
        root.line() == null ? null : new ReviewThread.Lines(root.line(), root.startLine()), null);
      String status = root.resolved() == null ? "unresolvable" : root.resolved() ? "resolved" : "unresolved";
      threads.add(new ReviewThread(rootId, anchor, null, status, comments.stream().map(c -> pulls.flavor() == Flavor.CLOUD
        ? new ReviewThread.Comment(c.id(), Author.untrusted(c.author()), c.created(), c.body(), Reported.of(c.url()))
        : new ReviewThread.Comment(c.id(), Author.untrusted(c.author()), c.created(), c.body())).toList()));
    });
    return threads;
  }

  /** The first comment of a comment's thread; a reply whose parent is not listed (deleted) starts its own. */
  private static BitbucketComment root(BitbucketComment comment, Map<String, BitbucketComment> byId) {
    BitbucketComment at = comment;
    for (int depth = 0; at.parentId() != null && byId.containsKey(at.parentId()) && depth < 1000; depth++) {
      at = byId.get(at.parentId());
    }
    return at;
  }

  // --- pr_review ---------------------------------------------------------------------------------------------

  Future<JsonObject> review(JsonObject args) {
    client.requireWriteToken();
    Repo repo = Repo.of(args, pulls.flavor());
    long id = args.getLong("pr_number");
    String commit = args.getString("commit_id").toLowerCase(Locale.ROOT);
    String verdict = args.getString("verdict", "comment");
    String body = args.getString("body", "");
    List<ReviewComment> comments = args.getJsonArray("comments", new JsonArray()).stream()
      .map(c -> ReviewComment.from((JsonObject) c)).toList();
    return api.pullRequest(repo, id).compose(pr -> api.commits(repo, pr).compose(commits -> {
      List<String> warnings = new ArrayList<>();
      if (!commits.head().startsWith(commit)) {
        if (!args.getBoolean("allow_moved_head", false)) {
          throw ToolException.conflict("the pull request's head moved from " + commit + " (the commit you reviewed) to "
            + commits.head() + "; nothing was posted. Read the diff again (since_commit=" + commit + " shows what changed) and "
            + "review " + commits.head() + ", or set allow_moved_head to post anyway.");
        }
        warnings.add("the head moved to " + commits.head() + "; the comments are anchored to its diff");
      }
      return anchoring(repo, id, commits, comments, warnings).compose(lines -> {
        String review = WriteMarker.of("bitbucket", repo.fullName(), Long.toString(id), commit, verdict, body,
          args.getJsonArray("comments", new JsonArray()).encode());
        List<BitbucketApi.NewComment> notes = new ArrayList<>();
        if (!body.isBlank()) {
          notes.add(new BitbucketApi.NewComment(WriteMarker.mark(body, WriteMarker.of(review, "body")), null, null, null));
        }
        for (int i = 0; i < comments.size(); i++) {
          notes.add(new BitbucketApi.NewComment(WriteMarker.mark(comments.get(i).body(), WriteMarker.of(review, Integer.toString(i))),
            comments.get(i), lines.get(i), null));
        }
        return post(repo, pr, notes, verdict, warnings, comments.size());
      });
    }));
  }

  /**
   * Every anchor checked against the merge-base diff of the files named (nothing else is diffed), and how each
   * comment's lines sit in it; fails with every bad anchor named before anything is sent.
   */
  private Future<List<BitbucketApi.Anchoring>> anchoring(Repo repo, long id, PullRequest.Commits commits,
                                                         List<ReviewComment> comments, List<String> warnings) {
    return api.changes(repo, id, commits.base(), commits.head()).compose(changes -> {
      Set<String> named = new java.util.HashSet<>();
      comments.forEach(c -> named.add(c.path()));
      List<BitbucketChange> wanted = changes.stream().filter(c -> named.contains(c.path())).toList();
      Future<ForgeDiffs.Written<BitbucketChange>> written = wanted.isEmpty() ? Future.succeededFuture(null)
        : pulls.written(repo, wanted, commits.base(), commits.head(), 3);
      return written.compose(w -> {
        Map<String, FileDiff> files = new HashMap<>();
        Map<String, Commentable> commentable = new HashMap<>();
        Map<String, BitbucketChange> byPath = new HashMap<>();
        changes.forEach(c -> {
          commentable.put(c.path(), Commentable.ofFile(0, 0));
          byPath.put(c.path(), c);
        });
        if (w != null) {
          w.byChange().forEach((change, diff) -> {
            FileDiff file = diff.files().stream().filter(f -> change.path().equals(f.path())).findFirst()
              .orElse(diff.files().isEmpty() ? null : diff.files().get(diff.files().size() - 1));
            if (file != null) {
              files.put(change.path(), file);
              commentable.put(change.path(), Commentable.ofHunks(file));
            }
          });
        }
        AnchorCheck.check(comments, commentable, api.rule());
        List<BitbucketApi.Anchoring> lines = new ArrayList<>();
        for (ReviewComment comment : comments) {
          FileDiff file = files.get(comment.path());
          lines.add(comment.onFile() || file == null ? new BitbucketApi.Anchoring(null, null)
            : new BitbucketApi.Anchoring(kind(file, comment.onOldSide(), comment.line()), kind(file, comment.onOldSide(), comment.first())));
          if (pulls.flavor() == Flavor.DC && comment.startLine() != null && !comment.startLine().equals(comment.line())) {
            warnings.add("Bitbucket Data Center's API anchors a comment on one line: " + comment.describe() + " is placed on line "
              + comment.line() + ", the range's last");
          }
        }
        return pulls.flavor() == Flavor.DC ? oldSidesUnmoved(repo, commits, comments, byPath).map(lines) : Future.succeededFuture(lines);
      });
    });
  }

  /** Data Center's lineType of a line of the merge-base diff: ADDED, REMOVED or CONTEXT. */
  private static String kind(FileDiff file, boolean old, int line) {
    String[] found = {"CONTEXT"};
    file.hunks().forEach(hunk -> hunk.forEachLine((kind, oldNo, newNo, source, start, end) -> {
      if (kind == LineKind.ADDED && !old && newNo == line) {
        found[0] = "ADDED";
      } else if (kind == LineKind.DELETED && old && oldNo == line) {
        found[0] = "REMOVED";
      }
    }));
    return found[0];
  }

  /**
   * Refuses, with nothing sent, an old-side comment on a file the target branch changed since the merge base: Data
   * Center numbers old-side lines against the would-be merge, so the line asked for may name another line there.
   */
  private Future<Void> oldSidesUnmoved(Repo repo, PullRequest.Commits commits, List<ReviewComment> comments,
                                       Map<String, BitbucketChange> byPath) {
    Map<String, String> oldPaths = new LinkedHashMap<>();
    for (ReviewComment comment : comments) {
      BitbucketChange change = byPath.get(comment.path());
      if (comment.onOldSide() && !comment.onFile() && change != null && change.oldPath() != null) {
        oldPaths.put(comment.path(), change.oldPath());
      }
    }
    if (oldPaths.isEmpty() || commits.base().equals(commits.target())) {
      return Future.succeededFuture();
    }
    List<Future<Boolean>> checks = new ArrayList<>();
    List<String> paths = new ArrayList<>(oldPaths.keySet());
    for (String path : paths) {
      String old = oldPaths.get(path);
      Future<Buffer> atBase = api.file(repo, old, commits.base());
      Future<Buffer> atTarget = api.file(repo, old, commits.target()).recover(gone -> Future.succeededFuture(null));
      checks.add(Future.all(atBase, atTarget).map(both -> atTarget.result() != null && atBase.result().equals(atTarget.result())));
    }
    return Future.all(checks).map(done -> {
      List<String> moved = new ArrayList<>();
      for (int i = 0; i < paths.size(); i++) {
        if (!checks.get(i).result()) {
          moved.add(paths.get(i));
        }
      }
      if (!moved.isEmpty()) {
        throw ToolException.invalid("the review was not sent: Bitbucket Data Center numbers old-side lines by its diff against "
          + "the would-be merge, and the target branch changed " + String.join(", ", moved) + " since the merge base ("
          + commits.base() + " → " + commits.target() + "), so an old-side line number there may name another line. Nothing was "
          + "posted. Anchor those comments on the new side (added or context lines), or on the whole file (no line).");
      }
      return null;
    });
  }

  /**
   * Posts what is not there yet (found by marker), then the verdict. Neither flavour has an atomic review: when a step
   * fails after others were posted, the answer says what was posted and that the same call finishes the rest.
   */
  private Future<JsonObject> post(Repo repo, PullRequest pr, List<BitbucketApi.NewComment> notes, String verdict,
                                  List<String> warnings, int commentCount) {
    return api.comments(repo, pr.id()).compose(existing -> {
      List<BitbucketApi.NewComment> missing = notes.stream().filter(n -> existing.stream()
        .noneMatch(c -> WriteMarker.in(c.body(), marker(n.body())))).toList();
      int[] posted = {0};
      Future<Void> chain = Future.succeededFuture();
      for (BitbucketApi.NewComment note : missing) {
        chain = chain.compose(v -> api.post(repo, pr.id(), note).map(created -> {
          posted[0]++;
          return null;
        }));
      }
      Future<String> voted = chain.compose(v -> api.vote(repo, pr, verdict));
      return voted.map(note -> {
        if (note != null) {
          warnings.add(note);
        }
        return ThreadJson.review(new ThreadWrites.Review(posted[0] > 0 || !"comment".equals(verdict),
          missing.isEmpty() && !notes.isEmpty(), null, commentCount, pr.url(), warnings));
      }).recover(failure -> {
        if (posted[0] == 0 && missing.size() == notes.size() || !(failure instanceof ToolException e)) {
          return Future.failedFuture(failure);
        }
        warnings.add(client.title() + " has no atomic review, and a later step failed: " + (posted[0] + notes.size() - missing.size())
          + " of " + notes.size() + " comment(s) are posted, " + (posted[0] < missing.size() ? "the rest and " : "") + "the verdict ("
          + verdict + ") not. " + e.getMessage() + " Call pr_review again with the same arguments: what is posted is found by its "
          + "marker and not posted twice.");
        return Future.succeededFuture(ThreadJson.review(new ThreadWrites.Review(true, false, null, commentCount, pr.url(), warnings)));
      });
    });
  }

  private static String marker(String text) {
    return text.substring(text.lastIndexOf("<!-- reviewgate:"));
  }

  // --- pr_reply / pr_resolve_thread --------------------------------------------------------------------------

  Future<JsonObject> reply(JsonObject args) {
    client.requireWriteToken();
    Repo repo = Repo.of(args, pulls.flavor());
    long id = args.getLong("pr_number");
    String thread = threadId(args);
    String marker = WriteMarker.of("bitbucket", repo.fullName(), Long.toString(id), thread, args.getString("body"));
    return api.comments(repo, id).compose(all -> {
      Map<String, BitbucketComment> byId = new HashMap<>();
      all.forEach(c -> byId.put(c.id(), c));
      if (!byId.containsKey(thread)) {
        throw ToolException.notFound("thread " + thread + " not found on pull request #" + id + " of " + repo.fullName()
          + "; take its id from pr_list_threads");
      }
      String rootId = root(byId.get(thread), byId).id();
      BitbucketComment there = all.stream().filter(c -> WriteMarker.in(c.body(), marker) && root(c, byId).id().equals(rootId))
        .findFirst().orElse(null);
      if (there != null) {
        return Future.succeededFuture(ThreadJson.reply(ThreadWrites.Reply.already(Reported.of(there.id()))));
      }
      return api.post(repo, id, new BitbucketApi.NewComment(WriteMarker.mark(args.getString("body"), marker), null, null, rootId))
        .map(created -> ThreadJson.reply(ThreadWrites.Reply.posted(created, List.of())));
    });
  }

  Future<JsonObject> resolve(JsonObject args) {
    client.requireWriteToken();
    Repo repo = Repo.of(args, pulls.flavor());
    long id = args.getLong("pr_number");
    String thread = threadId(args);
    return api.resolve(repo, id, thread, args.getBoolean("resolved"))
      .map(status -> ThreadJson.resolve(new ThreadWrites.Resolve(thread, status)));
  }

  private static String threadId(JsonObject args) {
    String id = args.getString("thread_id");
    if (!id.matches("[0-9]{1,18}")) {
      throw ToolException.invalid("a Bitbucket thread_id is its first comment's number (from pr_list_threads), not '" + id + "'");
    }
    return id;
  }
}
