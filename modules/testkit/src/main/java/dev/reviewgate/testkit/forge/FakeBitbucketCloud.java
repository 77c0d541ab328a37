package dev.reviewgate.testkit.forge;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.Await;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * An independent Bitbucket Cloud REST 2.0 fake on {@link FakeForge}, written from Cloud's OpenAPI description: pull
 * request objects carry 12-digit commit hashes ({@code /commit/{hash}} and {@code /merge-base/{a..b}} give the full
 * ones), {@code /diffstat/{spec}} pages {@link #DIFFSTAT_PAGE} entries with a {@code next} link, comments take any
 * {@code inline} anchor without checking it (as Cloud does), resolving refuses replies and general comments with 403,
 * and {@link #throttleOnce} answers 429 without {@code Retry-After}, only {@code X-RateLimit-*} headers.
 */
public final class FakeBitbucketCloud extends FakeBitbucket {

  public static final String WORKSPACE = "acme";
  public static final int DIFFSTAT_PAGE = 50;
  private static final String REPO_PATH = "/2.0/repositories/" + WORKSPACE + "/" + REPO;
  private static final String PR_PATH = REPO_PATH + "/pullrequests/" + PR;

  /** The verdicts cast: {@code approve} or {@code request-changes}. */
  public final List<String> votes = new java.util.concurrent.CopyOnWriteArrayList<>();
  public final List<String> resolves = new java.util.concurrent.CopyOnWriteArrayList<>();

  public FakeBitbucketCloud(Vertx vertx, TempGitRepo repo, String base, String head, String target) {
    super(vertx, repo, base, head, target);
    route("GET", REPO_PATH + "/pullrequests", x -> {
      List<String> states = x.request().params().getAll("state");
      boolean open = states.isEmpty() || states.contains("OPEN");
      reply(x, "list", new JsonObject().put("pagelen", 10).put("page", 1).put("size", open ? 1 : 0)
        .put("values", open ? new JsonArray().add(pullRequestJson()) : new JsonArray()));
    });
    route("GET", PR_PATH, x -> reply(x, "pr", pullRequestJson()));
    route("GET", REPO_PATH + "/commit/([0-9a-f]{7,40})", x -> commit(x, x.group(1)));
    route("GET", REPO_PATH + "/merge-base/([0-9a-f]{7,40})\\.\\.([0-9a-f]{7,40})", x -> {
      String merge = repo.git("merge-base", x.group(1), x.group(2)).strip();
      reply(x, "merge-base", commitJson(merge));
    });
    route("GET", REPO_PATH + "/diffstat/([0-9a-f]{7,40})\\.\\.([0-9a-f]{7,40})", x -> diffstat(x, x.group(2), x.group(1)));
    route("GET", REPO_PATH + "/src/([0-9a-f]{7,40})/(.+)", x -> file(x, x.group(1), decode(x.group(2))));
    route("GET", PR_PATH + "/comments", x -> paged(x, "comments", new ArrayList<>(sorted()), 10));
    route("POST", PR_PATH + "/comments", x -> {
      commentPosts.incrementAndGet();
      JsonObject posted = x.json();
      long id = nextId();
      JsonObject comment = new JsonObject().put("type", "pullrequest_comment").put("id", id)
        .put("content", new JsonObject().put("raw", posted.getJsonObject("content").getString("raw")).put("markup", "markdown"))
        .put("user", account("Agent", "agent")).put("created_on", "2026-12-07T10:00:00.000000+00:00")
        .put("updated_on", "2026-12-07T10:00:00.000000+00:00").put("deleted", false).put("pending", false)
        .put("links", new JsonObject().put("html", new JsonObject().put("href", "https://bitbucket.org/acme/shop/pull-requests/7/_/diff#comment-" + id)));
      if (posted.getJsonObject("inline") != null) {
        comment.put("inline", posted.getJsonObject("inline"));
      }
      if (posted.getJsonObject("parent") != null) {
        comment.put("parent", new JsonObject().put("id", posted.getJsonObject("parent").getLong("id")));
      }
      comments.put(id, comment);
      answerWrite(x, 201, comment);
    });
    route("GET", PR_PATH + "/comments/(\\d+)", x -> withComment(x, c -> json(x, 200, c)));
    route("*", PR_PATH + "/comments/(\\d+)/resolve", x -> withComment(x, c -> {
      if (c.getJsonObject("parent") != null || c.getJsonObject("inline") == null) {
        error(x, 403, "Only top-level comments on the diff can be resolved");
      } else if (x.method().equals("POST")) {
        if (c.getJsonObject("resolution") != null) {
          error(x, 409, "This comment is already resolved");
          return;
        }
        resolves.add("resolve " + c.getLong("id"));
        JsonObject resolution = new JsonObject().put("type", "comment_resolution").put("user", account("Agent", "agent"))
          .put("created_on", "2026-12-07T11:00:00.000000+00:00");
        c.put("resolution", resolution);
        json(x, 200, resolution);
      } else {
        resolves.add("reopen " + c.getLong("id"));
        c.remove("resolution");
        x.request().response().setStatusCode(204).end();
      }
    }));
    route("POST", PR_PATH + "/(approve|request-changes)", x -> {
      if (votes.contains(x.group(1))) {
        error(x, 409, "You already " + (x.group(1).equals("approve") ? "approved" : "requested changes on") + " this pull request");
        return;
      }
      votes.add(x.group(1));
      json(x, 200, new JsonObject().put("type", "participant").put("user", account("Agent", "agent")).put("role", "PARTICIPANT")
        .put("approved", x.group(1).equals("approve")).put("state", x.group(1).equals("approve") ? "approved" : "changes_requested"));
    });
    Await.result(listen());
  }

  /** The API base to configure: {@code http://127.0.0.1:port/2.0}. */
  public String url() {
    return baseUrl() + "/2.0";
  }

  /** The next request whose path contains {@code pathFragment} is answered 429 as Cloud answers it: no Retry-After. */
  public void throttleOnce(String pathFragment) {
    failOnce(pathFragment, Fault.status(429, new JsonObject().put("type", "error")
        .put("error", new JsonObject().put("message", "Rate limit for this resource has been exceeded")))
      .header("X-RateLimit-Limit", "1000").header("X-RateLimit-Resource", "api").header("X-RateLimit-NearLimit", "true"));
  }

  @Override
  protected boolean admit(Exchange x) {
    String auth = x.request().getHeader("Authorization");
    authorizations.add(String.valueOf(auth));
    String basic = "Basic " + Base64.getEncoder().encodeToString((EMAIL + ":" + TOKEN).getBytes(StandardCharsets.UTF_8));
    if (!("Bearer " + TOKEN).equals(auth) && !basic.equals(auth)) {
      error(x, 401, "Token is invalid, expired, or not supported for this endpoint.");
      return false;
    }
    return true;
  }

  @Override
  protected void unmatched(Exchange x) {
    error(x, 404, "Resource not found: " + x.method() + " " + x.request().path());
  }

  @Override
  protected void notFound(Exchange x) {
    error(x, 404, "No such file or directory");
  }

  private void error(Exchange x, int status, String message) {
    json(x, status, new JsonObject().put("type", "error").put("error", new JsonObject().put("message", message)));
  }

  private void reply(Exchange x, String name, JsonObject own) {
    Object scripted = replies.get(name);
    json(x, 200, scripted != null ? scripted : own);
  }

  private List<JsonObject> sorted() {
    return comments.keySet().stream().sorted().map(comments::get).toList();
  }

  private void withComment(Exchange x, java.util.function.Consumer<JsonObject> then) {
    JsonObject comment = comments.get(Long.parseLong(x.group(1)));
    if (comment == null) {
      error(x, 404, "Comment not found");
    } else {
      then.accept(comment);
    }
  }

  /** A page of {@code all} as Cloud pages a list: {@code pagelen}, {@code page}, {@code size}, {@code next} while more. */
  private void paged(Exchange x, String name, List<JsonObject> all, int defaultPage) {
    Object scripted = replies.get(name);
    if (scripted instanceof JsonObject page) {
      json(x, 200, page);
      return;
    }
    int pagelen = Math.min(Integer.parseInt(x.param("pagelen", Integer.toString(defaultPage))), defaultPage);
    int page = Integer.parseInt(x.param("page", "1"));
    int from = Math.min(all.size(), (page - 1) * pagelen);
    JsonObject body = new JsonObject().put("pagelen", pagelen).put("page", page).put("size", all.size())
      .put("values", new JsonArray(new ArrayList<>(all.subList(from, Math.min(all.size(), from + pagelen)))));
    if (from + pagelen < all.size()) {
      String query = x.request().query() == null ? "" : x.request().query().replaceAll("(^|&)page=\\d+", "");
      body.put("next", baseUrl() + x.request().path() + "?" + (query.isEmpty() ? "" : query.replaceFirst("^&", "") + "&") + "page=" + (page + 1));
    }
    json(x, 200, body);
  }

  private void diffstat(Exchange x, String from, String to) {
    List<JsonObject> all = new ArrayList<>();
    for (RawChange change : rawChanges(from, to)) {
      JsonObject entry = new JsonObject().put("type", "diffstat").put("status", switch (change.status()) {
        case 'A' -> "added";
        case 'D' -> "removed";
        case 'R' -> "renamed";
        default -> "modified";
      }).put("lines_added", 0).put("lines_removed", 0);
      entry.put("old", change.oldPath() == null ? null : commitFile(change.oldPath(), change.oldMode(), from));
      entry.put("new", change.newPath() == null ? null : commitFile(change.newPath(), change.newMode(), to));
      all.add(entry);
    }
    paged(x, "diffstat", all, DIFFSTAT_PAGE);
  }

  private JsonObject commitFile(String path, String mode, String commit) {
    JsonObject file = new JsonObject().put("type", "commit_file").put("path", path).put("escaped_path", path)
      .put("commit", new JsonObject().put("type", "commit").put("hash", commit));
    String attributes = switch (mode) {
      case "100755" -> "executable";
      case "120000" -> "link";
      case "160000" -> "subrepository";
      default -> null;
    };
    return attributes == null ? file : file.put("attributes", attributes);
  }

  private void commit(Exchange x, String hash) {
    String full;
    try {
      full = repo.git("rev-parse", "--verify", hash + "^{commit}").strip();
    } catch (RuntimeException unknown) {
      error(x, 404, "Commit not found");
      return;
    }
    reply(x, "commit", commitJson(full));
  }

  public JsonObject commitJson(String full) {
    return new JsonObject().put("type", "commit").put("hash", full).put("date", "2026-12-01T10:00:00+00:00")
      .put("message", "a commit\n").put("author", new JsonObject().put("type", "author").put("raw", "Jamal Hartnett <jamal@example.com>"))
      .put("parents", new JsonArray());
  }

  public static JsonObject account(String name, String nickname) {
    return new JsonObject().put("type", "user").put("display_name", name).put("nickname", nickname)
      .put("uuid", "{" + java.util.UUID.nameUUIDFromBytes(nickname.getBytes(StandardCharsets.UTF_8)) + "}")
      .put("account_id", "557058:" + Math.abs(nickname.hashCode()));
  }

  /** Pull request #7 as Cloud's example shows one: commit hashes abbreviated to 12 digits, what it has not got null. */
  public JsonObject pullRequestJson() {
    return new JsonObject().put("type", "pullrequest").put("id", PR).put("title", "Checkout: pay by invoice")
      .put("description", "Adds invoices.").put("summary", new JsonObject().put("type", "rendered").put("raw", "Adds invoices.")
        .put("markup", "markdown").put("html", "<p>Adds invoices.</p>"))
      .put("state", "OPEN").put("draft", false).put("author", account("Jamal Hartnett", "jhartnett"))
      .put("source", endpoint("feature/invoice", head)).put("destination", endpoint("main", target))
      .putNull("merge_commit").put("comment_count", comments.size()).put("task_count", 0).put("close_source_branch", false)
      .putNull("closed_by").put("reason", "").put("created_on", "2026-11-20T10:00:00.000000+00:00")
      .put("updated_on", "2026-11-24T10:00:00.000000+00:00")
      .put("reviewers", new JsonArray().add(account("Mia Reyes", "mreyes")))
      .put("participants", new JsonArray().add(new JsonObject().put("type", "participant").put("user", account("Mia Reyes", "mreyes"))
        .put("role", "REVIEWER").put("approved", false).putNull("state").putNull("participated_on")))
      .put("links", new JsonObject().put("html", new JsonObject().put("href", "https://bitbucket.org/acme/shop/pull-requests/7")));
  }

  private JsonObject endpoint(String branch, String commit) {
    return new JsonObject().put("branch", new JsonObject().put("name", branch))
      .put("commit", new JsonObject().put("type", "commit").put("hash", commit.substring(0, 12)))
      .put("repository", new JsonObject().put("type", "repository").put("full_name", "acme/shop").put("name", "shop"));
  }

  private static String decode(String path) {
    return java.net.URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
