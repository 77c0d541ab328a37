package dev.reviewgate.github;

import dev.reviewgate.core.ToolException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The read tools: one pull request in detail, and filtered lists of compact summaries. */
public final class PullRequestReader {

  private static final int PAGE = 100;

  private final Vertx vertx;
  private final GitHubClient client;
  private final GitHubOptions options;

  public PullRequestReader(Vertx vertx, GitHubClient client) {
    this.vertx = vertx;
    this.client = client;
    this.options = client.options();
  }

  /** The pull request's JSON; while {@code mergeable} is null and {@code waitForMergeable}, asks again a bounded number of times. */
  public Future<JsonObject> pullJson(RepoRef repo, int number, boolean waitForMergeable) {
    return client.getJson(repo.path() + "/pulls/" + number, "pull request " + repo.pull(number))
      .compose(pull -> waitForMergeable ? pollMergeable(repo, number, pull, options.mergeablePollAttempts()) : Future.succeededFuture(pull));
  }

  private Future<JsonObject> pollMergeable(RepoRef repo, int number, JsonObject pull, int attemptsLeft) {
    if (pull.getValue("mergeable") != null || attemptsLeft <= 0 || !"open".equals(pull.getString("state"))) {
      return Future.succeededFuture(pull);
    }
    return GitHubClient.delay(vertx, Math.max(1, options.mergeablePollIntervalMs()))
      .compose(v -> client.getJson(repo.path() + "/pulls/" + number, "pull request " + repo.pull(number)))
      .compose(next -> pollMergeable(repo, number, next, attemptsLeft - 1));
  }

  /** {@code github_get_pull_request}. */
  public Future<JsonObject> get(RepoRef repo, int number, boolean waitForMergeable) {
    return pullJson(repo, number, waitForMergeable).compose(pull -> {
      String sha = pull.getJsonObject("head", new JsonObject()).getString("sha");
      JsonArray warnings = new JsonArray();
      Future<JsonObject> reviews = reviews(repo, number, warnings);
      Future<JsonObject> checks = checks(repo, sha, warnings);
      return Future.all(reviews, checks).map(all -> {
        JsonObject result = summary(pull);
        result.put("body", pull.getString("body"))
          .put("mergeable_state", pull.getString("mergeable_state"))
          .put("additions", pull.getInteger("additions"))
          .put("deletions", pull.getInteger("deletions"))
          .put("changed_files", pull.getInteger("changed_files"))
          .put("commits", pull.getInteger("commits"))
          .put("merged_at", pull.getString("merged_at"))
          .put("closed_at", pull.getString("closed_at"))
          .put("base_sha", pull.getJsonObject("base", new JsonObject()).getString("sha"))
          .put("reviews", reviews.result())
          .put("checks", checks.result())
          .put("linkedIssues", Summaries.linkedIssues(pull.getString("body")))
          .put("reviewRequests", Summaries.reviewRequests(pull));
        String mergeable = Summaries.mergeable(pull.getValue("mergeable"));
        result.put("mergeable", mergeable);
        if ("UNKNOWN".equals(mergeable) && "open".equals(pull.getString("state"))) {
          warnings.add("mergeable is UNKNOWN: GitHub is still computing it. Ask again in a few seconds, or pass "
            + "wait_for_mergeable: true to let this tool poll.");
        }
        return result.put("warnings", warnings);
      });
    });
  }

  /**
   * {@code github_list_pull_requests}.
   *
   * @param state open, closed, merged or all
   * @param head a branch name, or {@code user:branch}
   */
  public Future<JsonObject> list(RepoRef repo, String state, String author, String base, String head, int limit, boolean withStatus) {
    StringBuilder path = new StringBuilder(repo.path()).append("/pulls?state=")
      .append("merged".equals(state) ? "closed" : state)
      .append("&sort=created&direction=desc&per_page=").append(PAGE);
    if (base != null) {
      path.append("&base=").append(encode(base));
    }
    if (head != null) {
      path.append("&head=").append(encode(head.contains(":") ? head : repo.owner() + ":" + head));
    }
    List<JsonObject> matched = new ArrayList<>();
    return listPages(path.toString(), state, author, limit, options.maxListPages(), matched, repo).compose(more -> {
      List<Future<JsonObject>> summaries = new ArrayList<>();
      for (JsonObject pull : matched) {
        summaries.add(withStatus ? compact(repo, pull) : Future.succeededFuture(summary(pull)));
      }
      return Future.all(summaries).map(all -> {
        JsonArray pulls = new JsonArray();
        summaries.forEach(f -> pulls.add(f.result()));
        JsonArray warnings = new JsonArray();
        if (more) {
          warnings.add("more pull requests match than limit " + limit + " (or the page bound github.maxListPages was reached); "
            + "narrow with base, head or author, or raise limit");
        }
        return new JsonObject().put("count", pulls.size()).put("pullRequests", pulls).put("warnings", warnings);
      });
    });
  }

