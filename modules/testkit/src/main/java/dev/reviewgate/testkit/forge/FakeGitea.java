package dev.reviewgate.testkit.forge;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.Await;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An independent Gitea (and Forgejo) API v1 fake on {@link FakeForge}, written from Gitea's swagger
 * ({@code templates/swagger/v1_json.tmpl}), whose pull request #7 of {@code acme/shop} is commits of a real
 * repository: its files are {@code git diff -M --histogram --name-status merge-base head} (the git CLI), served
 * {@link #PAGE_LIMIT} a page at most with {@code X-Total-Count} and {@code Link}; raw files come from
 * {@code git cat-file}. It keeps reviews and their comments as Gitea does: a review's comments are taken on any line
 * or path without complaint, and an event Gitea does not know (GitHub's {@code APPROVE}) makes a PENDING review.
 * {@code GET /version} answers {@link #version}: Gitea's {@code 1.22.x}, or Forgejo's {@code 9.0.x+gitea-1.22.0}.
 */
public final class FakeGitea extends FakeForge {

  public static final String TOKEN = "9b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c";
  public static final String OWNER = "acme";
  public static final String REPO = "shop";
  public static final int NUMBER = 7;
  public static final String ME = "agent";
  /** The page size this fake answers at most ({@code MAX_RESPONSE_ITEMS} as this server is set). */
  public static final int PAGE_LIMIT = 30;
  public static final String GITEA_VERSION = "1.22.3";
  public static final String FORGEJO_VERSION = "9.0.3+gitea-1.22.0";

  private static final String REPO_PATH = "/api/v1/repos/" + OWNER + "/" + REPO;
  private static final String PULL = REPO_PATH + "/pulls/" + NUMBER;

  private final TempGitRepo repo;
  private final String mergeBase;
  private final String baseHead;
  private volatile String head;
  public volatile String version = GITEA_VERSION;
  public final List<String> tokensSeen = new CopyOnWriteArrayList<>();
  public final AtomicInteger rawRequests = new AtomicInteger();
  public final AtomicInteger filePages = new AtomicInteger();
  public final AtomicInteger treeRequests = new AtomicInteger();
  /** Reviews in creation order, each with its {@code comments} (Gitea keeps them apart; the fake serves them apart). */
  public final List<JsonObject> reviews = new CopyOnWriteArrayList<>();
  /** The bodies of every review request received, for tests to see what was (or was not) sent. */
  public final List<JsonObject> reviewRequests = new CopyOnWriteArrayList<>();
  /**
   * Replies served instead of the fake's own, by route: {@code "GET "} for the pull request, {@code "GET /files"},
   * {@code "GET /reviews"}, {@code "GET /reviews/:id/comments"}, {@code "GET /pulls"}, {@code "GET /version"},
   * {@code "GET /git/trees/:sha"}: a variant
   * of what Gitea may send. Arrays are paged as Gitea pages them.
   */
  public final Map<String, Object> replies = new ConcurrentHashMap<>();
  private final AtomicInteger ids = new AtomicInteger(500);

  /**
   * @param mergeBase the pull request's merge base
   * @param baseHead  the base branch's head
   * @param head      the head branch's head
   */
  public FakeGitea(Vertx vertx, TempGitRepo repo, String mergeBase, String baseHead, String head) {
    super(vertx);
    this.repo = repo;
    this.mergeBase = mergeBase;
    this.baseHead = baseHead;
    this.head = head;
    route("GET", "/api/v1/version", x -> json(x, 200, new JsonObject().put("version", version)));
    route("GET", REPO_PATH + "/raw/(.+)", x -> raw(x, URLDecoder.decode(x.group(1), StandardCharsets.UTF_8)));
    route("GET", REPO_PATH + "/git/trees/([0-9a-f]{40})", x -> tree(x, x.group(1)));
    route("GET", REPO_PATH + "/pulls", x -> {
      // Without state Gitea lists every state; this pull request is open.
      String state = x.param("state", "all");
      paged(x, state.equals("open") || state.equals("all") ? List.of(pullRequestJson()) : List.of());
    });
    route("GET", PULL, x -> json(x, 200, pullRequestJson()));
    route("GET", PULL + "/files", x -> {
      filePages.incrementAndGet();
      paged(x, filesJson());
    });
    route("GET", PULL + "/reviews", x -> paged(x, reviews.stream().map(r -> r.copy()).peek(r -> r.remove("comments")).toList()));
    route("GET", PULL + "/reviews/(\\d+)/comments", x -> {
      JsonObject review = reviews.stream().filter(r -> r.getLong("id") == Long.parseLong(x.group(1))).findFirst().orElse(null);
      if (review == null) {
        json(x, 404, error("review does not exist"));
      } else {
        json(x, 200, review.getJsonArray("comments").copy());
      }
    });
    route("POST", PULL + "/reviews", x -> {
      JsonObject request = x.json();
      reviewRequests.add(request);
      answerWrite(x, 200, review(request));
    });
    route("GET", REPO_PATH + "/pulls/\\d+(/.*)?", x -> json(x, 404, error("pull request does not exist")));
    Await.result(listen());
  }

  public String url() {
    return baseUrl();
  }

  public String head() {
    return head;
  }

  /** A push to the head branch. */
  public void push(String newHead) {
    head = newHead;
  }

  /** The next request whose path contains {@code pathFragment} is answered 429 with Retry-After: 1. */
  public void throttleOnce(String pathFragment) {
    failOnce(pathFragment, Fault.status(429, error("rate limit exceeded")).header("Retry-After", "1"));
  }

  @Override
  protected boolean admit(Exchange x) {
    String auth = x.request().getHeader("Authorization");
    tokensSeen.add(String.valueOf(auth));
    if (!("token " + TOKEN).equals(auth)) {
      json(x, 401, error("user does not exist"));
      return false;
    }
    String path = x.request().path();
    if (path.startsWith("/api/v1/repos/") && !path.startsWith(REPO_PATH + "/")) {
      json(x, 404, error("repository does not exist"));
      return false;
    }
    return true;
  }

  @Override
  protected void unmatched(Exchange x) {
    json(x, 404, error("not found: " + x.method() + " " + x.request().path()));
  }

  @Override
  protected boolean scripted(Exchange x) {
    String path = x.request().path();
    String name = path.equals("/api/v1/version") ? "/version" : path.startsWith(PULL)
      ? path.substring(PULL.length()).replaceAll("/reviews/\\d+", "/reviews/:id")
      : path.startsWith(REPO_PATH) ? path.substring(REPO_PATH.length()).replaceAll("/git/trees/[0-9a-f]{40}", "/git/trees/:sha") : path;
    Object reply = replies.get(x.method() + " " + name);
    if (reply instanceof JsonArray array) {
      paged(x, array.stream().map(o -> o instanceof JsonObject j ? j : null).toList());
    } else if (reply != null) {
      json(x, 200, reply);
    }
    return reply != null;
  }

  private static JsonObject error(String message) {
    return new JsonObject().put("message", message).put("url", "https://gitea.example/api/swagger");
  }

  /** A user as Gitea's swagger has it (definition User). */
  public static JsonObject user(String login, String fullName) {
    return new JsonObject().put("id", Math.abs(login.hashCode() % 10_000)).put("login", login).put("login_name", "")
      .put("full_name", fullName).put("email", login + "@example.com").put("avatar_url", "https://gitea.example/avatars/" + login)
      .put("language", "en-US").put("is_admin", false).put("restricted", false).put("active", true).put("visibility", "public");
  }

  private JsonObject branch(String label, String sha) {
    return new JsonObject().put("label", label).put("ref", label).put("sha", sha).put("repo_id", 42)
      .put("repo", new JsonObject().put("id", 42).put("name", REPO).put("full_name", OWNER + "/" + REPO)
        .put("owner", user(OWNER, "Acme")).put("permissions", new JsonObject().put("admin", false).put("push", true).put("pull", true)));
  }

  /** Pull request #7 as Gitea's swagger shows one (definition PullRequest); what it has not got is null. */
  public JsonObject pullRequestJson() {
    String web = url() + "/" + OWNER + "/" + REPO + "/pulls/" + NUMBER;
    return new JsonObject().put("id", 9007).put("url", web).put("number", NUMBER).put("user", user("jhartnett", "Jamal Hartnett"))
      .put("title", "Checkout: pay by invoice").put("body", "Adds invoices.").put("labels", new JsonArray())
      .putNull("milestone").putNull("assignee").put("assignees", new JsonArray())
      .put("requested_reviewers", new JsonArray().add(user(ME, "Agent"))).put("state", "open").put("draft", false)
      .put("is_locked", false).put("comments", 0).put("html_url", web).put("diff_url", web + ".diff").put("patch_url", web + ".patch")
      .put("mergeable", true).put("merged", false).putNull("merged_at").putNull("merge_commit_sha").putNull("merged_by")
      .put("allow_maintainer_edit", false).put("base", branch("main", baseHead)).put("head", branch("feature/invoice", head))
      .put("merge_base", mergeBase).putNull("due_date").put("created_at", "2026-11-20T10:00:00Z")
      .put("updated_at", "2026-11-24T10:00:00Z").putNull("closed_at").put("pin_order", 0);
  }

  /** {@code /pulls/{index}/files}: git's name-status and numstat of merge-base..head, as Gitea's ChangedFile. */
  public List<JsonObject> filesJson() {
    String[] status = repo.git("diff", "-M", "--histogram", "--name-status", mergeBase, head).split("\n");
    String[] numstat = repo.git("diff", "-M", "--histogram", "--numstat", mergeBase, head).split("\n");
    List<JsonObject> out = new ArrayList<>();
    for (int i = 0; i < status.length; i++) {
      if (status[i].isBlank()) {
        continue;
      }
      String[] s = status[i].split("\t");
      String[] n = numstat[i].split("\t");
      String kind = switch (s[0].charAt(0)) {
        case 'A' -> "added";
        case 'D' -> "deleted";
        case 'R' -> "renamed";
        case 'C' -> "copied";
        default -> "changed";
      };
      String path = s[s.length - 1];
      JsonObject file = new JsonObject().put("filename", path).put("status", kind)
        .put("additions", n[0].equals("-") ? 0 : Integer.parseInt(n[0])).put("deletions", n[1].equals("-") ? 0 : Integer.parseInt(n[1]))
        .put("html_url", url() + "/" + OWNER + "/" + REPO + "/src/commit/" + head + "/" + path)
        .put("contents_url", url() + REPO_PATH + "/contents/" + path + "?ref=" + head)
        .put("raw_url", url() + "/" + OWNER + "/" + REPO + "/raw/commit/" + head + "/" + path);
      file.put("changes", file.getInteger("additions") + file.getInteger("deletions"));
      if (s.length == 3) {
        file.put("previous_filename", s[1]);
      }
      out.add(file);
    }
    return out;
  }

  /** Gitea's {@code page}/{@code limit} paging, at most {@link #PAGE_LIMIT} a page, with its headers. */
  private void paged(Exchange x, List<JsonObject> all) {
    int limit = Math.min(PAGE_LIMIT, Math.max(1, Integer.parseInt(x.param("limit", Integer.toString(PAGE_LIMIT)))));
    int page = Math.max(1, Integer.parseInt(x.param("page", "1")));
    int from = Math.min(all.size(), (page - 1) * limit);
    List<JsonObject> slice = all.subList(from, Math.min(all.size(), from + limit));
    x.request().response().putHeader("X-Total-Count", Integer.toString(all.size()));
    if (from + limit < all.size()) {
      x.request().response().putHeader("Link", "<" + url() + x.request().path() + "?page=" + (page + 1) + "&limit=" + limit
        + ">; rel=\"next\"");
    }
    json(x, 200, new JsonArray(new ArrayList<>(slice)));
  }

  private static final Set<String> EVENTS = Set.of("APPROVED", "REQUEST_CHANGES", "COMMENT", "PENDING");

  /** Stores a review as Gitea does: any line or path taken, an unknown event a PENDING review. */
  private JsonObject review(JsonObject request) {
    String event = request.getString("event", "");
    long id = ids.incrementAndGet();
    String web = url() + "/" + OWNER + "/" + REPO + "/pulls/" + NUMBER + "#issuecomment-" + id;
    JsonArray comments = new JsonArray();
    for (Object o : request.getJsonArray("comments", new JsonArray())) {
      JsonObject c = (JsonObject) o;
      comments.add(commentJson(ids.incrementAndGet(), id, c.getString("path"), c.getInteger("new_position", 0),
        c.getInteger("old_position", 0), c.getString("body"), user(ME, "Agent"), null));
    }
    JsonObject review = new JsonObject().put("id", id).put("user", user(ME, "Agent")).putNull("team")
      .put("state", EVENTS.contains(event) ? event : "PENDING")
      .put("body", request.getString("body", "")).put("commit_id", request.getString("commit_id", head)).put("stale", false)
      .put("official", false).put("dismissed", false).put("comments_count", comments.size())
      .put("submitted_at", "2026-11-25T10:00:00Z").put("updated_at", "2026-11-25T10:00:00Z").put("html_url", web)
      .put("pull_request_url", url() + "/" + OWNER + "/" + REPO + "/pulls/" + NUMBER).put("comments", comments);
    reviews.add(review);
    JsonObject answer = review.copy();
    answer.remove("comments");
    return answer;
  }

  /** Seeds a published review by someone else, with its comments ({@link #commentJson}). */
  public JsonObject seedReview(String state, String body, JsonArray comments) {
    long id = ids.incrementAndGet();
    JsonObject review = new JsonObject().put("id", id).put("user", user("mreyes", "Mia Reyes")).putNull("team").put("state", state)
      .put("body", body).put("commit_id", head).put("stale", false).put("official", true).put("dismissed", false)
      .put("comments_count", comments.size()).put("submitted_at", "2026-11-23T10:00:00Z").put("updated_at", "2026-11-23T10:00:00Z")
      .put("html_url", url() + "/" + OWNER + "/" + REPO + "/pulls/" + NUMBER + "#issuecomment-" + id)
      .put("pull_request_url", url() + "/" + OWNER + "/" + REPO + "/pulls/" + NUMBER);
    comments.forEach(c -> ((JsonObject) c).put("pull_request_review_id", id));
    reviews.add(review.put("comments", comments));
    return review;
  }

  public long nextId() {
    return ids.incrementAndGet();
  }

  /** A review comment as Gitea's swagger has it (definition PullReviewComment): new side {@code position}, old {@code original_position}. */
  public JsonObject commentJson(long id, long reviewId, String path, int newLine, int oldLine, String body, JsonObject author,
                                JsonObject resolver) {
    JsonObject comment = new JsonObject().put("id", id).put("body", body).put("user", author)
      .put("pull_request_review_id", reviewId).put("created_at", "2026-11-25T10:00:00Z").put("updated_at", "2026-11-25T10:00:00Z")
      .put("path", path).put("commit_id", head).put("original_commit_id", head).put("diff_hunk", "@@ -1,1 +1,1 @@")
      .put("position", newLine).put("original_position", oldLine)
      .put("html_url", url() + "/" + OWNER + "/" + REPO + "/pulls/" + NUMBER + "/files#issuecomment-" + id)
      .put("pull_request_url", url() + "/" + OWNER + "/" + REPO + "/pulls/" + NUMBER);
    if (resolver == null) {
      comment.putNull("resolver");
    } else {
      comment.put("resolver", resolver);
    }
    return comment;
  }

  /** The reviews as {@code GET /reviews} lists them (without their comments). */
  public JsonArray reviewsJson() {
    return new JsonArray(reviews.stream().map(r -> {
      JsonObject copy = r.copy();
      copy.remove("comments");
      return (Object) copy;
    }).toList());
  }

  /** {@code GET /git/trees/{sha}} as Gitea's GitTreeResponse: one directory ({@code git ls-tree}), paged by {@code per_page}. */
  private void tree(Exchange x, String sha) {
    treeRequests.incrementAndGet();
    JsonObject tree;
    try {
      tree = treeJson(sha, Integer.parseInt(x.param("page", "1")), Integer.parseInt(x.param("per_page", "1000")));
    } catch (RuntimeException notThere) {
      json(x, 404, error("sha not found"));
      return;
    }
    json(x, 200, tree);
  }

  /** One page of a tree (a commit names its root tree), as Gitea's GitTreeResponse has it. */
  public JsonObject treeJson(String sha, int page, int perPage) {
    List<JsonObject> entries = new ArrayList<>();
    for (String line : repo.git("ls-tree", "-l", sha).split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      String[] meta = line.substring(0, line.indexOf('\t')).trim().split(" +");
      String name = line.substring(line.indexOf('\t') + 1);
      JsonObject entry = new JsonObject().put("path", name).put("mode", meta[0]).put("type", meta[1]).put("sha", meta[2])
        .put("url", url() + REPO_PATH + "/git/" + (meta[1].equals("tree") ? "trees/" : "blobs/") + meta[2]);
      if (!meta[3].equals("-")) {
        entry.put("size", Long.parseLong(meta[3]));
      }
      entries.add(entry);
    }
    int from = Math.min(entries.size(), (page - 1) * perPage);
    int to = Math.min(entries.size(), from + perPage);
    return new JsonObject().put("sha", sha).put("url", url() + REPO_PATH + "/git/trees/" + sha)
      .put("tree", new JsonArray(new ArrayList<>(entries.subList(from, to)))).put("truncated", to < entries.size())
      .put("page", page).put("total_count", entries.size());
  }

  private void raw(Exchange x, String path) {
    rawRequests.incrementAndGet();
    String ref = x.param("ref");
    Matcher sha = Pattern.compile("[0-9a-f]{7,40}").matcher(ref == null ? "" : ref);
    if (!sha.matches()) {
      json(x, 404, error("ref must be a commit here"));
      return;
    }
    blob(x, repo, ref + ":" + path, "text/plain; charset=utf-8", missing -> json(missing, 404, error("object does not exist [id: "
      + ref + ", rel_path: " + path + "]")));
  }
}
