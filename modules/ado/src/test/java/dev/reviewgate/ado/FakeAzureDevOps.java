package dev.reviewgate.ado;

import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fake Azure DevOps Git REST 7.1 server on loopback, built from the documented shapes (see
 * {@code src/test/resources/README.md}), whose pull request's iterations are commits of a real repository built in
 * the test: change lists come from {@code git diff --raw} between the iteration's commits, blobs from
 * {@code git cat-file}. It pages change lists ({@link #PAGE} entries at most, {@code nextSkip} while more remain) and
 * injects the faults Azure DevOps is known for, each once per arming.
 */
public final class FakeAzureDevOps implements AutoCloseable {

  public static final String ORG = "/contoso";
  public static final String PROJECT = "retail";
  public static final String REPO = "shop";
  public static final String PAT = "pat-7f3c9e1b2d";
  /** Azure DevOps may return fewer entries than asked; this fake returns at most this many per page. */
  public static final int PAGE = 50;

  /** One iteration: its source commit; the target and merge base are the PR's. */
  record Iteration(int id, String reason, String source) {
  }

  private final TempGitRepo repo;
  private final String target;
  private final String common;
  private final List<Iteration> iterations = new CopyOnWriteArrayList<>();
  private final HttpServer server;
  private final int port;
  public final AtomicInteger requests = new AtomicInteger();
  public final AtomicInteger blobRequests = new AtomicInteger();
  final List<String> authorizations = new CopyOnWriteArrayList<>();
  /** Path fragments whose next request fails once: 429 with Retry-After, or 500. */
  final Set<String> throttleOnce = ConcurrentHashMap.newKeySet();
  final Set<String> failOnce = ConcurrentHashMap.newKeySet();
  /** Blob ids answered with a JSON error object inside a 200 stream. */
  final Set<String> errorInStream = ConcurrentHashMap.newKeySet();
  final Map<String, Integer> throttled = new ConcurrentHashMap<>();
  /** Replies served as they are instead of the fake's own, by {@link Reply}: the shapes a contract test varies. */
  final Map<Reply, JsonObject> served = new ConcurrentHashMap<>();

  /** The GETs whose reply a test may set. */
  enum Reply { PULL_REQUEST, PULL_REQUESTS, WORK_ITEMS, STATUSES, ITERATIONS, CHANGES, THREADS }

  public FakeAzureDevOps(Vertx vertx, TempGitRepo repo, String target, String common) throws Exception {
    this.repo = repo;
    this.target = target;
    this.common = common;
    server = vertx.createHttpServer().requestHandler(request -> request.body().onSuccess(body -> handle(request, body)));
    server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    port = server.actualPort();
  }

  public String orgUrl() {
    return "http://127.0.0.1:" + port + ORG;
  }

  public FakeAzureDevOps iteration(String reason, String source) {
    iterations.add(new Iteration(iterations.size() + 1, reason, source));
    return this;
  }

  @Override
  public void close() throws Exception {
    server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private void handle(HttpServerRequest request, Buffer body) {
    requests.incrementAndGet();
    String auth = request.getHeader("Authorization");
    authorizations.add(String.valueOf(auth));
    String path = request.path();
    if (request.getParam("api-version") == null) {
      json(request, 400, new JsonObject().put("message", "No api-version was supplied for the GET request."));
      return;
    }
    if (!("Basic " + java.util.Base64.getEncoder().encodeToString((":" + PAT).getBytes(StandardCharsets.UTF_8))).equals(auth)) {
      // What Azure DevOps does for a bad PAT when X-TFS-FedAuthRedirect is not honoured: a sign-in page.
      request.response().setStatusCode(203).putHeader("Content-Type", "text/html; charset=utf-8")
        .end("<!DOCTYPE html><html><head><title>Azure DevOps Services | Sign In</title></head><body></body></html>");
      return;
    }
    for (String fragment : throttleOnce) {
      if (path.contains(fragment) && throttleOnce.remove(fragment)) {
        throttled.merge(fragment, 1, Integer::sum);
        request.response().setStatusCode(429).putHeader("Retry-After", "1").putHeader("X-RateLimit-Resource", "ATCPU")
          .putHeader("Content-Type", "application/json")
          .end(new JsonObject().put("message", "TF400733: The request has been canceled: throttled").encode());
        return;
      }
    }
    for (String fragment : failOnce) {
      if (path.contains(fragment) && failOnce.remove(fragment)) {
        json(request, 500, new JsonObject().put("message", "TF400898: An Internal Error Occurred."));
        return;
      }
    }
    if (path.equals(ORG + "/_apis/connectionData")) {
      json(request, 200, new JsonObject().put("authenticatedUser", new JsonObject().put("id", ME).put("providerDisplayName", "Agent")));
      return;
    }
    String prefix = ORG + "/" + PROJECT + "/_apis/git/repositories/" + REPO;
    if (!path.startsWith(prefix)) {
      json(request, 404, error("TF200016: The following project does not exist: " + path));
      return;
    }
    String rest = path.substring(prefix.length());
    try {
      if (rest.startsWith("/blobs/")) {
        blob(request, rest.substring("/blobs/".length()));
      } else if (rest.equals("/pullrequests") || rest.equals("/pullRequests")) {
        json(request, 200, served.getOrDefault(Reply.PULL_REQUESTS,
          new JsonObject().put("value", new JsonArray().add(pullRequest())).put("count", 1)));
      } else if (rest.matches("/pullRequests/7(/.*)?")) {
        pullRequestRoute(request, rest.substring("/pullRequests/7".length()), body);
      } else if (rest.matches("/pullRequests/\\d+(/.*)?")) {
        json(request, 404, error("TF401180: The requested pull request was not found."));
      } else {
        json(request, 404, error("not found: " + rest));
      }
    } catch (RuntimeException e) {
      json(request, 500, error(e.toString()));
    }
  }

  private void pullRequestRoute(HttpServerRequest request, String rest, Buffer body) {
    String method = request.method().name();
    if (rest.startsWith("/threads") || rest.startsWith("/reviewers")) {
      threadRoute(request, method, rest, body);
      return;
    }
    if (rest.isEmpty()) {
      json(request, 200, served.getOrDefault(Reply.PULL_REQUEST, pullRequest()));
    } else if (rest.equals("/iterations")) {
      json(request, 200, served.getOrDefault(Reply.ITERATIONS, iterationsReply()));
    } else if (rest.matches("/iterations/\\d+/changes")) {
      int id = Integer.parseInt(rest.split("/")[2]);
      if (id < 1 || id > iterations.size()) {
        json(request, 404, error("TF401174: The requested pull request iteration was not found."));
        return;
      }
      if (served.containsKey(Reply.CHANGES)) {
        json(request, 200, served.get(Reply.CHANGES));
        return;
      }
      changes(request, iterations.get(id - 1));
    } else if (served.containsKey(Reply.WORK_ITEMS) && rest.equals("/workitems")) {
      json(request, 200, served.get(Reply.WORK_ITEMS));
    } else if (served.containsKey(Reply.STATUSES) && rest.equals("/statuses")) {
      json(request, 200, served.get(Reply.STATUSES));
    } else if (rest.equals("/workitems")) {
      json(request, 200, new JsonObject().put("value", new JsonArray().add(new JsonObject().put("id", "4711")
        .put("url", orgUrl() + "/_apis/wit/workItems/4711"))).put("count", 1));
    } else if (rest.equals("/statuses")) {
      json(request, 200, new JsonObject().put("value", new JsonArray().add(new JsonObject().put("state", "succeeded")
        .put("description", "Build 20261124.3 succeeded").put("context", new JsonObject().put("name", "build").put("genre", "ci")))));
    } else {
      json(request, 404, error("not found: " + rest));
    }
  }

  /** Threads kept in memory: id → thread JSON as Azure DevOps returns it. */
  final Map<Integer, JsonObject> threads = new java.util.concurrent.ConcurrentSkipListMap<>();
  final Map<String, Integer> votes = new ConcurrentHashMap<>();
  /** Writes that are applied and then answered by a dropped connection (a response lost on the way). */
  final AtomicInteger dropResponses = new AtomicInteger();
  static final String ME = "6a8c1bf5-agent";

  private void threadRoute(HttpServerRequest request, String method, String rest, Buffer body) {
    if (rest.startsWith("/reviewers/") && method.equals("PUT")) {
      votes.put(rest.substring("/reviewers/".length()), body.toJsonObject().getInteger("vote"));
      json(request, 200, new JsonObject().put("id", ME).put("vote", body.toJsonObject().getInteger("vote")));
      return;
    }
    if (rest.equals("/threads") && method.equals("GET")) {
      json(request, 200, served.getOrDefault(Reply.THREADS,
        new JsonObject().put("value", new JsonArray(new ArrayList<>(threads.values()))).put("count", threads.size())));
      return;
    }
    if (rest.equals("/threads") && method.equals("POST")) {
      JsonObject thread = body.toJsonObject().copy();
      int id = threads.size() + 100;
      thread.put("id", id).put("isDeleted", false).put("publishedDate", "2026-11-24T10:00:00Z");
      JsonArray comments = thread.getJsonArray("comments", new JsonArray());
      for (int i = 0; i < comments.size(); i++) {
        comments.getJsonObject(i).put("id", i + 1).put("author", new JsonObject().put("displayName", "Agent"))
          .put("publishedDate", "2026-11-24T10:00:00Z");
      }
      threads.put(id, thread);
      answerWrite(request, thread);
      return;
    }
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("/threads/(\\d+)(/comments)?").matcher(rest);
    if (!m.matches() || !threads.containsKey(Integer.parseInt(m.group(1)))) {
      json(request, 404, error("TF401181: The requested pull request thread was not found."));
      return;
    }
    JsonObject thread = threads.get(Integer.parseInt(m.group(1)));
    if (m.group(2) != null && method.equals("POST")) {
      JsonObject comment = body.toJsonObject().copy().put("id", thread.getJsonArray("comments").size() + 1)
        .put("author", new JsonObject().put("displayName", "Agent"));
      thread.getJsonArray("comments").add(comment);
      answerWrite(request, comment);
    } else if (method.equals("PATCH")) {
      thread.put("status", body.toJsonObject().getString("status"));
      json(request, 200, thread);
    } else {
      json(request, 200, thread);
    }
  }

  private void answerWrite(HttpServerRequest request, JsonObject body) {
    if (dropResponses.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      request.connection().close();
    } else {
      json(request, 200, body);
    }
  }

  JsonObject pullRequest() {
    Iteration last = iterations.get(iterations.size() - 1);
    return new JsonObject().put("pullRequestId", 7).put("title", "Checkout: pay by invoice").put("description", "Adds invoices.")
      .put("status", "active").put("isDraft", false).put("creationDate", "2026-11-20T10:00:00Z")
      .put("createdBy", new JsonObject().put("displayName", "Jamal Hartnett").put("uniqueName", "jamal@contoso.com"))
      .put("sourceRefName", "refs/heads/feature/invoice").put("targetRefName", "refs/heads/main").put("mergeStatus", "succeeded")
      .put("lastMergeSourceCommit", new JsonObject().put("commitId", last.source()))
      .put("lastMergeTargetCommit", new JsonObject().put("commitId", target))
      .put("reviewers", new JsonArray()
        .add(new JsonObject().put("displayName", "Norman Paulk").put("uniqueName", "norman@contoso.com").put("vote", 5).put("isRequired", true))
        .add(new JsonObject().put("displayName", "Chuck Reinhart").put("uniqueName", "chuck@contoso.com").put("vote", -5)));
  }

  /** The iteration list as the fake serves it. */
  JsonObject iterationsReply() {
    JsonArray value = new JsonArray();
    iterations.forEach(i -> value.add(iterationJson(i)));
    return new JsonObject().put("value", value).put("count", value.size());
  }

  private JsonObject iterationJson(Iteration i) {
    return new JsonObject().put("id", i.id()).put("reason", i.reason())
      .put("author", new JsonObject().put("displayName", "Jamal Hartnett")).put("createdDate", "2026-11-2" + i.id() + "T09:00:00Z")
      .put("sourceRefCommit", new JsonObject().put("commitId", i.source()))
      .put("targetRefCommit", new JsonObject().put("commitId", target))
      .put("commonRefCommit", new JsonObject().put("commitId", common));
  }

  /** The change list between the iteration and the merge base (or {@code $compareTo}), from {@code git diff --raw -M}. */
  private void changes(HttpServerRequest request, Iteration iteration) {
    String compareTo = request.getParam("$compareTo");
    List<JsonObject> all = changeEntries(iteration.id(), compareTo == null ? 0 : Integer.parseInt(compareTo));
    int top = Math.min(PAGE, Integer.parseInt(request.getParam("$top", "100")));
    int skip = Integer.parseInt(request.getParam("$skip", "0"));
    List<JsonObject> page = all.subList(Math.min(skip, all.size()), Math.min(all.size(), skip + top));
    JsonObject body = new JsonObject().put("changeEntries", new JsonArray(new ArrayList<>(page)));
    if (skip + page.size() < all.size()) {
      body.put("nextSkip", skip + page.size()).put("nextTop", top);
    }
    json(request, 200, body);
  }

  /** Every change entry of iteration {@code id} against the merge base ({@code compareTo} 0) or an earlier iteration. */
  List<JsonObject> changeEntries(int id, int compareTo) {
    Iteration iteration = iterations.get(id - 1);
    String base = compareTo == 0 ? common : iterations.get(compareTo - 1).source();
    List<JsonObject> all = new ArrayList<>();
    String raw = repo.git("diff", "--raw", "--no-abbrev", "-M", base, iteration.source());
    int n = 0;
    for (String line : raw.split("\n")) {
      if (!line.startsWith(":")) {
        continue;
      }
      String[] tabs = line.split("\t");
      String[] meta = tabs[0].split(" ");
      String oldId = meta[2];
      String newId = meta[3];
      String status = meta[4];
      JsonObject item = new JsonObject().put("gitObjectType", "blob");
      JsonObject entry = new JsonObject().put("changeTrackingId", ++n).put("changeId", n).put("item", item);
      switch (status.charAt(0)) {
        case 'A' -> {
          item.put("objectId", newId).put("path", "/" + tabs[1]);
          entry.put("changeType", "add");
        }
        case 'D' -> {
          // a delete names only the original path; item.path is absent
          item.put("objectId", oldId).put("originalObjectId", oldId);
          entry.put("changeType", "delete").put("originalPath", "/" + tabs[1]);
        }
        case 'R' -> {
          item.put("objectId", newId).put("originalObjectId", oldId).put("path", "/" + tabs[2]);
          entry.put("changeType", oldId.equals(newId) ? "rename" : "edit, rename").put("originalPath", "/" + tabs[1]);
        }
        default -> {
          item.put("objectId", newId).put("originalObjectId", oldId).put("path", "/" + tabs[1]);
          entry.put("changeType", "edit");
        }
      }
      item.put("url", orgUrl() + "/" + PROJECT + "/_apis/git/repositories/" + REPO + "/items?path=" + item.getString("path"));
      all.add(entry);
    }
    return all;
  }

  private void blob(HttpServerRequest request, String sha) {
    blobRequests.incrementAndGet();
    if (errorInStream.contains(sha)) {
      request.response().setStatusCode(200).putHeader("Content-Type", "application/octet-stream")
        .end(new JsonObject().put("$id", "1").put("innerException", (Object) null)
          .put("message", "TF401028: The reference or object could not be read.").put("typeName", "GitObjectNotFoundException")
          .put("typeKey", "GitObjectNotFoundException").put("errorCode", 0).encode());
      return;
    }
    byte[] bytes = repo.gitBytes("cat-file", "blob", sha);
    request.response().setStatusCode(200).putHeader("Content-Type", "application/octet-stream").end(Buffer.buffer(bytes));
  }

  private static JsonObject error(String message) {
    return new JsonObject().put("$id", "1").put("message", message).put("typeKey", "NotFoundException");
  }

  private static void json(HttpServerRequest request, int status, JsonObject body) {
    request.response().setStatusCode(status).putHeader("Content-Type", "application/json; charset=utf-8").end(body.encode());
  }
}
