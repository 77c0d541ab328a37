package dev.reviewgate.testkit.forge;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.Await;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A fake Azure DevOps Git REST 7.1 server on {@link FakeForge}, built from the documented shapes (see the ado module's
 * {@code src/test/resources/README.md}), whose pull request 7's iterations are commits of a real repository built in
 * the test: change lists come from {@code git diff --raw} between the iteration's commits, blobs from
 * {@code git cat-file}. It pages change lists ({@link #PAGE} entries at most, {@code nextSkip} while more remain) and
 * arms the faults Azure DevOps is known for ({@link #throttleOnce}, {@link #failOnce(String)}).
 */
public final class FakeAzureDevOps extends FakeForge {

  public static final String ORG = "/contoso";
  public static final String PROJECT = "retail";
  public static final String REPO = "shop";
  public static final String PAT = "pat-7f3c9e1b2d";
  /** The agent, as connectionData names it and as its vote is kept. */
  public static final String ME = "6a8c1bf5-agent";
  /** Azure DevOps may return fewer entries than asked; this fake returns at most this many per page. */
  public static final int PAGE = 50;

  /** One iteration: its source commit; the target and merge base are the PR's. */
  record Iteration(int id, String reason, String source) {
  }

  /** The GETs whose reply a test may set. */
  public enum Reply { PULL_REQUEST, PULL_REQUESTS, WORK_ITEMS, STATUSES, ITERATIONS, CHANGES, THREADS, COMMITS }

  private final TempGitRepo repo;
  private final String target;
  private final String common;
  private final List<Iteration> iterations = new CopyOnWriteArrayList<>();
  /** The Authorization header of every request. */
  public final List<String> authorizations = new CopyOnWriteArrayList<>();
  /** Blob ids answered with a JSON error object inside a 200 stream. */
  public final Set<String> errorInStream = ConcurrentHashMap.newKeySet();
  /** Replies served as they are instead of the fake's own, by {@link Reply}: the shapes a contract test varies. */
  public final Map<Reply, JsonObject> served = new ConcurrentHashMap<>();
  /** Threads kept in memory: id → thread JSON as Azure DevOps returns it. */
  public final Map<Integer, JsonObject> threads = new ConcurrentSkipListMap<>();
  public final Map<String, Integer> votes = new ConcurrentHashMap<>();

  /**
   * @param target the target branch's commit
   * @param common the merge base of every iteration
   */
  public FakeAzureDevOps(Vertx vertx, TempGitRepo repo, String target, String common) {
    super(vertx);
    this.repo = repo;
    this.target = target;
    this.common = common;
    String pr = REPOSITORY + "/pull[rR]equests/7";
    route("GET", ORG + "/_apis/connectionData", x -> json(x, 200,
      new JsonObject().put("authenticatedUser", new JsonObject().put("id", ME).put("providerDisplayName", "Agent"))));
    route("GET", REPOSITORY + "/blobs/([^/]+)", x -> blob(x, x.group(1)));
    route("GET", REPOSITORY + "/pull[rR]equests", x -> json(x, 200, served.getOrDefault(Reply.PULL_REQUESTS,
      new JsonObject().put("value", new JsonArray().add(pullRequest())).put("count", 1))));
    route("GET", pr, x -> json(x, 200, served.getOrDefault(Reply.PULL_REQUEST, pullRequest())));
    route("GET", pr + "/iterations", x -> json(x, 200, served.getOrDefault(Reply.ITERATIONS, iterationsReply())));
    route("GET", pr + "/commits", x -> json(x, 200, served.getOrDefault(Reply.COMMITS, commitsReply())));
    route("GET", pr + "/iterations/(\\d+)/changes", this::changes);
    route("GET", pr + "/workitems", x -> json(x, 200, served.getOrDefault(Reply.WORK_ITEMS, new JsonObject()
      .put("value", new JsonArray().add(new JsonObject().put("id", "4711").put("url", orgUrl() + "/_apis/wit/workItems/4711")))
      .put("count", 1))));
    route("GET", pr + "/statuses", x -> json(x, 200, served.getOrDefault(Reply.STATUSES, new JsonObject().put("value",
      new JsonArray().add(new JsonObject().put("state", "succeeded").put("description", "Build 20261124.3 succeeded")
        .put("context", new JsonObject().put("name", "build").put("genre", "ci")))))));
    route("PUT", pr + "/reviewers/([^/]+)", x -> {
      int vote = x.json().getInteger("vote");
      votes.put(x.group(1), vote);
      json(x, 200, new JsonObject().put("id", ME).put("vote", vote));
    });
    route("GET", pr + "/threads", x -> json(x, 200, served.getOrDefault(Reply.THREADS,
      new JsonObject().put("value", new JsonArray(new ArrayList<>(threads.values()))).put("count", threads.size()))));
    route("POST", pr + "/threads", this::newThread);
    route("POST", pr + "/threads/(\\d+)/comments", x -> withThread(x, thread -> {
      JsonObject comment = x.json().copy().put("id", thread.getJsonArray("comments").size() + 1)
        .put("author", new JsonObject().put("displayName", "Agent"));
      thread.getJsonArray("comments").add(comment);
      answerWrite(x, 200, comment);
    }));
    route("PATCH", pr + "/threads/(\\d+)", x -> withThread(x, thread -> json(x, 200, thread.put("status", x.json().getString("status")))));
    route("GET", pr + "/threads/(\\d+)", x -> withThread(x, thread -> json(x, 200, thread)));
    route("*", REPOSITORY + "/pull[rR]equests/\\d+(/.*)?", x -> json(x, 404, error("TF401180: The requested pull request was not found.")));
    Await.result(listen());
  }

  private static final String REPOSITORY = ORG + "/" + PROJECT + "/_apis/git/repositories/" + REPO;

  public String orgUrl() {
    return baseUrl() + ORG;
  }

  public FakeAzureDevOps iteration(String reason, String source) {
    iterations.add(new Iteration(iterations.size() + 1, reason, source));
    return this;
  }

  /** The next request whose path contains {@code pathFragment} is throttled: 429 with Retry-After, as Azure DevOps does. */
  public void throttleOnce(String pathFragment) {
    failOnce(pathFragment, Fault.status(429, new JsonObject().put("message", "TF400733: The request has been canceled: throttled"))
      .header("Retry-After", "1").header("X-RateLimit-Resource", "ATCPU"));
  }

  /** The next request whose path contains {@code pathFragment} fails with Azure DevOps' 500. */
  public void failOnce(String pathFragment) {
    failOnce(pathFragment, Fault.status(500, new JsonObject().put("message", "TF400898: An Internal Error Occurred.")));
  }

  @Override
  protected boolean admit(Exchange x) {
    String auth = x.request().getHeader("Authorization");
    authorizations.add(String.valueOf(auth));
    if (x.param("api-version") == null) {
      json(x, 400, new JsonObject().put("message", "No api-version was supplied for the " + x.method() + " request."));
      return false;
    }
    if (!("Basic " + Base64.getEncoder().encodeToString((":" + PAT).getBytes(StandardCharsets.UTF_8))).equals(auth)) {
      // What Azure DevOps does for a bad PAT when X-TFS-FedAuthRedirect is not honoured: a sign-in page.
      respond(x.request(), 203, MultiMap.caseInsensitiveMultiMap().add("Content-Type", "text/html; charset=utf-8"),
        Buffer.buffer("<!DOCTYPE html><html><head><title>Azure DevOps Services | Sign In</title></head><body></body></html>"), 0);
      return false;
    }
    return true;
  }

  @Override
  protected void unmatched(Exchange x) {
    String path = x.request().path();
    json(x, 404, path.startsWith(REPOSITORY) ? error("not found: " + path.substring(REPOSITORY.length()))
      : error("TF200016: The following project does not exist: " + path));
  }

  @Override
  protected void broken(Exchange x, RuntimeException e) {
    json(x, 500, error(e.toString()));
  }

  private void changes(Exchange x) {
    int id = Integer.parseInt(x.group(1));
    if (id < 1 || id > iterations.size()) {
      json(x, 404, error("TF401174: The requested pull request iteration was not found."));
    } else if (served.containsKey(Reply.CHANGES)) {
      json(x, 200, served.get(Reply.CHANGES));
    } else {
      changes(x, iterations.get(id - 1));
    }
  }

  private void newThread(Exchange x) {
    JsonObject thread = x.json().copy();
    int id = threads.size() + 100;
    thread.put("id", id).put("isDeleted", false).put("publishedDate", "2026-11-24T10:00:00Z");
    JsonArray comments = thread.getJsonArray("comments", new JsonArray());
    for (int i = 0; i < comments.size(); i++) {
      comments.getJsonObject(i).put("id", i + 1).put("author", new JsonObject().put("displayName", "Agent"))
        .put("publishedDate", "2026-11-24T10:00:00Z");
    }
    threads.put(id, thread);
    answerWrite(x, 200, thread);
  }

  private void withThread(Exchange x, java.util.function.Consumer<JsonObject> then) {
    JsonObject thread = threads.get(Integer.parseInt(x.group(1)));
    if (thread == null) {
      json(x, 404, error("TF401181: The requested pull request thread was not found."));
    } else {
      then.accept(thread);
    }
  }

  public JsonObject pullRequest() {
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

  /** The pull request's commits ({@code GitCommitRef}s), newest first: each iteration's source commit. */
  public JsonObject commitsReply() {
    JsonArray value = new JsonArray();
    iterations.forEach(i -> value.add(0, new JsonObject().put("commitId", i.source()).put("comment", i.reason() + " push")
      .put("author", new JsonObject().put("name", "Jamal Hartnett").put("email", "jamal@contoso.com")
        .put("date", "2026-11-2" + i.id() + "T09:00:00Z"))));
    return new JsonObject().put("value", value).put("count", value.size());
  }

  /** The iteration list as the fake serves it. */
  public JsonObject iterationsReply() {
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
  private void changes(Exchange x, Iteration iteration) {
    String compareTo = x.param("$compareTo");
    List<JsonObject> all = changeEntries(iteration.id(), compareTo == null ? 0 : Integer.parseInt(compareTo));
    int top = Math.min(PAGE, Integer.parseInt(x.param("$top", "100")));
    int skip = Integer.parseInt(x.param("$skip", "0"));
    List<JsonObject> page = all.subList(Math.min(skip, all.size()), Math.min(all.size(), skip + top));
    JsonObject body = new JsonObject().put("changeEntries", new JsonArray(new ArrayList<>(page)));
    if (skip + page.size() < all.size()) {
      body.put("nextSkip", skip + page.size()).put("nextTop", top);
    }
    json(x, 200, body);
  }

  /** Every change entry of iteration {@code id} against the merge base ({@code compareTo} 0) or an earlier iteration. */
  public List<JsonObject> changeEntries(int id, int compareTo) {
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

  private void blob(Exchange x, String sha) {
    if (errorInStream.contains(sha)) {
      respond(x.request(), 200, MultiMap.caseInsensitiveMultiMap().add("Content-Type", "application/octet-stream"),
        Buffer.buffer(new JsonObject().put("$id", "1").put("innerException", (Object) null)
          .put("message", "TF401028: The reference or object could not be read.").put("typeName", "GitObjectNotFoundException")
          .put("typeKey", "GitObjectNotFoundException").put("errorCode", 0).encode()), 0);
      return;
    }
    blob(x, repo, sha, "application/octet-stream", missing -> json(missing, 404, error("TF401174: blob " + sha + " not found")));
  }

  private static JsonObject error(String message) {
    return new JsonObject().put("$id", "1").put("message", message).put("typeKey", "NotFoundException");
  }
}
