package dev.reviewgate.github;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.thread.Author;
import dev.reviewgate.forge.thread.CommitMessage;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

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

  /**
   * The pull request, read with GitHub's nullability; while {@code mergeable} is null and {@code waitForMergeable},
   * asks again a bounded number of times.
   */
  public Future<PullRequest> pull(RepoRef repo, int number, boolean waitForMergeable) {
    return pull(repo, number, waitForMergeable, PullRequest::from);
  }

  /** @param reading {@link PullRequest#from}, or {@link PullRequest#summarised} where the pull request is summarised */
  private Future<PullRequest> pull(RepoRef repo, int number, boolean waitForMergeable, Function<Fields, PullRequest> reading) {
    return fetch(repo, number, reading).compose(pull -> waitForMergeable
      ? pollMergeable(repo, number, pull, options.mergeablePollAttempts(), reading) : Future.succeededFuture(pull));
  }

  private Future<PullRequest> fetch(RepoRef repo, int number, Function<Fields, PullRequest> reading) {
    String subject = "pull request " + repo.pull(number);
    return client.getJson(repo.path() + "/pulls/" + number, subject).compose(json -> ForgeReplies.readLater(GitHubEndpoints.PULL,
      "reading " + subject, () -> reading.apply(Fields.of(GitHubEndpoints.PULL, json))));
  }

  private Future<PullRequest> pollMergeable(RepoRef repo, int number, PullRequest pull, int attemptsLeft,
                                            Function<Fields, PullRequest> reading) {
    if (pull.mergeable() != null || attemptsLeft <= 0 || !pull.open()) {
      return Future.succeededFuture(pull);
    }
    return GitHubClient.delay(vertx, Math.max(1, options.mergeablePollIntervalMs()))
      .compose(v -> fetch(repo, number, reading))
      .compose(next -> pollMergeable(repo, number, next, attemptsLeft - 1, reading));
  }

  /**
   * {@code github_get_pull_request}: the pull request, its reviews and checks, and what the agent should know.
   *
   * @param commits the commits' messages when asked ({@code include_commits}), else null
   */
  record Details(PullRequest pull, Summaries.Reviews reviews, Summaries.Checks checks, List<CommitMessage> commits,
                 List<String> warnings) {
  }

  /** {@code github_list_pull_requests}: the matches, and whether more may match than {@code limit}. */
  record Listing(List<Listed> pulls, boolean more, int limit) {
  }

  /** One listed pull request; with status, its reviews and checks (each null when GitHub would not list them). */
  record Listed(PullRequest pull, boolean withStatus, Summaries.Reviews reviews, Summaries.Checks checks) {
  }

  /** {@code github_get_pull_request}; {@code withCommits}: with the commits' messages. */
  public Future<Details> get(RepoRef repo, int number, boolean waitForMergeable, boolean withCommits) {
    return pull(repo, number, waitForMergeable, PullRequest::summarised).compose(pull -> {
      List<String> warnings = new ArrayList<>(pull.unknowns());
      Future<Summaries.Reviews> reviews = reviews(repo, number, warnings);
      Future<Summaries.Checks> checks = checks(repo, pull.headSha(), warnings);
      Future<List<CommitMessage>> commits = withCommits ? commits(repo, number, pull.author(), warnings) : Future.succeededFuture();
      return Future.all(reviews, checks, commits).map(all -> {
        if (pull.mergeable() == null && pull.open()) {
          warnings.add("mergeable is UNKNOWN: GitHub is still computing it. Ask again in a few seconds, or pass "
            + "wait_for_mergeable: true to let this tool poll.");
        }
        long ghosts = reviews.result() == null ? 0 : reviews.result().unknownAuthors();
        if (ghosts > 0) {
          warnings.add(ghosts + " review(s) have no known author (login: null): GitHub sent no user, as it does for a deleted "
            + "account; each counts on its own");
        }
        return new Details(pull, reviews.result(), checks.result(), commits.result(), List.copyOf(warnings));
      });
    });
  }

  /**
   * {@code github_list_pull_requests}.
   *
   * @param state open, closed, merged or all
   * @param head a branch name, or {@code user:branch}
   */
  public Future<Listing> list(RepoRef repo, String state, String author, String base, String head, int limit, boolean withStatus) {
    StringBuilder path = new StringBuilder(repo.path()).append("/pulls?state=")
      .append("merged".equals(state) ? "closed" : state)
      .append("&sort=created&direction=desc&per_page=").append(PAGE);
    if (base != null) {
      path.append("&base=").append(encode(base));
    }
    if (head != null) {
      path.append("&head=").append(encode(head.contains(":") ? head : repo.owner() + ":" + head));
    }
    List<PullRequest> matched = new ArrayList<>();
    return listPages(path.toString(), state, author, limit, options.maxListPages(), matched, repo).compose(more -> {
      List<Future<Listed>> listed = new ArrayList<>();
      for (PullRequest pull : matched) {
        listed.add(withStatus ? withStatus(repo, pull) : Future.succeededFuture(new Listed(pull, false, null, null)));
      }
      return Future.all(listed).map(all -> new Listing(all.<Listed>list(), more, limit));
    });
  }

  /** Follows {@code link} pagination, keeping only matches, until {@code limit}; completes with whether more may exist. */
  private Future<Boolean> listPages(String url, String state, String author, int limit, int pagesLeft, List<PullRequest> matched, RepoRef repo) {
    return client.get(url, GitHubClient.JSON).compose(response -> {
      String subject = "pull requests of " + repo;
      JsonArray json = response.requireOk(subject).jsonArray();
      List<PullRequest> page = ForgeReplies.read(GitHubEndpoints.PULLS, "listing " + subject,
        () -> Fields.ofArray(GitHubEndpoints.PULLS, json).stream().map(PullRequest::summarised).toList());
      for (PullRequest pull : page) {
        if (keep(pull, state, author)) {
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

  private static boolean keep(PullRequest pull, String state, String author) {
    if ("merged".equals(state) && pull.mergedAt() == null) {
      return false;
    }
    return author == null || author.equalsIgnoreCase(pull.author().login());
  }

  private Future<Listed> withStatus(RepoRef repo, PullRequest pull) {
    List<String> ignored = new ArrayList<>();
    Future<Summaries.Reviews> reviews = reviews(repo, pull.number(), ignored);
    Future<Summaries.Checks> checks = checks(repo, pull.headSha(), ignored);
    return Future.all(reviews, checks).map(all -> new Listed(pull, true, reviews.result(), checks.result()));
  }

  /** Reviews summary, or null with a warning when GitHub would not list them (the rest of the answer still helps). */
  private Future<Summaries.Reviews> reviews(RepoRef repo, int number, List<String> warnings) {
    String subject = "reviews of " + repo.pull(number);
    return client.getPages(repo.path() + "/pulls/" + number + "/reviews?per_page=" + PAGE, GitHubEndpoints.REVIEWS, null,
        PAGE * options.maxListPages(), options.maxListPages(), subject)
      .compose(list -> ForgeReplies.readLater(GitHubEndpoints.REVIEWS, "the summary of " + subject, () -> Summaries.reviews(list)))
      .recover(failure -> degraded(failure, warnings, "reviews"));
  }

  /**
   * The commits' messages ({@code GET /pulls/{n}/commits}, at most 250 as GitHub lists them). GitHub gives a commit no
   * association, so a message is trusted only when its GitHub author is the pull request's author and GitHub trusts them;
   * a commit GitHub links to no account is named by its git name and email, untrusted.
   */
  private Future<List<CommitMessage>> commits(RepoRef repo, int number, Author opener, List<String> warnings) {
    String subject = "commits of " + repo.pull(number);
    return client.getPages(repo.path() + "/pulls/" + number + "/commits?per_page=" + PAGE, GitHubEndpoints.PULL_COMMITS, null,
        PAGE * options.maxListPages(), options.maxListPages(), subject)
      .map(list -> ForgeReplies.read(GitHubEndpoints.PULL_COMMITS, subject, () -> list.stream().map(c -> commit(c, opener)).toList()))
      .recover(failure -> degraded(failure, warnings, "commits"));
  }

  private static CommitMessage commit(Fields entry, Author opener) {
    Fields commit = entry.object("commit");
    Fields user = entry.optObject("author");
    String login = user == null ? null : user.optString("login");
    Fields git = commit.optObject("author");
    Author author = login != null ? new Author(login, opener.trusted() && login.equalsIgnoreCase(opener.login()))
      : Author.untrusted(git == null ? null : CommitMessage.gitName(git.optString("name"), git.optString("email")));
    return new CommitMessage(entry.string("sha"), commit.optString("message"), author);
  }

  private Future<Summaries.Checks> checks(RepoRef repo, String sha, List<String> warnings) {
    Future<List<Fields>> runs = client.getPages(repo.path() + "/commits/" + sha + "/check-runs?per_page=" + PAGE,
      GitHubEndpoints.CHECK_RUNS, "check_runs", PAGE * options.maxListPages(), options.maxListPages(), "check runs of " + sha);
    String statusSubject = "commit status of " + sha;
    Future<List<Fields>> statuses = client.getJson(repo.path() + "/commits/" + sha + "/status", statusSubject)
      .compose(json -> ForgeReplies.readLater(GitHubEndpoints.COMBINED_STATUS, statusSubject,
        () -> GitHubClient.requiredObjects(Fields.of(GitHubEndpoints.COMBINED_STATUS, json), "statuses")));
    return Future.all(runs, statuses).compose(all -> ForgeReplies.readLater(GitHubEndpoints.CHECK_RUNS, "the checks of " + sha,
        () -> Summaries.checks(runs.result(), statuses.result())))
      .recover(failure -> degraded(failure, warnings, "checks"));
  }

  private static <T> Future<T> degraded(Throwable failure, List<String> warnings, String what) {
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