  /** Follows {@code link} pagination, keeping only matches, until {@code limit}; completes with whether more may exist. */
  private Future<Boolean> listPages(String url, String state, String author, int limit, int pagesLeft, List<JsonObject> matched, RepoRef repo) {
    return client.get(url, GitHubClient.JSON).compose(response -> {
      JsonArray page = response.requireOk("pull requests of " + repo).jsonArray();
      for (int i = 0; i < page.size(); i++) {
        if (page.getValue(i) instanceof JsonObject pull && keep(pull, state, author)) {
          if (matched.size() >= limit) {
            return Future.succeededFuture(true);
          }
          matched.add(pull);
        }
      }
      String next = GitHubClient.nextLink(response.headers().get("link"));
      if (next == null) {
        return Future.succeededFuture(false);
      }
      if (pagesLeft <= 1 || matched.size() >= limit) {
        return Future.succeededFuture(true);
      }
      return listPages(next, state, author, limit, pagesLeft - 1, matched, repo);
    });
  }

  private static boolean keep(JsonObject pull, String state, String author) {
    if ("merged".equals(state) && pull.getString("merged_at") == null) {
      return false;
    }
    JsonObject user = pull.getJsonObject("user");
    return author == null || user != null && author.equalsIgnoreCase(user.getString("login"));
  }

  private Future<JsonObject> compact(RepoRef repo, JsonObject pull) {
    JsonArray ignored = new JsonArray();
    Future<JsonObject> reviews = reviews(repo, pull.getInteger("number"), ignored);
    Future<JsonObject> checks = checks(repo, pull.getJsonObject("head", new JsonObject()).getString("sha"), ignored);
    return Future.all(reviews, checks).map(all -> {
      JsonObject r = reviews.result() == null ? null : reviews.result().copy();
      if (r != null) {
        r.remove("details");
      }
      return summary(pull).put("checks", checks.result()).put("reviews", r);
    });
  }

  /** The fields every summary has. {@code state} is open, closed or merged (GitHub says closed for merged ones). */
  private static JsonObject summary(JsonObject pull) {
    JsonObject head = pull.getJsonObject("head", new JsonObject());
    JsonObject base = pull.getJsonObject("base", new JsonObject());
    JsonObject user = pull.getJsonObject("user");
    String state = pull.getString("merged_at") != null ? "merged" : pull.getString("state");
    return new JsonObject()
      .put("number", pull.getInteger("number"))
      .put("title", pull.getString("title"))
      .put("url", pull.getString("html_url"))
      .put("state", state)
      .put("draft", pull.getBoolean("draft", false))
      .put("author", user == null ? null : user.getString("login"))
      .put("head_branch", head.getString("ref"))
      .put("head_sha", head.getString("sha"))
      .put("base_branch", base.getString("ref"))
      .put("created_at", pull.getString("created_at"))
      .put("updated_at", pull.getString("updated_at"));
  }

  /** Reviews summary, or null with a warning when GitHub would not list them (the rest of the answer still helps). */
  private Future<JsonObject> reviews(RepoRef repo, int number, JsonArray warnings) {
    return client.getPages(repo.path() + "/pulls/" + number + "/reviews?per_page=" + PAGE, null, PAGE * options.maxListPages(),
        options.maxListPages(), "reviews of " + repo.pull(number))
      .map(Summaries::reviews)
      .recover(failure -> degraded(failure, warnings, "reviews"));
  }

  private Future<JsonObject> checks(RepoRef repo, String sha, JsonArray warnings) {
    if (sha == null) {
      return Future.succeededFuture(null);
    }
    Future<List<JsonObject>> runs = client.getPages(repo.path() + "/commits/" + sha + "/check-runs?per_page=" + PAGE, "check_runs",
      PAGE * options.maxListPages(), options.maxListPages(), "check runs of " + sha);
    Future<JsonObject> status = client.getJson(repo.path() + "/commits/" + sha + "/status", "commit status of " + sha);
    return Future.all(runs, status).map(all -> Summaries.checks(runs.result(), status.result()))
      .recover(failure -> degraded(failure, warnings, "checks"));
  }

  private static Future<JsonObject> degraded(Throwable failure, JsonArray warnings, String what) {
    if (failure instanceof ToolException e && e.code() != 429) {
      warnings.add(what + " unavailable: " + e.getMessage());
      return Future.succeededFuture(null);
    }
    return Future.failedFuture(failure);
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
