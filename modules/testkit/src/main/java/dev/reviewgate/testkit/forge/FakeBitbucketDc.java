package dev.reviewgate.testkit.forge;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.Await;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An independent Bitbucket Data Center REST 1.0 fake on {@link FakeForge}, written from its OpenAPI description (9.2):
 * pages {@code {size, limit, isLastPage, start, nextPageStart, values}} (25 by default, at most {@link #PAGE}); the
 * token's user slug in {@code X-AUSERNAME}; {@code /changes} of a {@code RANGE}; comments listed through
 * {@code /activities} (newest first, replies nested in their thread's first comment); each comment's {@code version}
 * checked on update (a stale one is 409); an anchor checked against {@code git diff base head} ({@code lineType} and
 * {@code fileType} must fit the line), else 400.
 */
public final class FakeBitbucketDc extends FakeBitbucket {

  public static final String PROJECT = "ACME";
  public static final String ME = "agent";
  public static final int PAGE = 40;
  private static final String REPO_PATH = "/rest/api/1.0/projects/" + PROJECT + "/repos/" + REPO;
  private static final String PR_PATH = REPO_PATH + "/pull-requests/" + PR;

  /** Participant status by user slug. */
  public final Map<String, String> statuses = new ConcurrentHashMap<>();
  /** Anchors refused with 400. */
  public final List<JsonObject> refusedAnchors = new java.util.concurrent.CopyOnWriteArrayList<>();
  /** Comments whose version is bumped once before the next update of them (a concurrent edit). */
  public final Set<Long> editedMeanwhile = ConcurrentHashMap.newKeySet();
  public final java.util.concurrent.atomic.AtomicInteger conflicts = new java.util.concurrent.atomic.AtomicInteger();

  public FakeBitbucketDc(Vertx vertx, TempGitRepo repo, String base, String head, String target) {
    super(vertx, repo, base, head, target);
    route("GET", REPO_PATH + "/pull-requests", x -> {
      boolean open = x.param("state", "OPEN").equals("OPEN") || x.param("state").equals("ALL");
      paged(x, "list", open ? List.of(pullRequestJson()) : List.of());
    });
    route("GET", PR_PATH, x -> reply(x, "pr", pullRequestJson()));
    route("GET", PR_PATH + "/merge-base", x -> reply(x, "merge-base", commitJson(repo.git("merge-base", head, target).strip())));
    route("GET", PR_PATH + "/changes", x -> {
      if (!"RANGE".equals(x.param("changeScope"))) {
        error(x, 400, "this fake serves RANGE change lists only");
        return;
      }
      List<JsonObject> all = new ArrayList<>();
      for (RawChange change : rawChanges(x.param("sinceId"), x.param("untilId"))) {
        JsonObject entry = new JsonObject().put("contentId", "0000000000000000000000000000000000000000")
          .put("type", switch (change.status()) {
            case 'A' -> "ADD";
            case 'D' -> "DELETE";
            case 'R' -> "MOVE";
            default -> "MODIFY";
          }).put("nodeType", change.newMode().equals("160000") || change.oldMode().equals("160000") ? "SUBMODULE" : "FILE")
          .put("path", path(change.newPath() != null ? change.newPath() : change.oldPath()))
          .put("executable", change.newMode().equals("100755")).put("percentUnchanged", -1);
        if (change.status() == 'R' || change.status() == 'M' || change.status() == 'D') {
          entry.put("srcExecutable", change.oldMode().equals("100755"));
        }
        if (change.status() == 'R') {
          entry.put("srcPath", path(change.oldPath()));
        }
        all.add(entry);
      }
      paged(x, "changes", all);
    });
    route("GET", REPO_PATH + "/raw/(.+)", x -> file(x, x.param("at"), java.net.URLDecoder.decode(x.group(1).replace("+", "%2B"),
      StandardCharsets.UTF_8)));
    route("GET", PR_PATH + "/activities", x -> {
      List<JsonObject> activities = new ArrayList<>();
      comments.keySet().stream().sorted(java.util.Comparator.reverseOrder()).map(comments::get)
        .filter(c -> !c.containsKey("x_parent")).forEach(root -> {
          JsonObject activity = new JsonObject().put("id", root.getLong("id") + 5000).put("createdDate", root.getLong("createdDate"))
            .put("user", user("Agent", ME)).put("action", "COMMENTED").put("commentAction", "ADDED").put("comment", withReplies(root));
          if (root.getJsonObject("anchor") != null) {
            activity.put("commentAnchor", root.getJsonObject("anchor"));
          }
          activities.add(activity);
        });
      activities.add(new JsonObject().put("id", 1).put("createdDate", 1732096800000L).put("user", user("Jamal Hartnett", "jhartnett"))
        .put("action", "OPENED"));
      paged(x, "activities", activities);
    });
    route("POST", PR_PATH + "/comments", x -> {
      commentPosts.incrementAndGet();
      JsonObject posted = x.json();
      JsonObject anchor = posted.getJsonObject("anchor");
      if (anchor != null && !placeable(anchor)) {
        refusedAnchors.add(anchor);
        error(x, 400, "The comment anchor is not valid: line " + anchor.getValue("line") + " is not in the diff");
        return;
      }
      long id = nextId();
      JsonObject comment = new JsonObject().put("id", id).put("version", 0).put("text", posted.getString("text"))
        .put("author", user("Agent", ME)).put("createdDate", 1733565600000L + id).put("updatedDate", 1733565600000L + id)
        .put("comments", new JsonArray()).put("severity", "NORMAL").put("state", "OPEN").put("threadResolved", false);
      if (anchor != null) {
        comment.put("anchor", anchor.copy().put("fromHash", target).put("toHash", head));
      }
      JsonObject parent = posted.getJsonObject("parent");
      if (parent != null) {
        comment.put("x_parent", parent.getLong("id")).remove("threadResolved");
      }
      comments.put(id, comment);
      answerWrite(x, 201, visible(comment));
    });
    route("GET", PR_PATH + "/comments/(\\d+)", x -> withComment(x, c -> json(x, 200, visible(c))));
    route("PUT", PR_PATH + "/comments/(\\d+)", x -> withComment(x, c -> {
      long id = c.getLong("id");
      if (editedMeanwhile.remove(id)) {
        c.put("version", c.getInteger("version") + 1);
      }
      JsonObject update = x.json();
      if (!c.getInteger("version").equals(update.getInteger("version"))) {
        conflicts.incrementAndGet();
        error(x, 409, "You are attempting to modify a comment based on out-of-date information.");
        return;
      }
      if (update.containsKey("threadResolved")) {
        c.put("threadResolved", update.getBoolean("threadResolved"));
      }
      c.put("version", c.getInteger("version") + 1);
      json(x, 200, visible(c));
    }));
    route("PUT", PR_PATH + "/participants/([^/]+)", x -> {
      String status = x.json().getString("status");
      statuses.put(x.group(1), status);
      json(x, 200, new JsonObject().put("user", user("Agent", x.group(1))).put("role", "PARTICIPANT")
        .put("approved", "APPROVED".equals(status)).put("status", status));
    });
    Await.result(listen());
  }

  /** The server's base to configure ({@code /rest/api/1.0} is appended by the client). */
  public String url() {
    return baseUrl();
  }

  /** The next request whose path contains {@code pathFragment} is answered 429 with {@code Retry-After: 1}. */
  public void throttleOnce(String pathFragment) {
    failOnce(pathFragment, Fault.status(429, new JsonObject().put("errors", new JsonArray().add(new JsonObject()
      .put("message", "You have been rate limited")))).header("Retry-After", "1"));
  }

  @Override
  protected boolean admit(Exchange x) {
    String auth = x.request().getHeader("Authorization");
    authorizations.add(String.valueOf(auth));
    if (!("Bearer " + TOKEN).equals(auth)) {
      error(x, 401, "Authentication failed. Please check your credentials and try again.");
      return false;
    }
    x.request().response().putHeader("X-AUSERNAME", ME);
    return true;
  }

  @Override
  protected void unmatched(Exchange x) {
    error(x, 404, "No route: " + x.method() + " " + x.request().path());
  }

  @Override
  protected void notFound(Exchange x) {
    error(x, 404, "The path does not exist at the requested revision");
  }

  private void error(Exchange x, int status, String message) {
    json(x, status, new JsonObject().put("errors", new JsonArray().add(new JsonObject().put("context", (Object) null)
      .put("message", message).put("exceptionName", "com.atlassian.bitbucket.ServiceException"))));
  }

  private void reply(Exchange x, String name, JsonObject own) {
    Object scripted = replies.get(name);
    json(x, 200, scripted != null ? scripted : own);
  }

  private void withComment(Exchange x, java.util.function.Consumer<JsonObject> then) {
    JsonObject comment = comments.get(Long.parseLong(x.group(1)));
    if (comment == null) {
      error(x, 404, "Comment " + x.group(1) + " does not exist");
    } else {
      then.accept(comment);
    }
  }

  /** A comment as Data Center sends it: replies nested, no bookkeeping members. */
  private JsonObject visible(JsonObject comment) {
    JsonObject out = comment.copy();
    Object parent = out.remove("x_parent");
    if (parent != null) {
      out.put("parent", new JsonObject().put("id", parent));
    }
    return out;
  }

  private JsonObject withReplies(JsonObject comment) {
    JsonObject out = visible(comment);
    JsonArray replies = new JsonArray();
    comments.keySet().stream().sorted().map(comments::get).filter(c -> Long.valueOf(comment.getLong("id")).equals(c.getLong("x_parent")))
      .forEach(reply -> replies.add(withReplies(reply)));
    return out.put("comments", replies);
  }

  private boolean placeable(JsonObject anchor) {
    GitLabDouble.FileDiff file = placeable().get(anchor.getString("path"));
    if (file == null) {
      return false;
    }
    Integer line = anchor.getInteger("line");
    if (line == null) {
      return true;
    }
    boolean old = "FROM".equals(anchor.getString("fileType"));
    String kind = file.lineKinds().getOrDefault((old ? "old:" : "new:") + line, "");
    return switch (anchor.getString("lineType", "")) {
      case "ADDED" -> !old && kind.startsWith("new ");
      case "REMOVED" -> old && kind.startsWith("old ");
      case "CONTEXT" -> kind.startsWith("context ");
      default -> false;
    };
  }

  /** A page of {@code all} as Data Center pages a list. */
  private void paged(Exchange x, String name, List<JsonObject> all) {
    Object scripted = replies.get(name);
    if (scripted instanceof JsonObject page) {
      json(x, 200, page);
      return;
    }
    int limit = Math.min(Integer.parseInt(x.param("limit", "25")), PAGE);
    int start = Integer.parseInt(x.param("start", "0"));
    int from = Math.min(all.size(), start);
    int to = Math.min(all.size(), from + limit);
    JsonObject body = new JsonObject().put("size", to - from).put("limit", limit).put("isLastPage", to >= all.size())
      .put("start", start).put("values", new JsonArray(new ArrayList<>(all.subList(from, to))));
    if (to < all.size()) {
      body.put("nextPageStart", to);
    }
    json(x, 200, body);
  }

  public JsonObject commitJson(String full) {
    return new JsonObject().put("id", full).put("displayId", full.substring(0, 11)).put("message", "a commit")
      .put("author", new JsonObject().put("name", "Jamal Hartnett").put("emailAddress", "jamal@example.com"))
      .put("authorTimestamp", 1733047200000L).put("parents", new JsonArray());
  }

  public static JsonObject user(String name, String slug) {
    return new JsonObject().put("name", slug).put("emailAddress", slug + "@example.com").put("id", Math.abs(slug.hashCode() % 10000))
      .put("displayName", name).put("active", true).put("slug", slug).put("type", "NORMAL");
  }

  private static JsonObject path(String path) {
    List<String> parts = List.of(path.split("/"));
    String name = parts.get(parts.size() - 1);
    JsonObject out = new JsonObject().put("components", new JsonArray(new ArrayList<>(parts)))
      .put("parent", String.join("/", parts.subList(0, parts.size() - 1))).put("name", name).put("toString", path);
    return name.contains(".") ? out.put("extension", name.substring(name.lastIndexOf('.') + 1)) : out;
  }

  /** Pull request #7 as Data Center's description shows one. */
  public JsonObject pullRequestJson() {
    return new JsonObject().put("id", PR).put("version", 3).put("title", "Checkout: pay by invoice").put("description", "Adds invoices.")
      .put("state", "OPEN").put("open", true).put("closed", false).put("draft", false).put("locked", false)
      .put("createdDate", 1732096800000L).put("updatedDate", 1732442400000L)
      .put("fromRef", ref("refs/heads/feature/invoice", "feature/invoice", head))
      .put("toRef", ref("refs/heads/main", "main", target))
      .put("author", new JsonObject().put("user", user("Jamal Hartnett", "jhartnett")).put("role", "AUTHOR").put("approved", false)
        .put("status", "UNAPPROVED"))
      .put("reviewers", new JsonArray().add(new JsonObject().put("user", user("Mia Reyes", "mreyes")).put("role", "REVIEWER")
        .put("approved", false).put("status", statuses.getOrDefault("mreyes", "UNAPPROVED"))))
      .put("participants", new JsonArray())
      .put("links", new JsonObject().put("self", new JsonArray().add(new JsonObject()
        .put("href", "https://bitbucket.example.com/projects/ACME/repos/shop/pull-requests/7"))));
  }

  private static JsonObject ref(String id, String display, String commit) {
    return new JsonObject().put("id", id).put("displayId", display).put("latestCommit", commit).put("type", "BRANCH")
      .put("repository", new JsonObject().put("slug", REPO).put("name", REPO).put("project", new JsonObject().put("key", PROJECT)));
  }
}
